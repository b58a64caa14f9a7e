/**
 * Phrases: a query's words side by side rank a page above one that holds them apart, and
 * a quoted query puts the pages holding it word for word first, with the excerpt at the
 * phrase. Through openBundleSearch on index files SiteSearchIndexer wrote to a temp folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteSearchIndexer } from '../../../src/render/search/site-search-index.js';
import { scopeId } from '../../../src/render/search/search-scopes.js';
import { searchSections } from '../../../src/render/search/search-text.js';
import { openBundleSearch, type BundleSearch } from '../../../src/render/search/search-bundle.js';
import { quotedParts } from '../../../src/render/search/search-phrase.js';
import { tempDir, type TempDir } from '../site/make-site.js';

const filler = 'Keys are created in the dashboard and shown once. '.repeat(6);
const pages = [
  // the words side by side once, in a long page
  { page: 'limits', title: 'Usage', html: `<p>${filler}</p><h2 id="keys">Per key</h2><p>The rate limit applies per key.</p>` },
  // the words often, never together: more of each word than `limits` has
  { page: 'quotas', title: 'Quotas', html: `<p>${'Each plan has a limit. The sending rate is measured per minute. '.repeat(5)}</p>` },
  // side by side, in the other order
  { page: 'throttle', title: 'Throttle', html: `<p>When you reach the limit, rate and burst both reset. ${filler}</p>` },
  { page: 'retries', title: 'Failures', html: `<p>Set retryLimit to stop after a few tries. ${filler}</p>` },
  { page: 'backoff', title: 'Backoff', html: `<p>${'Retry with a delay, retry again: the limit of tries is yours. '.repeat(4)}</p>` },
];

describe('phrases', () => {
  let tmp: TempDir;
  let search: BundleSearch;

  beforeAll(async () => {
    tmp = tempDir();
    const en = { id: scopeId('en'), lang: 'en' };
    const indexer = new SiteSearchIndexer(pages.map((p) => ({ page: p.page, scope: en })));
    for (const p of pages) indexer.add({ page: p.page, url: `${p.page}.html`, title: p.title, sections: searchSections(p.html) });
    for (const [path, bytes] of (await indexer.finish()).files) {
      mkdirSync(dirname(join(tmp.path, path)), { recursive: true });
      writeFileSync(join(tmp.path, path), bytes);
    }
    search = openBundleSearch(tmp.path);
  });

  afterAll(() => tmp?.cleanup());

  const urls = async (query: string) => (await search.search(query)).map((r) => r.url.split('#')[0]);

  it('ranks a page with the words side by side above one with more of each word apart', async () => {
    // each word alone: `quotas` says it more often, so it leads
    expect((await urls('rate'))[0]).toBe('quotas.html');
    expect((await urls('limit'))[0]).toBe('quotas.html');
    // together: the page that says "rate limit" leads, the one with "limit, rate" next
    expect(await urls('rate limit')).toEqual(['limits.html', 'throttle.html', 'quotas.html']);
  });

  it('puts the pages holding a quoted phrase word for word first, excerpt at the phrase', async () => {
    const results = await search.search('"rate limit"');
    expect(results.map((r) => r.url)).toEqual(['limits.html#keys', 'throttle.html', 'quotas.html']);
    expect(results[0].section).toBe('Per key');
    expect(results[0].excerpt.filter(([, hit]) => hit).map(([w]) => w)).toEqual(['rate', 'limit']);
    // the other order, quoted: only `throttle` says it so
    expect((await urls('"limit rate"'))[0]).toBe('throttle.html');
  });

  it('takes an unclosed quote as a phrase still being typed', async () => {
    expect((await urls('"rate lim'))[0]).toBe('limits.html');
  });

  it('finds a joined word by its parts as a phrase', async () => {
    expect((await urls('retry'))[0]).toBe('backoff.html');
    expect((await urls('retry limit'))[0]).toBe('retries.html');
    expect((await urls('"retry limit"'))[0]).toBe('retries.html');
  });

  it('reads the quoted parts of a query', () => {
    expect(quotedParts('send "rate limit" now')).toEqual(['rate limit']);
    expect(quotedParts('\u201Crate limit\u201D and "burst')).toEqual(['rate limit', 'burst']);
    expect(quotedParts('no quotes')).toEqual([]);
    expect(quotedParts('"" empty')).toEqual([]);
  });
});
