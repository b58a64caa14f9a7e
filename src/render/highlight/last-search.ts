/**
 * A grammar pattern's last search kept on its RegExp, for every scanner that shares it.
 *
 * Shiki's JavaScript engine keeps each scanner's last search per pattern (as
 * vscode-oniguruma does): asked again on the same line from a position no earlier, and
 * the match it found is not behind that position (or there was none), the answer is the
 * same. But vscode-textmate makes a scanner per rule (and per `\A`/`\G` variant), the
 * rules of a grammar include the same patterns (TypeScript's includes `expression` in 22
 * places), and the engine shares one RegExp per pattern string between them: each scanner
 * searches a line again with a pattern that another scanner just searched it with. On
 * the real sites' code blocks a third of the searches were such repeats (0xsequence's
 * TypeScript: 611,000 of 1.85 million; langchain's Python: 2.7 of 8.5 million), and the
 * grammars' long look-aheads cost 3-8 µs a search.
 *
 * So the RegExp itself remembers its last search: the string, where it started and what
 * it found. A search of the same string from a position no earlier, whose earlier
 * match starts at or after that position (or that found none), gets the same match: the
 * positions skipped failed from both starts, and a match at a position does not depend
 * on where the search began (look-behinds read the whole string). `lastIndex` is left
 * where that search left it. Only global, non-sticky patterns without an
 * oniguruma-to-es search strategy are kept (a strategy such as `clip_search` cuts the
 * string at the start position, so the start changes what matches): those are the ones
 * the engine's own per-scanner memory takes too. Match arrays are handed out again, as
 * the engine hands its own remembered ones: the engine reads them, never writes them.
 *
 * Highlighting the distinct blocks a second time (grammar compiled; 2026-11-29): 0xsequence's
 * TypeScript 1.79 -> 1.31 s, langchain's Python 3.86 -> 3.32 s, 0xsequence's C++ 1.17 -> 1.10 s;
 * output identical (test/render/highlight/last-search.test.ts; whole exports of seven real sites).
 */

interface SearchStrategy {
  rawOptions?: { strategy?: string | null };
}

/** `regex`, made to give its last search again when a search would find the same match (see above). */
export function withLastSearch<T extends RegExp>(regex: T): T {
  if (!regex.global || regex.sticky || (regex as T & SearchStrategy).rawOptions?.strategy) return regex;
  const search = regex.exec.bind(regex);
  let text: string | undefined;
  let from = 0;
  let found: RegExpExecArray | null = null;
  let after = 0;
  regex.exec = (string: string): RegExpExecArray | null => {
    const start = regex.lastIndex;
    if (string === text && from <= start && (found === null || found.index >= start)) {
      regex.lastIndex = after;
      return found;
    }
    found = search(string);
    text = string;
    from = start;
    after = regex.lastIndex;
    return found;
  };
  return regex;
}
