/**
 * What an export puts in its search index, per Mintlify's optimize/search.mdx and
 * organize/hidden-pages.mdx: `boost` from a page's frontmatter or its nearest group
 * (frontmatter wins), `searchable: false`, `hidden` and `noindex` pages left out; each
 * page tells its dialog the index of its language (`data-search-scope`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { openBundleSearch } from '../../../src/render/search/search-bundle.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nThe quokka appears on this page.\n`;

describe('search index of an export', () => {
  let tmp: TempDir;
  let out: string;
  let report: ExportReport;

  beforeAll(async () => {
    tmp = tempDir();
    const root = join(tmp.path, 'src');
    out = join(tmp.path, 'out');
    writeFiles(root, {
      'docs.json': JSON.stringify({
        name: 'Boosts',
        colors: { primary: '#3366ff' },
        navigation: {
          languages: [
            {
              language: 'en',
              groups: [
                { group: 'Start', boost: 4, pages: ['start', 'own-boost', { group: 'Inner', boost: 0.5, pages: ['inner'] }] },
                { group: 'Other', pages: ['plain', 'unsearchable', 'secret', 'noindexed', 'robots-none', 'bad-boost'] },
                { group: 'Bad', boost: 'high', pages: [] },
              ],
            },
            { language: 'de', groups: [{ group: 'Start', pages: ['de/start'] }] },
          ],
        },
      }),
      'start.mdx': page('Start'),
      'own-boost.mdx': page('Own boost', 'boost: 2\n'),
      'inner.mdx': page('Inner'),
      'plain.mdx': page('Plain'),
      'unsearchable.mdx': page('Unsearchable', 'searchable: false\n'),
      'secret.mdx': page('Secret', 'hidden: true\n'),
      'noindexed.mdx': page('Noindexed', 'noindex: true\n'),
      'robots-none.mdx': page('Robots none', 'robots: "noindex, nofollow"\n'),
      'bad-boost.mdx': page('Bad boost', 'boost: -1\n'),
      'de/start.mdx': '---\ntitle: Anfang\n---\n\nDie Einstellungen des Quokkas.\n',
    });
    report = await exportSite({ root, outDir: out, workers: 0 });
  }, 120_000);

  afterAll(() => tmp?.cleanup());

  it('leaves out searchable: false, hidden and noindex pages (a robots tag that says noindex too), and the sitemap the last two', async () => {
    const results = await openBundleSearch(out).search('quokka', { language: 'en', limit: 20 });
    expect(results.map((r) => r.url).sort()).toEqual(['bad-boost.html', 'inner.html', 'own-boost.html', 'plain.html', 'start.html']);
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>/plain</loc>');
    expect(sitemap).toContain('<loc>/unsearchable</loc>');
    expect(sitemap).not.toMatch(/noindexed|robots-none|secret/);
    expect(readFileSync(join(out, 'robots-none.html'), 'utf8')).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('multiplies by the page boost, else the nearest group boost', async () => {
    const results = await openBundleSearch(out).search('quokka', { language: 'en' });
    const urls = results.map((r) => r.url);
    // 4 (group), 2 (own, over the group's 4), 1, 1, then 0.5 (the nearer group)
    expect([urls[0], urls[1], urls[4]]).toEqual(['start.html', 'own-boost.html', 'inner.html']);
    const index = JSON.parse(readFileSync(join(out, 'search/en/index.json'), 'utf8')) as { pages: unknown[][] };
    const boosts: Record<string, unknown> = {};
    for (const p of index.pages) boosts[String(p[0])] = p[3] ?? 1;
    expect(boosts).toEqual({ 'bad-boost.html': 1, 'inner.html': 0.5, 'own-boost.html': 2, 'plain.html': 1, 'start.html': 4 });
  });

  it('reports a boost that is not a positive number, with where it is written', () => {
    const said = report.diagnostics.map((d) => [d.file, d.path ?? '', d.message]);
    expect(said).toContainEqual(['bad-boost.mdx', '', 'bad-boost.mdx: frontmatter boost -1 is not a positive number (ignored)']);
    expect(said.some(([file, path, message]) => file === 'docs.json' && path === 'navigation.languages[0].groups[2].boost' && message.includes('expected a positive number'))).toBe(true);
    expect(said.some(([, , message]) => message.includes('boosts are not applied'))).toBe(false);
  });

  it('builds an index per language, stemmed in its language, and tells each page its own', async () => {
    const search = openBundleSearch(out);
    expect((await search.scopes()).map((s) => [s.id, s.lang, s.pages, !!s.stemmer])).toEqual([['en', 'en', 5, true], ['de', 'de', 1, true]]);
    expect((await search.search('Einstellung', { language: 'de' })).map((r) => r.url)).toEqual(['de/start.html']);
    expect(readFileSync(join(out, 'de/start.html'), 'utf8')).toContain('data-search-scope="de"');
    expect(readFileSync(join(out, 'plain.html'), 'utf8')).toContain('data-search-scope="en"');
  });
});
