/**
 * Builds the site's search indexes, one per language and version (search-scopes.ts), while
 * pages render: a SearchIndexer (search-index.ts) per scope under `search/<scope>/`, and
 * `search/scopes.json` listing them with the stemmer module each one's queries need.
 */
import { pruneShardCache, SearchIndexer, type SearchDocument, type SearchIndex } from './search-index.js';
import { SEARCH_FORMAT_VERSION } from './shard-files.js';
import type { ScopeEntry, SearchScope } from './search-scopes.js';

/** Builds every scope's index while pages render (see SearchIndexer for one scope). */
export class SiteSearchIndexer {
  private readonly scopes = new Map<string, { scope: SearchScope; indexer: SearchIndexer; order: number }>();
  private readonly pageScope = new Map<string, string>();

  constructor(
    pages: { page: string; scope: SearchScope }[],
    private readonly options: { cacheDir?: string; onShard?: (files: Map<string, Uint8Array>) => void; stemmerPath?: (lang: string) => string | undefined } = {},
  ) {
    const byScope = new Map<string, { scope: SearchScope; pages: string[] }>();
    for (const { page, scope } of pages) {
      let entry = byScope.get(scope.id);
      if (!entry) byScope.set(scope.id, (entry = { scope, pages: [] }));
      entry.pages.push(page);
      this.pageScope.set(page, scope.id);
    }
    let order = 0;
    for (const [id, { scope, pages: list }] of byScope) {
      const indexer = new SearchIndexer(list, { cacheDir: options.cacheDir, onShard: options.onShard, dir: `search/${id}`, lang: scope.lang });
      this.scopes.set(id, { scope, indexer, order });
      order += indexer.shards;
    }
  }

  /** A number that orders pages shard by shard across scopes (render them in this order). */
  shardOf(page: string): number {
    const s = this.scopes.get(this.pageScope.get(page)!)!;
    return s.order + s.indexer.shardOf(page);
  }

  add(doc: SearchDocument): void {
    const id = this.pageScope.get(doc.page);
    if (id === undefined) throw new Error(`search index: unexpected document for ${doc.page}`);
    this.scopes.get(id)!.indexer.add(doc);
  }

  /** `search/scopes.json` and every scope's files but those handed to `onShard`. */
  async finish(): Promise<SearchIndex & { scopes: ScopeEntry[] }> {
    const files = new Map<string, Uint8Array>();
    const entries: ScopeEntry[] = [];
    let shards = 0;
    let cachedShards = 0;
    for (const { scope, indexer } of this.scopes.values()) {
      const index = await indexer.finish();
      for (const [p, c] of index.files) files.set(p, c);
      shards += index.shards;
      cachedShards += index.cachedShards;
      const stemmer = this.options.stemmerPath?.(scope.lang);
      entries.push({ ...scope, shards: index.shards, pages: indexer.pageCount, ...(stemmer ? { stemmer } : {}) });
    }
    files.set('search/scopes.json', new TextEncoder().encode(JSON.stringify({ version: SEARCH_FORMAT_VERSION, scopes: entries })));
    // Builds of shards this site no longer has (an edited page's shard before the edit) go.
    if (this.options.cacheDir) await pruneShardCache(this.options.cacheDir, new Set([...this.scopes.values()].flatMap(({ indexer }) => [...indexer.cacheKeys])));
    return { files, shards, cachedShards, scopes: entries };
  }

  async close(): Promise<void> {
    for (const { indexer } of this.scopes.values()) await indexer.close();
  }
}
