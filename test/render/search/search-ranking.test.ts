/**
 * Ranking and scopes, through the function the MCP tool and bench:search call
 * (openBundleSearch) on index files SiteSearchIndexer wrote to a temp folder: a title made
 * of the query's words comes first, an exact word beats a longer word it begins, `boost`
 * multiplies, and each language and version is an index of its own.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteSearchIndexer } from '../../../src/render/search/site-search-index.js';
import { scopeId, type SearchScope } from '../../../src/render/search/search-scopes.js';
import { searchSections } from '../../../src/render/search/search-text.js';
import { openBundleSearch, type BundleSearch } from '../../../src/render/search/search-bundle.js';
import { tempDir, type TempDir } from '../site/make-site.js';

const scope = (lang: string, version?: string, language?: string): SearchScope =>
  ({ id: scopeId(lang, version), lang, ...(language ? { language } : {}), ...(version ? { version } : {}) });
const EN2 = scope('en', 'v2', 'en');
const EN1 = scope('en', 'v1', 'en');
const FR2 = scope('fr', 'v2', 'fr');

const pages: { page: string; title: string; html: string; scope: SearchScope; boost?: number }[] = [
  { page: 'code-groups', title: 'Code groups', html: '<p>Show one example in several languages.</p>', scope: EN2 },
  { page: 'codex', title: 'Codex', html: `<p>${'Codex writes code in groups of files. '.repeat(12)}</p><h2 id="groups">Code groups in Codex</h2><p>Codex code groups.</p>`, scope: EN2 },
  { page: 'codec', title: 'Codecs', html: '<p>A codec is not a codex.</p>', scope: EN2 },
  { page: 'ranking', title: 'Ranking rules', html: '<p>How results are ordered.</p>', scope: EN2 },
  { page: 'relevancy', title: 'Relevancy', html: `<p>${'The ranking rules decide relevancy; ranking rules are applied in order. '.repeat(8)}</p>`, scope: EN2 },
  { page: 'post', title: 'Search with POST', html: '<p>Send the query in the body.</p>', scope: EN2 },
  { page: 'get', title: 'Search with GET', html: `<p>${'You can also search with POST: see search with POST. '.repeat(5)}</p>`, scope: EN2 },
  { page: 'plain', title: 'Webhooks', html: '<p>Webhooks send events about deployments.</p>', scope: EN2 },
  { page: 'boosted', title: 'Events', html: '<p>Webhooks send events about deployments.</p>', scope: EN2, boost: 3 },
  { page: 'lowered', title: 'Deployments', html: '<p>Webhooks and events.</p>', scope: EN2, boost: 0.5 },
  { page: 'v1/lifecycle', title: 'Lifecycle', html: '<p>The 2024 job lifecycle.</p>', scope: EN1 },
  { page: 'lifecycle', title: 'Lifecycle', html: '<p>The job lifecycle today.</p>', scope: EN2 },
  { page: 'fr/lifecycle', title: 'Cycle de vie', html: '<p>Le cycle de vie des tâches (lifecycle).</p>', scope: FR2 },
  { page: 'fr/configuration', title: 'Configurer le site', html: '<p>Les configurations du site.</p>', scope: FR2 },
];

describe('search ranking and scopes', () => {
  let tmp: TempDir;
  let search: BundleSearch;

  beforeAll(async () => {
    tmp = tempDir();
    const indexer = new SiteSearchIndexer(pages.map((p) => ({ page: p.page, scope: p.scope })));
    for (const p of pages) indexer.add({ page: p.page, url: `${p.page}.html`, title: p.title, sections: searchSections(p.html), boost: p.boost });
    const index = await indexer.finish();
    for (const [path, bytes] of index.files) {
      mkdirSync(dirname(join(tmp.path, path)), { recursive: true });
      writeFileSync(join(tmp.path, path), bytes);
    }
    search = openBundleSearch(tmp.path);
  });

  afterAll(() => tmp?.cleanup());

  const urls = async (query: string, options = {}) => (await search.search(query, options)).map((r) => r.url.split('#')[0]);

  it('lists one index per language and version', async () => {
    expect((await search.scopes()).map((s) => [s.id, s.lang, s.language, s.version, s.pages])).toEqual([
      ['en--v2', 'en', 'en', 'v2', 11], ['en--v1', 'en', 'en', 'v1', 1], ['fr--v2', 'fr', 'fr', 'v2', 2],
    ]);
  });

  it('puts the page titled with the query first, ahead of pages that repeat its words', async () => {
    expect((await urls('code groups', { version: 'v2' }))[0]).toBe('code-groups.html');
    expect((await urls('ranking rules', { version: 'v2' }))[0]).toBe('ranking.html');
    expect((await urls('Search with POST', { version: 'v2' }))[0]).toBe('post.html');
    expect((await urls('search with get', { version: 'v2' }))[0]).toBe('get.html');
  });

  it('does not let a longer word beginning with the query outrank the word itself', async () => {
    const code = await urls('code groups ', { version: 'v2' });
    expect(code.indexOf('code-groups.html')).toBeLessThan(code.indexOf('codex.html'));
    // `codec` only by prefix, after the pages that hold `codec` itself
    expect(await urls('codec ', { version: 'v2' })).toEqual(['codec.html']);
    // while typing, a prefix still finds
    expect(await urls('codi', { version: 'v2' })).toEqual([]);
    expect((await urls('relev', { version: 'v2' }))[0]).toBe('relevancy.html');
  });

  it('multiplies a page score by its boost, a title match included', async () => {
    const ranked = await urls('webhooks events deployments', { version: 'v2' });
    expect(ranked.slice(0, 2)).toEqual(['boosted.html', 'plain.html']);
    // the same text, no title match: the score is three times the other's
    const scores = await search.search('send', { version: 'v2' });
    const score = (u: string) => scores.find((r) => r.url === u)!.score;
    expect(score('boosted.html') / score('plain.html')).toBeCloseTo(3, 0);
    // boost 0.5 halves the exact title's score
    const lowered = (await search.search('deployments', { version: 'v2' })).find((r) => r.url === 'lowered.html')!;
    expect(lowered.score).toBeLessThan(60);
  });

  it('searches the language and version asked for, and every index when none is', async () => {
    expect(await urls('lifecycle', { language: 'en', version: 'v2' })).toEqual(['lifecycle.html']);
    expect(await urls('lifecycle', { language: 'en', version: 'v1' })).toEqual(['v1/lifecycle.html']);
    expect(await urls('lifecycle', { language: 'fr' })).toEqual(['fr/lifecycle.html']);
    expect(await urls('lifecycle', { scopes: ['en--v1', 'fr--v2'] })).toEqual(expect.arrayContaining(['v1/lifecycle.html', 'fr/lifecycle.html']));
    expect((await urls('lifecycle')).sort()).toEqual(['fr/lifecycle.html', 'lifecycle.html', 'v1/lifecycle.html']);
    const [fr] = await search.search('lifecycle', { language: 'fr' });
    expect(fr).toMatchObject({ scope: 'fr--v2', language: 'fr', version: 'v2', title: 'Cycle de vie' });
  });

  it('stems each index with its language: a French query finds the French forms', async () => {
    expect(await urls('configurations', { language: 'fr' })).toEqual(['fr/configuration.html']);
    expect(await urls('configurer', { language: 'fr' })).toEqual(['fr/configuration.html']);
  });
});

describe('a query that is a heading', () => {
  let tmp: TempDir;
  let search: BundleSearch;

  beforeAll(async () => {
    tmp = tempDir();
    const en = scope('en');
    const docs = [
      // boosted, and says "response types" often, but not as a heading
      { page: 'fields', title: 'Fields', html: `<p>${'Response types and their fields. '.repeat(10)}</p>`, boost: 3 },
      { page: 'feedback', title: 'Feedback', html: '<p>Get feedback.</p><h2 id="response-types">Response types</h2><p>Thumbs up or down.</p>' },
    ];
    const indexer = new SiteSearchIndexer(docs.map((d) => ({ page: d.page, scope: en })));
    for (const d of docs) indexer.add({ page: d.page, url: `${d.page}.html`, title: d.title, sections: searchSections(d.html), boost: d.boost });
    for (const [path, bytes] of (await indexer.finish()).files) {
      mkdirSync(dirname(join(tmp.path, path)), { recursive: true });
      writeFileSync(join(tmp.path, path), bytes);
    }
    search = openBundleSearch(tmp.path);
  });

  afterAll(() => tmp?.cleanup());

  it('finds the page with that heading first, linked to the heading', async () => {
    const [first] = await search.search('response types');
    expect(first).toMatchObject({ url: 'feedback.html#response-types', section: 'Response types' });
  });
});
