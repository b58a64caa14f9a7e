/**
 * Searches an exported site's index from Node, with the ranking the site's own search
 * dialog uses (search-query.ts), over an export's output folder (or an unpacked bundle);
 * only files under its `search/` folder are read. The MCP tool of `quire host` builds the
 * same search over the verified bundle's files (host/mcp/docs-search.ts).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { createSearch, type QueryOptions, type RankedResult, type ScopeEntry } from './search-query.js';
import { stemmerFor } from './stemmers.js';

export type { QueryOptions, RankedResult, ScopeEntry };

export interface BundleSearch {
  /** The site's indexes: one per language and version. */
  scopes(): Promise<ScopeEntry[]>;
  /** Ranked results, best first; `language`/`version` (or `scopes`) narrow them, none: every scope. */
  search(query: string, options?: QueryOptions): Promise<RankedResult[]>;
}

export function openBundleSearch(dir: string): BundleSearch {
  const root = resolve(dir, 'search');
  return createSearch({
    async json(path: string) {
      const file = resolve(join(root, path));
      if (!file.startsWith(root + sep)) throw new Error(`search index: ${path} is outside the index`);
      return JSON.parse(await readFile(file, 'utf8')) as unknown;
    },
    stemmer: async (scope) => stemmerFor(scope.lang),
  });
}
