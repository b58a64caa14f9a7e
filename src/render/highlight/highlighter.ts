/**
 * The one shiki highlighter of the process: GitHub light and dark themes, the
 * JavaScript regex engine, grammars from a fixed list loaded once, on first use. (Shiki's
 * WASM Oniguruma engine highlights real sites' code with ~40% less CPU, but a whole export
 * of Mintlify's docs gained ~0.6 s for 60-90 MB more peak RSS, its WASM heap never given
 * back: docs/benchmarks.mdx, the `engine` branch.) The engine translates a grammar's
 * Oniguruma patterns into JavaScript RegExps as rules are first used, in each render
 * thread; here the translations come from tables made at build time, one per grammar, read
 * as the grammar loads (regex-translations.ts, handed to the engine of search-scanner.ts:
 * Shiki's JavaScript engine with each pattern's last search shared between scanners): a
 * render thread's first highlight of Mintlify's docs' 1,629 blocks takes ~0.3-0.5 s less
 * CPU (docs/benchmarks.mdx). @shikijs/langs-precompiled is no way around it: its 4.4.3
 * grammars are older than shiki 4.6's and it turns back-references in `end` patterns into
 * `(?!)` (a Markdown fence never closes).
 */
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { bundledLanguagesInfo } from 'shiki/langs';
import { BUILT_TABLES, makeRegExp, RegexTranslations } from './regex-translations.js';
import { createSearchEngine } from './search-scanner.js';

export const LIGHT_THEME = 'github-light';
export const DARK_THEME = 'github-dark';

/** Grammars a page may use; anything else renders as plain escaped text. */
export const SUPPORTED_LANGUAGES = [
  'shellscript', 'powershell', 'bat', 'typescript', 'javascript', 'tsx', 'jsx', 'json', 'jsonc', 'json5', 'yaml', 'toml', 'ini',
  'python', 'go', 'rust', 'java', 'kotlin', 'swift', 'ruby', 'php', 'csharp', 'c', 'cpp', 'dart', 'elixir', 'lua', 'r', 'scala',
  'sql', 'graphql', 'html', 'css', 'scss', 'xml', 'markdown', 'mdx', 'diff', 'docker', 'http', 'nginx', 'make', 'hcl', 'terraform',
  'proto', 'vue', 'svelte', 'objective-c', 'perl', 'haskell', 'clojure', 'erlang', 'zig', 'solidity', 'prisma', 'regexp', 'latex',
];

const byAlias = new Map<string, (typeof bundledLanguagesInfo)[number]>();
for (const info of bundledLanguagesInfo) {
  if (!SUPPORTED_LANGUAGES.includes(info.id)) continue;
  byAlias.set(info.id, info);
  for (const a of info.aliases ?? []) byAlias.set(a, info);
}

/** Grammars loaded only as a part of another (Markdown's inline HTML), never for a fence of their own. */
export const EMBEDDED_ONLY = ['html-derivative'];
const embeddedOnly = new Map(bundledLanguagesInfo.filter((info) => EMBEDDED_ONLY.includes(info.id)).map((info) => [info.id, info]));

/** The grammar id for a fence language (`ts` -> `typescript`), or null when not supported. */
export function languageId(lang: string | null | undefined): string | null {
  if (!lang) return null;
  return byAlias.get(lang.toLowerCase())?.id ?? null;
}

/** The build's pattern translations, read with each grammar (regex-translations.ts). */
export const regexTranslations = new RegexTranslations(BUILT_TABLES);

let highlighter: Promise<HighlighterCore> | null = null;
/** Grammar ids whose grammars the highlighter has. */
const loadedIds = new Set<string>();

export function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
    langs: [],
    // A pattern with no translation is skipped, not the whole grammar (Shiki's `forgiving`).
    engine: createSearchEngine(regexTranslations.translate, makeRegExp),
  });
  return highlighter;
}

