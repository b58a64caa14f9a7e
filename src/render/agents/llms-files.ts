/**
 * The files a site serves to agents, written with the site-wide files at the end of an
 * export: `llms.txt` and `llms-full.txt` per language (also under `/.well-known/` for
 * the default one), and `agents.json` for `quire host`'s MCP endpoint. A repository's
 * own `llms.txt` or `llms-full.txt` (at the root, or under a language's folder) is copied
 * instead of the generated file of that name, as Mintlify does. OpenAPI and AsyncAPI
 * documents of the repository that llms.txt names are copied into the site too.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteModel } from '../layout/site-model.js';
import { collectSpecSources } from '../openapi/nav-refs.js';
import type { MadeContent, OutputContent } from '../output/write-files.js';
import { isMissing } from '../../core/missing-file.js';
import { agentInstructions, pageMarkdownFile } from './markdown-file.js';
import { isExternal } from '../markdown/links.js';
import { agentsIndex, AGENTS_INDEX } from './agents-index.js';
import { llmsScopes, type LlmsScope } from './llms-scopes.js';
import { llmsTxt, type LlmsTxtInput } from './llms-txt.js';
import { entryBody, entryChunks, entrySource, linkTo, type LlmsFullEntries } from './llms-entries.js';

/** The file names llms.txt links and copies as an API description (JSON or YAML). */
const SPEC_FILE = /\.(json|ya?ml)$/i;

