/**
 * What exists in a docs source under Mintlify's rules, for the crawler's verdict on a
 * broken reference: the pages (every .mdx/.md outside snippets/ that `.mintignore` and its
 * defaults keep, `x/index` also as `x`),
 * the files Mintlify serves at their path, the API pages it generates, the redirects of
 * docs.json (with `:param`, `:slug*` and partial wildcards, chains followed) and the anchor ids of each page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readMintIgnore } from '../../src/render/source/mint-ignore.js';
import { join, posix } from 'node:path';
import { sourceAnchors } from './source-anchors.js';

export interface SourceSite {
  /** Whether `page` (a URL path without leading slash or extension) is a page Mintlify serves. */
  hasPage(page: string): boolean;
  /** Whether `path` is a file of the source (Mintlify serves it at that path). */
  hasFile(path: string): boolean;
  /**
   * Where the redirects of docs.json send `path` in the end (chains followed), when one
   * catches it: `{to, lands}`, `lands` false when that is no page or file of the source
   * (nor another host), so the link is dead under Mintlify too.
   */
  redirected(path: string): { to: string; lands: boolean } | undefined;
  /**
   * For a page generated from OpenAPI: whether Mintlify could give it the field anchor
   * `fragment` (`body-`/`response-`/`param-`/... and a path of the operation's field
   * names, `one-of-N`/`any-of-N` between, `-N` on repeats); undefined for other pages.
   */
  apiAnchor(page: string, fragment: string): boolean | undefined;
  /** Anchor ids of the page under Mintlify; undefined for a page with no source text (generated). */
  anchors(page: string): Set<string> | undefined;
}

type Json = Record<string, unknown>;

const SKIP = new Set(['.git', 'node_modules', '.github', '.vscode', '.mintlify']);

/** Every file under `dir`, relative, with `/` separators. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      if (SKIP.has(e.name)) continue;
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) visit(path);
      else if (e.isFile()) out.push(path);
    }
  };
  visit('');
  return out;
}

/**
 * The files of the source Mintlify publishes: its `.mintignore` over Mintlify's defaults
 * left out (the export's own reading of it), as organize/mintignore.mdx says: a link into one
 * is broken on Mintlify too.
 */
async function publishedFiles(root: string): Promise<string[]> {
  const ignored = await readMintIgnore(root);
  return listFiles(root).filter((f) => !ignored(f, false));
}

interface Rule {
  re: RegExp;
  names: string[];
  destination: string;
}

/**
 * A redirect rule as a regular expression over a path without its outer slashes: `:name*`
 * (a whole segment) any rest, none included; `:name+` at least one segment; `:name` one
 * segment; `*` alone any rest; `*` or `:name` inside a segment (`/articles/concepts-*`,
 * `/docs-:slug`, create/redirects.mdx "Partial wildcard redirects") the rest of the text.
 */
function compileRule(source: string, destination: string): Rule {
  const names: string[] = [];
  let body = '';
  for (const seg of source.replace(/^\/+|\/+$/g, '').split('/')) {
    const whole = /^:(\w+)([*+]?)$/.exec(seg);
    if (whole) names.push(whole[1]);
    if (whole?.[2] === '*' || seg === '*') {
      if (seg === '*') names.push('*');
      body += '(?:/(.*))?';
    } else if (whole?.[2] === '+') body += '/(.+)';
    else if (whole) body += '/([^/]+)';
    else {
      body += '/' + seg.split(/(:\w+\*?|\*)/).map((part, i) => {
        if (i % 2 === 0) return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
        names.push(part === '*' ? '*' : part.slice(1).replace(/\*$/, ''));
        return '(.*)';
      }).join('');
    }
  }
  // Paths are matched without their leading slash: drop the first segment's.
  const rest = body.startsWith('(?:/(.*))?') ? `(.*)${body.slice('(?:/(.*))?'.length)}` : body.slice(1);
  return { re: new RegExp(`^${rest}$`), names, destination };
}

/** Where a rule sends `path` (no outer slashes), or undefined when it does not match. */
function applyRule(rule: Rule, path: string): string | undefined {
  const m = rule.re.exec(path);
  if (!m) return undefined;
  const values = new Map(rule.names.map((n, i) => [n, m[i + 1] ?? '']));
  return rule.destination.replace(/:(\w+)[*+]?|\*/g, (tok: string, name?: string) => values.get(name ?? '*') ?? tok).replace(/\/+$/, '');
}