/**
 * Grammars that embed languages by a fence's name (Markdown's and MDX's fenced blocks: 57
 * and 42 languages lazily), with the languages they embed whatever the block holds
 * (front matter, MDX's JSX and ESM, Markdown's inline HTML; test/render/highlight checks
 * this list against the grammars). A block of theirs is highlighted with the languages its
 * own inner fences name loaded (blockLanguages), not with all 57: loading those cost a
 * render thread ~1.3 s of CPU and ~50 MB on Mintlify's docs, for the ~20 its pages use.
 */
export const FENCE_EMBEDDERS: Record<string, string[]> = { markdown: ['yaml', 'html-derivative'], mdx: ['tsx', 'toml', 'yaml'] };

const INNER_FENCE = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm;

/**
 * The languages highlighting `code` as `lang` needs loaded: `lang`, and for Markdown and
 * MDX the names of the fences inside the block (any line that opens one: naming one too
 * many loads a grammar for nothing, one too few would make the block depend on what the
 * thread loaded before).
 */
export function blockLanguages(lang: string, code: string): string[] {
  const id = languageId(lang);
  if (!id || !(id in FENCE_EMBEDDERS) || !(code.includes('```') || code.includes('~~~'))) return [lang];
  return [lang, ...[...code.matchAll(INNER_FENCE)].map((m) => m[1])];
}

/**
 * Loads the grammars of `langs` (fence names or ids) that are not loaded yet, with the
 * supported languages each embeds lazily (`embeddedLangsLazy`; for Markdown and MDX only
 * those of FENCE_EMBEDDERS: a block's inner fences are named in `langs` by
 * blockLanguages). Shiki highlights an embedded language only if its grammar happens to
 * be loaded; loading them with the grammar that embeds them makes a block come out the
 * same whatever pages rendered before it in the thread (a warm re-export renders one page
 * in a fresh thread).
 *
 * Each grammar loads after the ones of the same call it embeds lazily: Shiki reloads a
 * loaded grammar that lazily embeds a language loaded after it, and a reload drops the
 * grammar's compiled rules. Loaded one by one (mdx first, then the 20 languages it
 * embeds), markdown and mdx were rebuilt once per language: on Mintlify's docs ~1 s of a
 * render thread's CPU walking their rules again, and their patterns translated again.
 * (A language loaded by a later call still has Shiki reload them: the highlight thread
 * loads the languages of the site's fences in one call, pool/highlight-worker.ts.)
 */
export async function ensureLanguages(langs: Iterable<string>): Promise<HighlighterCore> {
  const h = await getHighlighter();
  const grammars = new Map<string, LanguageRegistration[]>();
  let ids = [...new Set([...langs].map(languageId))].filter((id): id is string => id !== null && !loadedIds.has(id));
  while (ids.length > 0) {
    const modules = await Promise.all(ids.map((id) => (byAlias.get(id) ?? embeddedOnly.get(id)!).import()));
    ids.forEach((id, i) => grammars.set(id, modules[i].default));
    ids = [...new Set(ids.flatMap((id, i) => FENCE_EMBEDDERS[id] ?? lazyEmbeds(modules[i].default)))].filter((id) => !grammars.has(id) && !loadedIds.has(id));
  }
  // Another call may have loaded some while this one awaited: what is in loadedIds is loaded.
  const order: string[] = [];
  const visit = (id: string) => {
    const grammar = grammars.get(id);
    if (!grammar || loadedIds.has(id)) return;
    loadedIds.add(id);
    for (const embedded of lazyEmbeds(grammar)) visit(embedded);
    order.push(id);
  };
  for (const id of grammars.keys()) visit(id);
  // One call per grammar: Shiki also reloads, for each language it loads, every grammar of
  // the same call that embeds it lazily, loaded yet or not.
  regexTranslations.load(order.flatMap((id) => grammars.get(id)!.map((g) => g.name)));
  for (const id of order) h.loadLanguageSync(grammars.get(id)!);
  return h;
}

/** The supported grammar ids a grammar module's registrations embed lazily. */
function lazyEmbeds(registrations: LanguageRegistration[]): string[] {
  return registrations.flatMap((r) => r.embeddedLangsLazy ?? []).map(languageId).filter((id): id is string => id !== null);
}