function specLinks(model: SiteModel, files: ReadonlySet<string>, from: string, refs: string[], copies: Map<string, OutputContent>, root: string) {
  return refs.flatMap((ref) => {
    const name = ref.replace(/^.*\//, '').replace(SPEC_FILE, '');
    if (isExternal(ref)) return /^https?:/i.test(ref) ? [{ name, url: ref }] : [];
    const path = ref.replace(/^\/+/, '');
    // Only a document by its name: a spec saved as `.html` or `.svg` would be served as one and could run script.
    if (!SPEC_FILE.test(path) || !files.has(path)) return [];
    copies.set(path, { copyFrom: join(root, path) });
    return [{ name, url: linkTo(model, from, path) }];
  });
}

/**
 * A page's Markdown file as this export made it: its text, or, for a page whose text is a
 * function of its page-cache key (the page's and the site's config, both in that key), the key
 * and a way to make the text. A warm export then makes the text only of the pages whose `.md`
 * file or llms-full.txt is written again, not of the whole site's pages for llmsFullKey.
 */
export type MadeMarkdown = string | { key: string; text: () => string };

/** A page's Markdown file: as this export made it, else as an earlier one left it in the output folder. */
async function readMarkdown(outDir: string, page: string, made: ReadonlyMap<string, MadeMarkdown>): Promise<string | undefined> {
  const known = made.get(page);
  if (known !== undefined) return typeof known === 'string' ? known : known.text();
  try {
    return await readFile(join(outDir, pageMarkdownFile(page)), 'utf8');
  } catch (err) {
    if (isMissing(err)) return undefined; // not exported this time (`paths`)
    throw err;
  }
}

/**
 * What llms-full.txt `file` of `scope` is made from, when this export made every page's
 * Markdown file (so none is read back): the file is then made only when the output folder
 * does not already hold it (output/write-files.ts MadeContent), and a warm export after an
 * edit makes only those of the edited page's language. Undefined otherwise.
 */
function llmsFullKey(model: SiteModel, scope: LlmsScope, file: string, instructions: string, made: ReadonlyMap<string, MadeMarkdown>): string | undefined {
  if (!scope.entries.every((e) => made.has(e.page))) return undefined;
  // The source links are worked out from these (llmsFull below).
  const h = createHash('sha256').update(`llms-full 2\u0000${file}\u0000${model.baseUrl ?? ''}\u0000${instructions}\u0000`);
  for (const e of scope.entries) {
    const md = made.get(e.page)!;
    h.update(e.page).update('\u0000');
    // A text, or the key it is made from (MadeMarkdown), told apart by their first character.
    if (typeof md === 'string') h.update('t').update(md);
    else h.update('k').update(md.key);
    h.update('\u0001');
  }
  return h.digest('hex');
}

/**
 * llms-full.txt: every page's Markdown file, its source URL under its title, as UTF-8; the
 * entries made ahead (`entries`, llms-entries.ts) are only copied. As the file's chunks, in
 * order: megabytes joined into one buffer would cost more than writing them (MadeContent).
 */
async function llmsFull(model: SiteModel, scope: LlmsScope, file: string, outDir: string, instructions: string, made: ReadonlyMap<string, MadeMarkdown>, entries?: LlmsFullEntries): Promise<Uint8Array[]> {
  const parts: Uint8Array[][] = instructions ? [[Buffer.from(instructions)]] : [];
  for (const e of scope.entries) {
    const md = await readMarkdown(outDir, e.page, made);
    if (md === undefined) continue;
    const source = entrySource(model, file, e.page);
    parts.push(entries?.get(e.page, md, source) ?? entryChunks(md, source, entryBody(md)));
  }
  const between = Buffer.from('\n\n');
  return [...parts.flatMap((p, i) => (i === 0 ? p : [between, ...p])), Buffer.from('\n')];
}

/**
 * `apiDocuments`: the OpenAPI documents the site's API pages come from (frontmatter `openapi:` ones included).
 * `markdown`: the Markdown files this export made, by page (read back from the output folder otherwise:
 * two thousand reads for the two llms-full.txt of a 1000-page site), as texts or keys (MadeMarkdown).
 * `entries`: llms-full.txt entries made as the pages came (llms-entries.ts).
 */
export async function agentFiles(model: SiteModel, root: string, sourceFiles: ReadonlySet<string>, outDir: string, apiDocuments: string[] = [], markdown: ReadonlyMap<string, MadeMarkdown> = new Map(), entries?: LlmsFullEntries): Promise<Map<string, OutputContent>> {
  const out = new Map<string, OutputContent>();
  const config = model.config;
  const description = typeof config.raw.description === 'string' ? config.raw.description : undefined;
  const instructions = agentInstructions(config);
  const openapi = [...new Set([...collectSpecSources(config, 'openapi'), ...apiDocuments])];
  const asyncapi = collectSpecSources(config, 'asyncapi');
  for (const scope of llmsScopes(model.navigation, model.pages)) {
    // With a base URL every source link is absolute: the /.well-known/ copy is the same file, made
    // (and hashed for the output manifest) once; as bytes, encoded once for both.
    let full: Promise<Uint8Array[]> | undefined;
    const makeFull = (file: string) => llmsFull(model, scope, file, outDir, instructions, markdown, entries);
    // The default language's files are also under /.well-known/, with their links from there.
    for (const dir of scope.dir ? [scope.dir] : ['', '.well-known']) {
      const at = (name: string) => (dir ? `${dir}/${name}` : name);
      const own = (name: string) => (scope.dir ? `${scope.dir}/${name}` : name);
      const file = at('llms.txt');
      const input: LlmsTxtInput = {
        name: config.name,
        description,
        instructions,
        lines: scope.entries.map((e) => ({ section: e.section, title: model.pages[e.page].title, url: linkTo(model, file, pageMarkdownFile(e.page)), description: model.pages[e.page].description })),
        openapi: specLinks(model, sourceFiles, file, openapi, out, root),
        asyncapi: specLinks(model, sourceFiles, file, asyncapi, out, root),
        links: scope.links,
      };
      const makeFile = () => (model.baseUrl ? (full ??= makeFull(at('llms-full.txt'))) : makeFull(at('llms-full.txt')));
      const fullKey = llmsFullKey(model, scope, at('llms-full.txt'), instructions, markdown);
      const generated: Record<string, () => Promise<OutputContent> | OutputContent> = {
        'llms.txt': () => llmsTxt(input),
        // Without a key the bytes are hashed for the output manifest: one buffer (a partial export's, `paths`).
        'llms-full.txt': async () => (fullKey ? ({ key: fullKey, make: makeFile } satisfies MadeContent) : Buffer.concat(await makeFile())),
      };
      for (const [name, make] of Object.entries(generated)) {
        out.set(at(name), sourceFiles.has(own(name)) ? { copyFrom: join(root, own(name)) } : await make());
      }
    }
  }
  out.set(AGENTS_INDEX, JSON.stringify(agentsIndex(config.name, description, model.navigation, model.pages)));
  return out;
}
