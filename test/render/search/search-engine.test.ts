/**
 * The search engine every site ships, run as the browser runs it: its module source
 * imported as is, reading an index built by SearchIndexer over HTTP from a static
 * server on loopback (Node's fetch). Ranking, prefixes, sections and excerpts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAssets } from '../../../src/render/theme/browser-assets.js';
import { SiteSearchIndexer } from '../../../src/render/search/site-search-index.js';
import { PAGES_PER_SHARD, shardOf } from '../../../src/render/search/search-shards.js';
import { searchSections } from '../../../src/render/search/search-text.js';
import { serveStatic, type StaticServer } from '../e2e/static-server.js';
import { tempDir, type TempDir } from '../site/make-site.js';

interface Result {
  url: string;
  title: string;
  section?: string;
  excerpt: [string, boolean][];
}
type Engine = { search(query: string, options?: { limit?: number }): Promise<Result[]> };

const pages: Record<string, { title: string; html: string }> = {
  'guide/deploy': { title: 'Deploying Quire', html: '<p>How a deployment works.</p><h2 id="air-gapped">Air-gapped installs</h2><p>Copy the bundle across; the axolotl stays offline.</p>' },
  'guide/config': { title: 'Configuration', html: '<p>Set <code>retryLimit</code> and the café name. The deployment reads it once.</p>' },
  'guide/limits': { title: 'Limits', html: '<p>Alpha only here. The word deployed appears in passing.</p>' },
  'guide/both': { title: 'Both words', html: '<p>Alpha and beta together.</p>' },
  'guide/long': { title: 'A long page', html: `<p>${'filler words go here '.repeat(40)}</p><h2 id="needle">Needle section</h2><p>${'more filler '.repeat(10)}the haystack needle sits here ${'and after it '.repeat(20)}</p>` },
};
// Enough other pages for a second shard: the engine searches both together.
for (let i = 0; i < PAGES_PER_SHARD + 10; i++) pages[`more/page-${String(i).padStart(3, '0')}`] = { title: `More ${i}`, html: `<p>Ordinary text number ${i}.</p>` };

describe('the site search engine', () => {
  let tmp: TempDir;
  let server: StaticServer;
  let engine: Engine;
  let shards = 0;

  beforeAll(async () => {
    tmp = tempDir();
    const names = Object.keys(pages);
    const stemmer = browserAssets().stemmers.en;
    const indexer = new SiteSearchIndexer(names.map((page) => ({ page, scope: { id: 'en', lang: 'en' } })), { stemmerPath: () => stemmer.path });
    for (const page of names) indexer.add({ page, url: `${page}.html`, title: pages[page].title, sections: searchSections(pages[page].html) });
    const index = await indexer.finish();
    shards = index.shards;
    // the stemmer module the engine imports, as the export writes it
    index.files.set(stemmer.path, new TextEncoder().encode(stemmer.js));
    for (const [path, bytes] of index.files) {
      mkdirSync(dirname(join(tmp.path, path)), { recursive: true });
      writeFileSync(join(tmp.path, path), bytes);
    }
    const module = join(tmp.path, 'engine.mjs');
    writeFileSync(module, browserAssets().searchJs);
    server = await serveStatic(tmp.path);
    const { createSearch } = (await import(pathToFileURL(module).href)) as { createSearch: (base: string, root?: string) => Engine };
    // Node imports modules from files only: the stemmer from the same folder the server serves
    engine = createSearch(`${server.url}search/`, pathToFileURL(`${tmp.path}/`).href);
  });

  afterAll(async () => {
    await server?.close();
    tmp?.cleanup();
  });

  const text = (r: Result) => r.excerpt.map(([t, hit]) => (hit ? `[${t}]` : t)).join('');

  it('finds a word, links the section it is in and marks it in the excerpt', async () => {
    expect(shards).toBe(2);
    const results = await engine.search('axolotl');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ url: 'guide/deploy.html#air-gapped', title: 'Deploying Quire', section: 'Air-gapped installs' });
    expect(text(results[0])).toBe('Copy the bundle across; the [axolotl] stays offline.');
  });

  it('matches every form of a word by its stem, the title first', async () => {
    const results = await engine.search('deployments');
    expect(results.map((r) => r.url.split('#')[0])).toEqual(['guide/deploy.html', expect.any(String), expect.any(String)]);
    expect(results.slice(1).map((r) => r.url).sort()).toEqual(['guide/config.html', 'guide/limits.html']);
    expect(text(results.find((r) => r.url === 'guide/limits.html')!)).toContain('[deployed]');
  });

  it('finds words by their beginning, and a word typed past its stem', async () => {
    expect((await engine.search('axo')).map((r) => r.url)).toEqual(['guide/deploy.html#air-gapped']);
    expect((await engine.search('configura')).map((r) => r.url)).toEqual(['guide/config.html']);
    const typed = await engine.search('deploym');
    expect(typed.map((r) => r.url.split('#')[0]).sort()).toEqual(['guide/config.html', 'guide/deploy.html', 'guide/limits.html']);
  });

  it('wants every word, and falls back to pages with some when none has all', async () => {
    expect((await engine.search('alpha beta')).map((r) => r.url)).toEqual(['guide/both.html']);
    const some = await engine.search('beta zebra');
    expect(some.map((r) => r.url)).toEqual(['guide/both.html']);
    expect(await engine.search('zebra quagga')).toEqual([]);
    expect(await engine.search('  ')).toEqual([]);
  });

  it('finds joined words whole or by part, and words without their accents', async () => {
    expect((await engine.search('retry_limit')).map((r) => r.url)).toEqual(['guide/config.html']);
    expect((await engine.search('limit')).map((r) => r.url)).toContain('guide/config.html');
    const cafe = await engine.search('cafe');
    expect(cafe.map((r) => r.url)).toEqual(['guide/config.html']);
    expect(text(cafe[0])).toContain('[café]');
  });

  it('cuts a long section around its hit and finds pages of the second shard', async () => {
    const [needle] = await engine.search('haystack needle');
    expect(needle.url).toBe('guide/long.html#needle');
    const excerpt = text(needle);
    expect(excerpt.startsWith('… ')).toBe(true);
    expect(excerpt).toContain('the [haystack] [needle] sits here');
    expect(excerpt.endsWith(' …')).toBe(true);
    expect(excerpt.split(/\s+/).filter((w) => w !== '…')).toHaveLength(24);
    const later = Object.keys(pages).find((p) => p.startsWith('more/') && shardOf(p, shards) === 1)!;
    expect((await engine.search(`number ${Number(later.slice(-3))}`)).map((r) => r.url)).toEqual([`${later}.html`]);
  });
});
