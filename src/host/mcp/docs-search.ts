/**
 * The MCP endpoint's search: the engine of render/search/search-bundle.ts (the ranking
 * the site's own search dialog uses) reading the index files from the verified bundle, so it answers exactly as the site does and
 * works air-gapped. Language and version narrow the search to the site's per-language,
 * per-version indexes; agents.json adds each page's place for the answer.
 *
 * This file is the one place the MCP endpoint meets the search index: a new index or
 * ranking is plugged in here.
 */
import { readFile } from 'node:fs/promises';
import { openBundleSearch } from '../../render/search/search-bundle.js';
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

export function createDocsSearch(site: Site, index: AgentsIndex): DocsSearch {
  const byPage = new Map<string, AgentsPage>(index.pages.map((p) => [p.page, p]));
  const hasIndex = site.file('search/scopes.json') !== undefined;
  const engine = hasIndex ? openBundleSearch(async (path) => {
    const file = site.file(`search/${path.replace(/^\.?\//, '')}`);
    if (!file) throw new Error(`search index file ${path} is not in the site`);
    return (await site.bytes(file.identity)) ?? (await readFile(file.identity.abs));
  }) : undefined;
  return {
    async search(query, options = {}) {
      if (!engine) return [];
      const results = await engine.search(query, { limit: options.limit ?? 10, language: options.language, version: options.version });
      return results.map((r) => {
        const [path, anchor] = r.url.split('#');
        const page = path.replace(/\.html$/, '');
        const info = byPage.get(page);
        const language = r.language ?? info?.language;
        const version = r.version ?? info?.version;
        return {
          page, title: r.title, ...(r.section ? { section: r.section } : {}), url: `${page}.md${anchor ? `#${anchor}` : ''}`,
          excerpt: r.excerpt.map(([text]) => text).join('').trim(), ...(language ? { language } : {}), ...(version ? { version } : {}),
        };
      });
    },
  };
}
