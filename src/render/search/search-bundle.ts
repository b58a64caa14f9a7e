/**
 * Searches an exported site's index from Node, with the ranking the site's own search
 * dialog uses (search-query.ts). One engine for every Node reader of an index: over an
 * export's output folder (or an unpacked bundle) by its path, or over any other store of
 * the files through a reader (the MCP tool of `quire host` reads the verified bundle,
 * host/mcp/docs-search.ts). Only files under the index's `search/` folder are asked for.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { createSearch, type QueryOptions, type RankedResult, type ScopeEntry } from './search-query.js';
import { stemmerFor } from './stemmers.js';

export type { QueryOptions, RankedResult, ScopeEntry };

/** Reads a file of the index by its path under `search/` (`scopes.json`, `en/index.json`). */
export type IndexReader = (path: string) => Promise<string | Uint8Array>;

export interface BundleSearch {
  /** The site's indexes: one per language and version. */
  scopes(): Promise<ScopeEntry[]>;
  /** Ranked results, best first; `language`/`version` (or `scopes`) narrow them, none: every scope. */
  search(query: string, options?: QueryOptions): Promise<RankedResult[]>;
}

/** A reader of the `search/` folder under `dir` that refuses paths leaving it. */
export function folderReader(dir: string): IndexReader {
  const root = resolve(dir, 'search');
  return (path) => {
    const file = resolve(join(root, path));
    if (!file.startsWith(root + sep)) return Promise.reject(new Error(`search index: ${path} is outside the index`));
    return readFile(file, 'utf8');
  };
}

/** The search of an index in the folder `from` (an export's output) or read by `from`. */
export function openBundleSearch(from: string | IndexReader): BundleSearch {
  const read = typeof from === 'string' ? folderReader(from) : from;
  const decoder = new TextDecoder();
  return createSearch({
    async json(path: string) {
      const text = await read(path);
      return JSON.parse(typeof text === 'string' ? text : decoder.decode(text)) as unknown;
    },
    stemmer: async (scope) => stemmerFor(scope.lang),
  });
}
