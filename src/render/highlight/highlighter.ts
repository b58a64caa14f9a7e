/**
 * The one shiki highlighter of the process: GitHub light and dark themes, the
 * JavaScript regex engine (measured faster than oniguruma on docs code: see
 * bench/render-page.ts), grammars from a fixed list loaded once, on first use. The
 * engine translates a grammar's Oniguruma patterns into JavaScript RegExps as rules are
 * first used; translating them ahead of time (at build, or with
 * @shikijs/langs-precompiled) did not start faster (bench/highlight.ts).
 */
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { bundledLanguagesInfo } from 'shiki/langs';

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

/** The grammar id for a fence language (`ts` -> `typescript`), or null when not supported. */
export function languageId(lang: string | null | undefined): string | null {
  if (!lang) return null;
  return byAlias.get(lang.toLowerCase())?.id ?? null;
}

let highlighter: Promise<HighlighterCore> | null = null;
/** Grammar id -> its load, answering the supported languages it embeds lazily. */
const loaded = new Map<string, Promise<string[]>>();

export function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
    langs: [],
    // forgiving: a pattern the translation cannot express is skipped, not the whole grammar
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
}

/**
 * Loads the grammars of `langs` (fence names or ids) that are not loaded yet, with the
 * supported languages each embeds lazily (the fences inside a `markdown` or `mdx` block,
 * the JSX of MDX: `embeddedLangsLazy`). Shiki highlights an embedded language only if its
 * grammar happens to be loaded; loading them with the grammar that embeds them makes a
 * block come out the same whatever pages rendered before it in the thread (a warm
 * re-export renders one page in a fresh thread).
 */
export async function ensureLanguages(langs: Iterable<string>): Promise<HighlighterCore> {
  const h = await getHighlighter();
  const seen = new Set<string>();
  let ids = [...new Set([...langs].map(languageId).filter((id): id is string => id !== null))];
  while (ids.length > 0) {
    for (const id of ids) seen.add(id);
    const embedded = await Promise.all(ids.map((id) => loadGrammar(h, id)));
    ids = [...new Set(embedded.flat())].filter((id) => !seen.has(id));
  }
  return h;
}

function loadGrammar(h: HighlighterCore, id: string): Promise<string[]> {
  let p = loaded.get(id);
  if (!p) {
    p = byAlias.get(id)!.import().then(async (mod) => {
      await h.loadLanguage(mod.default);
      return mod.default.flatMap((r) => r.embeddedLangsLazy ?? []).map(languageId).filter((e): e is string => e !== null);
    });
    loaded.set(id, p);
  }
  return p;
}
