/**
 * The MCP endpoint's search, an adapter over the site's own search engine (the one the
 * exported site runs in the browser, render/browser/search-engine.ts) reading the
 * index files from the verified bundle instead of over HTTP, so it answers exactly as
 * the site's search dialog does and works air-gapped. Language and version filters are
 * applied to its results by each page's place in the navigation (agents.json).
 *
 * This file is the one place the MCP endpoint meets the search index: a new index or
 * ranking is plugged in here.
 */
import { readFile } from 'node:fs/promises';
import { createSearch } from '../../render/browser/search-engine.js';
import type { AgentsIndex, AgentsPage } from '../../render/agents/agents-index.js';
import type { Site } from '../site.js';

export interface DocsSearchOptions {
  language?: string;
  version?: string;
  /** @default 10 */
  limit?: number;
}

export interface DocsSearchHit {
  page: string;
  title: string;
  /** The heading of the part of the page with the most hits, when not its top. */
  section?: string;
  /** The page's Markdown file, with the section's anchor. */
  url: string;
  excerpt: string;
  language?: string;
  version?: string;
}

export interface DocsSearch {
  search(query: string, options?: DocsSearchOptions): Promise<DocsSearchHit[]>;
}

const BASE = 'http://site.invalid/search/';
/** Results fetched before filtering by language and version. */
const WIDE = 200;

/** Number of search shards the site has (`search/index.json`, `search/shard-N/index.json`). */
function shardCount(site: Site): number {
  let n = 0;
  while (site.file(n === 0 ? 'search/index.json' : `search/shard-${n}/index.json`)) n++;
  return n;
}

export function createDocsSearch(site: Site, index: AgentsIndex): DocsSearch {
  const shards = shardCount(site);
  const byPage = new Map<string, AgentsPage>(index.pages.map((p) => [p.page, p]));
  const engine = shards > 0 ? createSearch(BASE, shards, async (url) => {
    const path = decodeURIComponent(new URL(url).pathname.slice(1));
    const file = site.file(path);
    if (!file) throw new Error(`search index file ${path} is not in the site`);
    return JSON.parse((await site.bytes(file.identity))?.toString('utf8') ?? (await readFile(file.identity.abs, 'utf8'))) as unknown;
  }) : undefined;
  return {
    async search(query, options = {}) {
      if (!engine) return [];
      const limit = options.limit ?? 10;
      const filtered = options.language !== undefined || options.version !== undefined;
      const results = await engine.search(query, filtered ? WIDE : limit);
      const hits: DocsSearchHit[] = [];
      for (const r of results) {
        const [path, anchor] = r.url.split('#');
        const page = path.replace(/\.html$/, '');
        const info = byPage.get(page);
        if (options.language !== undefined && info?.language !== undefined && info.language !== options.language) continue;
        if (options.version !== undefined && info?.version !== undefined && info.version !== options.version) continue;
        hits.push({
          page, title: r.title, ...(r.section ? { section: r.section } : {}), url: `${page}.md${anchor ? `#${anchor}` : ''}`,
          excerpt: r.excerpt.map(([text]) => text).join('').trim(), ...(info?.language ? { language: info.language } : {}), ...(info?.version ? { version: info.version } : {}),
        });
        if (hits.length >= limit) break;
      }
      return hits;
    },
  };
}
