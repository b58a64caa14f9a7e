/**
 * The search engine every exported site ships (`assets/search.<hash>.js`, an ES module
 * the site script imports on the first search): search/search-query.ts over plain
 * `fetch`, relative to the site, so it works from any static host with no outside
 * request. A scope's stemmer is the small module `search/scopes.json` names
 * (`assets/stem-<code>.<hash>.js`), imported when that scope is first searched.
 *
 * `createSearch(searchDirUrl).search(query, { scopes, language, version, limit })`
 * resolves to results `{ url, title, section, excerpt, scope, language, version, score }`,
 * best first (see search-query.ts for the ranking).
 */
import { createSearch as createQuery, type ScopeEntry } from '../search/search-query.js';
import type { Stemmer } from '../search/search-terms.js';

export type { QueryOptions, RankedResult, ScopeEntry } from '../search/search-query.js';
export type { SearchResult } from '../search/search-excerpt.js';

/**
 * `base`: the URL of the site's `search/` folder; `root`: the site root the stemmer
 * modules' paths start from (its parent, unless given).
 */
export function createSearch(base: string, root = new URL('../', base).href) {
  return createQuery({
    async json(path: string) {
      const url = new URL(path, base).href;
      const r = await fetch(url);
      if (!r.ok) throw new Error(`search index: ${r.status} for ${url}`);
      return (await r.json()) as unknown;
    },
    async stemmer(scope: ScopeEntry): Promise<Stemmer | undefined> {
      if (!scope.stemmer) return undefined;
      const module = (await import(new URL(scope.stemmer, root).href)) as { stemmer: Stemmer };
      return module.stemmer;
    },
  });
}