const FIELD_PREFIX = /^(?:body|response|param|query|path|header|cookie)-(.+)$/;

/**
 * Whether `fragment` reads as a field anchor made of `fields`: a prefix, then field names
 * (each its kebab words) and `one-of-N`/`any-of-N`/`all-of-N` in any order, `-N` after on
 * a repeat. Generous (a nesting the spec does not have passes), so only an id no field
 * could make is judged dead in the source.
 */
function fieldPath(fragment: string, fields: string[]): boolean {
  const rest = FIELD_PREFIX.exec(fragment)?.[1];
  if (!rest) return false;
  return splitsInto(rest, fields) || (/-\d+$/.test(rest) && splitsInto(rest.replace(/-\d+$/, ''), fields));
}

function splitsInto(rest: string, fields: string[]): boolean {
  const words = rest.split('-');
  const tokens = [...fields.map((f) => f.split('-')), ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [['one', 'of', String(n)], ['any', 'of', String(n)], ['all', 'of', String(n)]])];
  // fits[i]: words from i on split into tokens
  const fits = new Array<boolean>(words.length + 1).fill(false);
  fits[words.length] = true;
  for (let i = words.length - 1; i >= 0; i--) fits[i] = tokens.some((t) => t.every((w, k) => words[i + k] === w) && fits[i + t.length]);
  return fits[0];
}

/** Redirect hops followed before giving up on a chain (a cycle, or one this long, is a mistake). */
const MAX_HOPS = 10;

export async function readSourceSite(root: string, config: Record<string, unknown>, generated: string[], apiFields: ReadonlyMap<string, string[]> = new Map()): Promise<SourceSite> {
  const files = new Set(await publishedFiles(root));
  const pageFiles = new Map<string, string>();
  for (const f of files) {
    if (!/\.mdx?$/.test(f) || f.startsWith('snippets/')) continue;
    const page = f.replace(/\.mdx?$/, '');
    pageFiles.set(page, f);
    if (page === 'index') pageFiles.set('', f);
    else if (page.endsWith('/index')) pageFiles.set(page.slice(0, -'/index'.length), f);
  }
  const generatedSet = new Set(generated);
  const rules = (Array.isArray(config.redirects) ? config.redirects : [])
    .filter((r): r is { source: string; destination: string } => !!r && typeof r === 'object' && typeof (r as Json).source === 'string' && typeof (r as Json).destination === 'string')
    .map((r) => compileRule(r.source, r.destination));
  const hasPage = (page: string) => pageFiles.has(page) || generatedSet.has(page);
  const redirect = (path: string) => {
    for (const rule of rules) {
      const to = applyRule(rule, path);
      if (to !== undefined) return to;
    }
    return undefined;
  };
  const anchorCache = new Map<string, Set<string> | undefined>();
  const readSnippet = (from: string) => (spec: string) => {
    const rel = spec.startsWith('/') ? spec.slice(1) : posix.join(posix.dirname(from), spec);
    const key = posix.normalize(rel);
    if (!files.has(key)) return undefined;
    return { key, text: readFileSync(join(root, key), 'utf8') };
  };
  return {
    hasPage,
    apiAnchor(page, fragment) {
      const fields = apiFields.get(page);
      return fields ? fieldPath(fragment, fields) : undefined;
    },
    hasFile: (path) => files.has(path),
    redirected(path) {
      let to = redirect(path.replace(/^\/+|\/+$/g, ''));
      if (to === undefined) return undefined;
      for (let hop = 1; hop < MAX_HOPS; hop++) {
        if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(to)) return { to, lands: true };
        const bare = to.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');
        if (hasPage(bare) || files.has(bare)) return { to, lands: true };
        const next = redirect(bare);
        if (next === undefined) break;
        to = next;
      }
      return { to, lands: false };
    },
    anchors(page) {
      if (!anchorCache.has(page)) {
        const file = pageFiles.get(page);
        anchorCache.set(page, file ? sourceAnchors(readFileSync(join(root, file), 'utf8'), readSnippet(file)) : undefined);
      }
      return anchorCache.get(page);
    },
  };
}
