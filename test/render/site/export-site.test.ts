/**
 * exportSite on a small site: output structure, relative link rewriting, canonical
 * URLs, sitemap, robots, 404, redirects, the sidebar, `paths`, determinism, the cache.
 */
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { InvalidError } from '../../../src/core/errors.js';
import type { ExportProgress, ExportReport } from '../../../src/render/types.js';
import { exportedSite, FIXTURES, listFiles, smallSite, tempDir, type TempDir } from './make-site.js';

/** Every file of `files` has the same bytes in both output folders. */
function expectSameFiles(dirA: string, dirB: string, files: string[]): void {
  for (const f of files) expect(readFileSync(join(dirA, f)), f).toEqual(readFileSync(join(dirB, f)));
}

describe('exportSite on a small site', () => {
  let tmp: TempDir;
  let root: string;
  let out: string;
  let report: ExportReport;
  const progress: ExportProgress[] = [];
  const read = (p: string) => readFileSync(join(out, p), 'utf8');

  beforeAll(async () => {
    tmp = tempDir();
    root = join(tmp.path, 'docs');
    out = join(tmp.path, 'out');
    smallSite(root);
    report = await exportSite({ root, outDir: out, baseUrl: 'https://docs.example.com/v2/', workers: 0, onProgress: (p) => progress.push(p) });
  });
  afterAll(() => tmp.cleanup());

  it('writes one HTML file per page and the site files, and lists them all in the report', () => {
    const files = listFiles(out);
    expect(report.files).toEqual(files);
    for (const f of ['index.html', 'guides/setup.html', 'guides/deep/inner.html', 'secret.html', 'other/page.html', 'orphan.html', '404.html', 'sitemap.xml', 'robots.txt', 'redirects.json', 'old-setup.html', 'logo.svg']) {
      expect(files).toContain(f);
    }
    expect(files.some((f) => f.startsWith('snippets/'))).toBe(false);
    expect(files.filter((f) => /^assets\/site\.[0-9a-f]{8}\.css$/.test(f))).toHaveLength(1);
    expect(files.filter((f) => /^assets\/site\.[0-9a-f]{8}\.js$/.test(f))).toHaveLength(1);
    expect(files.filter((f) => /^assets\/search\.[0-9a-f]{8}\.js$/.test(f))).toHaveLength(1);
    expect(files).toContain('search/scopes.json');
    expect(files).toContain('search/en/index.json');
    expect(files.filter((f) => /^assets\/stem-en\.[0-9a-f]{8}\.js$/.test(f))).toHaveLength(1);
    expect(report.pagesRendered).toBe(6);
  });

  it('rewrites internal links to relative .html hrefs and reports broken ones with their line', () => {
    const index = read('index.html');
    expect(index).toContain('href="guides/setup.html#install"');
    expect(index).toContain('href="guides/deep/inner.html"');
    const setup = read('guides/setup.html');
    expect(setup).toContain('href="../index.html"');
    expect(setup).toContain('href="deep/inner.html"');
    expect(setup).toContain('href="../other/page.html"');
    expect(read('guides/deep/inner.html')).toContain('href="../setup.html"');
    expect(read('other/page.html')).toMatch(/src="\.\.\/logo\.svg"/);
    expect(report.brokenLinks).toEqual([{ file: 'index.mdx', href: '/missing-page', line: 5 }]);
  });

  it('draws the layout: escaped site name, tabs, sidebar without hidden pages, current page, toc, pager, hashed assets', () => {
    const setup = read('guides/setup.html');
    expect(setup).toContain('Small &lt;Docs&gt;');
    expect(setup).not.toContain('Small <Docs>');
    expect(setup).toMatch(/<a class="nav-link" href="setup\.html" aria-current="page">/);
    expect(setup).toMatch(/class="section-tab" href="setup\.html"|class="section-tab" href="\.\.\/index\.html" aria-current="true"/);
    expect(setup).not.toContain('>Secret<');
    expect(setup).not.toContain('>Orphan<');
    expect(setup).toContain('<li class="nav-subgroup"><details><summary>');
    expect(read('guides/deep/inner.html')).toContain('<li class="nav-subgroup"><details open><summary>');
    expect(read('guides/deep/inner.html')).toMatch(/<a class="nav-link" href="inner\.html" aria-current="page">/);
    expect(setup).toContain('<a href="#install">Install</a>');
    expect(setup).toMatch(/rel="prev"[^>]*>|href="\.\.\/index\.html" rel="prev"/);
    expect(setup).toContain('href="deep/inner.html" rel="next"');
    expect(setup).toMatch(/<link rel="stylesheet" href="\.\.\/assets\/site\.[0-9a-f]{8}\.css">/);
    expect(read('secret.html')).toContain('Hidden but rendered.');
  });

  it('writes extensionless canonical URLs and a sitemap of the navigable pages from the base URL', () => {
    expect(read('guides/setup.html')).toContain('<link rel="canonical" href="https://docs.example.com/v2/guides/setup">');
    expect(read('index.html')).toContain('<link rel="canonical" href="https://docs.example.com/v2/">');
    const sitemap = read('sitemap.xml');
    expect(sitemap).toContain('<loc>https://docs.example.com/v2/guides/setup</loc>');
    expect(sitemap).toContain('<loc>https://docs.example.com/v2/</loc>');
    expect(sitemap).not.toContain('secret');
    expect(sitemap).not.toContain('orphan');
    expect(read('robots.txt')).toBe('User-agent: *\nContent-Signal: ai-train=yes, search=yes, ai-input=yes\nAllow: /\n\nSitemap: https://docs.example.com/v2/sitemap.xml\n');
  });

  it('writes redirects as pages and as redirects.json, and a 404 page rooted at the base path', () => {
    const redirect = read('old-setup.html');
    expect(redirect).toContain('<meta http-equiv="refresh" content="0; url=guides/setup.html">');
    expect(redirect).toContain('<link rel="canonical" href="https://docs.example.com/v2/guides/setup">');
    // `/blog/:slug*` -> `/guides/:slug*`: a stub at each path it sends to a page, for hosts without redirects.json
    expect(read('blog/setup.html')).toContain('<meta http-equiv="refresh" content="0; url=../guides/setup.html">');
    expect(read('blog/deep/inner.html')).toContain('<meta http-equiv="refresh" content="0; url=../../guides/deep/inner.html">');
    expect(JSON.parse(read('redirects.json'))).toEqual([
      { source: '/old-setup', destination: '/guides/setup', permanent: true },
      { source: '/blog/:slug*', destination: '/guides/:slug*', permanent: true },
    ]);
    const notFound = read('404.html');
    expect(notFound).toContain('<base href="/v2/">');
    expect(notFound).toContain('Page not found');
    expect(notFound).toContain('href="guides/setup.html"');
  });

  it('reports progress up to every page', () => {
    const render = progress.filter((p) => p.phase === 'render');
    expect(render.at(-1)).toEqual({ phase: 'render', pagesDone: 6, pagesTotal: 6 });
    expect(progress.at(-1)?.phase).toBe('done');
  });
});

describe("the repository's own robots.txt and sitemap.xml", () => {
  const files = {
    'docs.json': JSON.stringify({ name: 'Own', navigation: { pages: ['index'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
    'robots.txt': 'User-agent: *\nDisallow: /private\n',
    'sitemap.xml': '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://own.example/</loc></url></urlset>\n',
  };

  it('take the place of Quire\'s, the XML one only with site scripts (reported otherwise)', async () => {
    const site = await exportedSite(files);
    try {
      expect(site.read('robots.txt')).toBe(files['robots.txt']);
      expect(site.read('sitemap.xml')).toContain('<loc>/</loc>');
      expect(site.diagnostics.map((d) => `${d.severity} ${d.file} ${d.message.split(':')[0]}`)).toEqual(['warning sitemap.xml "sitemap.xml" of the repository is not used']);
      const scripts = await site.again('scripts', { siteScripts: true });
      expect(scripts.read('sitemap.xml')).toBe(files['sitemap.xml']);
      expect(scripts.read('robots.txt')).toBe(files['robots.txt']);
      expect(scripts.diagnostics).toEqual([]);
    } finally {
      site.cleanup();
    }
  });
});

describe('seo.trailingSlash', () => {
  it('ends the page URLs the head, the structured data, the sitemap and the redirect pages give in a slash', async () => {
    const site = await exportedSite({
      'docs.json': JSON.stringify({
        name: 'Slash',
        seo: { trailingSlash: true, metatags: { canonical: 'https://docs.example.com' } },
        navigation: { pages: ['index', 'guides/setup'] },
        redirects: [{ source: '/old', destination: '/guides/setup' }],
      }),
      'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
      'guides/setup.mdx': '---\ntitle: Setup\n---\n\nSet up.\n',
    });
    try {
      const page = site.read('guides/setup.html');
      expect(page).toContain('<link rel="canonical" href="https://docs.example.com/guides/setup/">');
      expect(page).toContain('<meta property="og:url" content="https://docs.example.com/guides/setup/">');
      expect(page).toContain('"url":"https://docs.example.com/guides/setup/"');
      expect(site.read('index.html')).toContain('<link rel="canonical" href="https://docs.example.com/">');
      expect(site.read('sitemap.xml')).toContain('<loc>https://docs.example.com/guides/setup/</loc>');
      expect(site.read('sitemap.xml')).toContain('<loc>https://docs.example.com/</loc>');
      expect(site.diagnostics).toEqual([]);
      // without it, as before
      const plain = await exportedSite({ 'docs.json': JSON.stringify({ name: 'Plain', seo: { metatags: { canonical: 'https://docs.example.com' } }, navigation: { pages: ['index', 'guides/setup'] } }), 'index.mdx': '---\ntitle: Home\n---\n', 'guides/setup.mdx': '---\ntitle: Setup\n---\n' });
      try {
        expect(plain.read('guides/setup.html')).toContain('<link rel="canonical" href="https://docs.example.com/guides/setup">');
      } finally {
        plain.cleanup();
      }
    } finally {
      site.cleanup();
    }
  });

  it('ends the redirect pages\' canonical URL in a slash with an export base URL', async () => {
    const site = await exportedSite({
      'docs.json': JSON.stringify({ name: 'Slash', seo: { trailingSlash: true }, navigation: { pages: ['index', 'guides/setup'] }, redirects: [{ source: '/old', destination: '/guides/setup' }] }),
      'index.mdx': '---\ntitle: Home\n---\n',
      'guides/setup.mdx': '---\ntitle: Setup\n---\n',
    }, { baseUrl: 'https://docs.example.com' });
    try {
      expect(site.read('old.html')).toContain('<link rel="canonical" href="https://docs.example.com/guides/setup/">');
    } finally {
      site.cleanup();
    }
  });
});

describe('exportSite options', () => {
  let tmp: TempDir;
  let root: string;
  beforeAll(() => {
    tmp = tempDir();
    root = join(tmp.path, 'docs');
    smallSite(root);
  });
  afterAll(() => tmp.cleanup());

  it('renders only the pages named by paths, and names an unknown one', async () => {
    const out = join(tmp.path, 'partial');
    const report = await exportSite({ root, outDir: out, paths: ['/guides/setup', 'other/page.mdx'], workers: 0 });
    expect(report.pagesRendered).toBe(2);
    expect(existsSync(join(out, 'guides/setup.html'))).toBe(true);
    expect(existsSync(join(out, 'index.html'))).toBe(false);
    // the navigation still shows every page
    expect(readFileSync(join(out, 'guides/setup.html'), 'utf8')).toContain('href="deep/inner.html"');
    await expect(exportSite({ root, outDir: join(tmp.path, 'p2'), paths: ['nope/page'], workers: 0 })).rejects.toThrow(/unknown page "nope\/page"/);
    await expect(exportSite({ root, outDir: join(tmp.path, 'p2'), paths: ['nope/page'], workers: 0 })).rejects.toBeInstanceOf(InvalidError);
  });

  it('produces the same bytes twice, on worker threads or not', async () => {
    const a = join(tmp.path, 'a');
    const b = join(tmp.path, 'b');
    const ra = await exportSite({ root, outDir: a, baseUrl: 'https://x.example', workers: 2 });
    const rb = await exportSite({ root, outDir: b, baseUrl: 'https://x.example', workers: 0 });
    expect(ra.files).toEqual(rb.files);
    expectSameFiles(b, a, ra.files);
  });

  it('serves unchanged pages from the cache and re-renders a changed one', async () => {
    const cacheDir = join(tmp.path, 'cache');
    const out = join(tmp.path, 'cached');
    const cold = await exportSite({ root, outDir: out, cacheDir, workers: 0 });
    expect(cold.features['page-cache']).toEqual({ included: false, reason: '0 of 6 pages from the cache' });
    // every page was parsed, each on one of the two paths (bench/real.ts prints the shares)
    expect(cold.parsers.fast + cold.parsers.micromark).toBe(6);
    expect(cold.parsers.cached).toBe(0);
    // highlighted code went to its own content-addressed store: one pack and its index
    const highlighted = Object.keys((JSON.parse(readFileSync(join(cacheDir, 'highlight', 'index.json'), 'utf8')) as { entries: object }).entries);
    expect(highlighted.length).toBeGreaterThan(0);
    expect(readdirSync(join(cacheDir, 'highlight')).filter((f) => f.endsWith('.pack'))).toHaveLength(1);
    const before = readFileSync(join(out, 'guides/setup.html'), 'utf8');
    const writtenAt = statSync(join(out, 'guides/setup.html')).mtimeMs;
    writeFileSync(join(root, 'orphan.mdx'), '---\ntitle: Orphan\n---\n\nChanged text.\n');
    const warm = await exportSite({ root, outDir: out, cacheDir, workers: 0 });
    // unchanged page in an unchanged site: its file is left alone, not written again
    expect(statSync(join(out, 'guides/setup.html')).mtimeMs).toBe(writtenAt);
    expect(warm.features['page-cache']).toEqual({ included: true, reason: '5 of 6 pages from the cache' });
    expect(warm.parsers).toEqual({ fast: 1, micromark: 0, none: 0, cached: 5 });
    expect(readFileSync(join(out, 'orphan.html'), 'utf8')).toContain('Changed text.');
    expect(readFileSync(join(out, 'guides/setup.html'), 'utf8')).toBe(before);
    // the warm output is a cold export of the changed site, file for file (the search shard
    // rebuilt from the other pages' kept terms included)
    expect(readdirSync(join(cacheDir, 'search', 'terms')).filter((f) => f.endsWith('.json')).length).toBeGreaterThan(0);
    const coldOfChanged = join(tmp.path, 'cold-of-changed');
    const plain = await exportSite({ root, outDir: coldOfChanged, workers: 0 });
    expect(listFiles(out)).toEqual(listFiles(coldOfChanged));
    expect(warm.files).toEqual(plain.files);
    expect(warm.files.some((f) => f.startsWith('search/') && f.includes('terms.'))).toBe(true);
    expectSameFiles(out, coldOfChanged, listFiles(coldOfChanged));
    // a page file changed by hand is written again
    writeFileSync(join(out, 'guides/setup.html'), 'tampered');
    await exportSite({ root, outDir: out, cacheDir, workers: 0 });
    expect(readFileSync(join(out, 'guides/setup.html'), 'utf8')).toBe(before);
    // a change the layout shows on every page (a title in the navigation) reaches every page
    writeFileSync(join(root, 'index.mdx'), readFileSync(join(root, 'index.mdx'), 'utf8').replace('title: Home', 'title: Welcome home'));
    const third = await exportSite({ root, outDir: out, cacheDir, workers: 0 });
    expect(third.features['page-cache']).toEqual({ included: true, reason: '5 of 6 pages from the cache' });
    const after = readFileSync(join(out, 'guides/setup.html'), 'utf8');
    expect(after).toContain('<a class="nav-link" href="../index.html">Welcome home</a>');
    expect(after).not.toContain('>Home</a>');
    // and the result is the same as a build without any cache
    const fresh = join(tmp.path, 'fresh');
    await exportSite({ root, outDir: fresh, workers: 0 });
    expectSameFiles(out, fresh, third.files);
    // every page from the cache into a new folder: this thread makes the pages' folders
    const moved = join(tmp.path, 'cached-elsewhere');
    const elsewhere = await exportSite({ root, outDir: moved, cacheDir, workers: 0 });
    expect(elsewhere.features['page-cache']).toEqual({ included: true, reason: '6 of 6 pages from the cache' });
    expect(elsewhere.files).toEqual(third.files);
    expectSameFiles(moved, fresh, third.files);
  });

  it('keeps the cache and the output manifest when worker threads write the pages', async () => {
    const cacheDir = join(tmp.path, 'cache-workers');
    const out = join(tmp.path, 'cached-workers');
    // Cold: the workers start before the scan and write pages and cache entries themselves.
    const cold = await exportSite({ root, outDir: out, cacheDir, workers: 2 });
    expect(cold.features['page-cache']).toEqual({ included: false, reason: '0 of 6 pages from the cache' });
    // both threads appended their entries to the run's one pack, listed in the index
    expect(readdirSync(join(cacheDir, 'pages')).filter((f) => f.endsWith('.pack'))).toHaveLength(1);
    const index = JSON.parse(readFileSync(join(cacheDir, 'pages', 'index.json'), 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(index.entries)).toHaveLength(6);
    expect(readdirSync(join(cacheDir, 'pages')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const writtenAt = statSync(join(out, 'guides/setup.html')).mtimeMs;
    writeFileSync(join(root, 'orphan.mdx'), '---\ntitle: Orphan\n---\n\nChanged by the worker test.\n');
    const warm = await exportSite({ root, outDir: out, cacheDir, workers: 2 });
    expect(warm.features['page-cache']).toEqual({ included: true, reason: '5 of 6 pages from the cache' });
    // the manifest holds what the worker saw of the file it wrote, so the page is left alone
    expect(statSync(join(out, 'guides/setup.html')).mtimeMs).toBe(writtenAt);
    expect(readFileSync(join(out, 'orphan.html'), 'utf8')).toContain('Changed by the worker test.');
    const fresh = join(tmp.path, 'fresh-workers');
    const plain = await exportSite({ root, outDir: fresh, workers: 0 });
    expect(warm.files).toEqual(plain.files);
    expectSameFiles(out, fresh, warm.files);
  });

  it('exports again into the same folder, removing what is gone', async () => {
    const out = join(tmp.path, 'again');
    await exportSite({ root, outDir: out, workers: 0 });
    expect(existsSync(join(out, 'orphan.html'))).toBe(true);
    writeFileSync(join(root, 'extra.mdx'), '---\ntitle: Extra\n---\n\nExtra.\n');
    const { rmSync } = await import('node:fs');
    rmSync(join(root, 'orphan.mdx'));
    const report = await exportSite({ root, outDir: out, workers: 0 });
    expect(existsSync(join(out, 'orphan.html'))).toBe(false);
    expect(existsSync(join(out, 'extra.html'))).toBe(true);
    expect(report.files).toEqual(listFiles(out));
  });

  it('refuses an output folder that holds something else, and a folder that is not a docs site', async () => {
    const busy = join(tmp.path, 'busy');
    smallSite(busy);
    await expect(exportSite({ root, outDir: busy, workers: 0 })).rejects.toThrow(/not empty and does not hold a previous export/);
    expect(existsSync(join(busy, 'docs.json'))).toBe(true);
    await expect(exportSite({ root: tmp.path, outDir: join(tmp.path, 'x'), workers: 0 })).rejects.toThrow(/not a docs site/);
    await expect(exportSite({ root, outDir: join(tmp.path, 'y'), baseUrl: 'ftp://x', workers: 0 })).rejects.toThrow(/base URL "ftp:\/\/x"/);
    await expect(exportSite({ root, outDir: join(tmp.path, 'y'), cacheDir: join(tmp.path, 'y', '.cache'), workers: 0 })).rejects.toThrow(/cache folder .* is inside the output folder/);
  });

  it('exports the legacy mint.json site: API pages from OpenAPI, and an index.html leading to the first page', async () => {
    const out = join(tmp.path, 'mint');
    const report = await exportSite({ root: join(FIXTURES, 'legacy-mint'), outDir: out, workers: 0 });
    expect(report.files).toContain('api-reference/list-users.html');
    expect(report.features['api-reference']).toEqual({ included: true });
    const endpoint = readFileSync(join(out, 'api-reference/list-users.html'), 'utf8');
    expect(endpoint).toMatch(/<span class="method method-get">GET<\/span>.*List users/);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('<meta http-equiv="refresh" content="0; url=introduction.html">');
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop now'));
    await expect(exportSite({ root, outDir: join(tmp.path, 'aborted'), signal: controller.signal })).rejects.toThrow('stop now');
    // and in the middle of rendering
    const midway = new AbortController();
    let pages = 0;
    const onProgress = (p: ExportProgress) => {
      if (p.phase === 'render' && p.pagesDone === 2) midway.abort(new Error('stopped midway'));
      if (p.phase === 'render') pages = p.pagesDone;
    };
    await expect(exportSite({ root, outDir: join(tmp.path, 'aborted2'), workers: 0, signal: midway.signal, onProgress })).rejects.toThrow('stopped midway');
    expect(pages).toBeLessThan(6);
  });
});
