/**
 * A page's <head> as Mintlify writes it (optimize/seo.mdx): the canonical link from the
 * frontmatter, docs.json's `seo.metatags.canonical` base or the export's base URL; the
 * generated tags under docs.json's tags under the page's frontmatter tags; and nothing a
 * hostile key or value could turn into markup. The layout is the real one, the page flags
 * and the config come from the real readers, and one small site is exported end to end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutPage } from '../../../src/render/layout/page-layout.js';
import type { SiteModel, SitePage } from '../../../src/render/layout/site-model.js';
import { pageFlags } from '../../../src/render/output/page-flags.js';
import { loadSiteConfig } from '../../../src/render/config/index.js';
import type { Diagnostic, Frontmatter, SiteConfig } from '../../../src/render/types.js';
import { exportedSite, tempDir, writeFiles, type ExportedSite } from '../site/make-site.js';

const PAGES = ['index', 'a/b', 'guides/index'];

function config(seo: Partial<SiteConfig['seo']> = {}): SiteConfig {
  return {
    source: 'docs.json', name: 'Docs', colors: { primary: '#112233' },
    navigation: { root: [{ kind: 'group', group: 'G', children: PAGES.map((page) => ({ kind: 'page' as const, page })) }], sections: [], global: [] },
    navbar: { links: [] }, footer: { socials: {}, links: [] }, redirects: [], appearance: { default: 'system', strict: false },
    seo: { indexing: 'navigable', metatags: {}, ...seo }, errors: {}, integrations: {}, api: { openapi: [] }, raw: {},
  };
}

/**
 * The site of `cfg` and a function giving the <head> of one of its pages; each page's flags come
 * from its frontmatter as the export's scan reads them (problems into `diagnostics`).
 */
function site(cfg: SiteConfig, frontmatter: Record<string, Frontmatter> = {}, baseUrl?: string, diagnostics: Diagnostic[] = []) {
  const pages: Record<string, SitePage> = {};
  for (const p of PAGES) {
    const fm = frontmatter[p] ?? {};
    const source = `---\n${Object.entries(fm).map(([k, v]) => `${/^\w+$/.test(k) ? k : JSON.stringify(k)}: ${JSON.stringify(v)}`).join('\n')}\n---\n`;
    pages[p] = { page: p, file: `${p}.mdx`, title: p, sidebarTitle: p, deprecated: false, inNav: true, ...pageFlags(fm, { hiddenOnly: false, searchable: false }, cfg, `${p}.mdx`, diagnostics, source) };
  }
  const model: SiteModel = { config: cfg, navigation: cfg.navigation, deployment: 'air-gapped', baseUrl, pages, order: PAGES, assets: { css: 'assets/site.css', js: 'assets/site.js', headHtml: '' } };
  const head = (p: string, title = 'Page', description?: string) => {
    const html = layoutPage(model, { page: p, frontmatter: frontmatter[p] ?? {}, title, description, html: '', headings: [] });
    return html.slice(html.indexOf('<head>'), html.indexOf('</head>') + '</head>'.length);
  };
  return { head };
}

/** Every `<meta>` of a head as `attr key=content`, in the order written. */
function metas(h: string): string[] {
  return [...h.matchAll(/<meta (name|property)="([^"]*)" content="([^"]*)">/g)].map((m) => `${m[1]} ${m[2]}=${m[3]}`);
}

const canonicalOf = (h: string) => /<link rel="canonical" href="([^"]*)">/.exec(h)?.[1];

describe('canonical link', () => {
  it('appends the page path to docs.json seo.metatags.canonical, over the export base URL, and never writes it as a <meta>', () => {
    const m = site(config({ canonical: 'https://www.mintlify.com/docs' }), {}, 'https://export.example.com/');
    expect(canonicalOf(m.head('index'))).toBe('https://www.mintlify.com/docs/');
    expect(canonicalOf(m.head('a/b'))).toBe('https://www.mintlify.com/docs/a/b');
    expect(canonicalOf(m.head('guides/index'))).toBe('https://www.mintlify.com/docs/guides');
    expect(metas(m.head('a/b'))).toContain('property og:url=https://www.mintlify.com/docs/a/b');
    expect(m.head('a/b')).not.toMatch(/name="canonical"/);
  });

  it('takes the base from seo.metatags as docs.json is read, and reports one that is not an http(s) URL', async () => {
    const tmp = tempDir();
    try {
      writeFiles(tmp.path, { 'docs.json': JSON.stringify({ name: 'D', navigation: { pages: ['index'] }, seo: { metatags: { canonical: 'https://meilisearch.com/docs/', 'og:x"><b': 'v', 'twitter:site': '@m' } } }) });
      const good = await loadSiteConfig(tmp.path);
      expect(good.config.seo).toEqual({ indexing: 'navigable', metatags: { 'twitter:site': '@m' }, canonical: 'https://meilisearch.com/docs/' });
      expect(good.diagnostics.map((d) => [d.severity, d.path])).toEqual([['warning', 'seo.metatags.og:x"><b']]);
      expect(canonicalOf(site(good.config).head('a/b'))).toBe('https://meilisearch.com/docs/a/b');

      writeFiles(tmp.path, { 'docs.json': JSON.stringify({ name: 'D', navigation: { pages: ['index'] }, seo: { metatags: { canonical: 'javascript:alert(1)//x' } } }) });
      const bad = await loadSiteConfig(tmp.path);
      expect(bad.config.seo).toEqual({ indexing: 'navigable', metatags: {} });
      expect(bad.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', file: 'docs.json', path: 'seo.metatags.canonical' })]);
      expect(canonicalOf(site(bad.config, {}, 'https://export.example.com').head('a/b'))).toBe('https://export.example.com/a/b');
      // nothing else gives one: no canonical link, no og:url
      expect(canonicalOf(site(bad.config).head('a/b'))).toBeUndefined();
      expect(metas(site(bad.config).head('a/b')).some((t) => t.startsWith('property og:url='))).toBe(false);
    } finally {
      tmp.cleanup();
    }
  });

  it('takes a page frontmatter canonical as it is; an invalid one is ignored with a warning naming the file and line', () => {
    const diagnostics: Diagnostic[] = [];
    const m = site(config({ canonical: 'https://docs.example.com' }), { 'a/b': { canonical: 'https://docs.example.com/latest/my-page' }, 'guides/index': { canonical: '/relative/path' } }, undefined, diagnostics);
    expect(canonicalOf(m.head('a/b'))).toBe('https://docs.example.com/latest/my-page');
    expect(metas(m.head('a/b'))).toContain('property og:url=https://docs.example.com/latest/my-page');
    expect(canonicalOf(m.head('guides/index'))).toBe('https://docs.example.com/guides');
    expect(diagnostics).toEqual([{ severity: 'warning', file: 'guides/index.mdx', line: 2, message: 'guides/index.mdx: frontmatter canonical "/relative/path" is not an absolute http(s) URL (ignored)' }]);
  });

});

describe('meta tags', () => {
  it('generates Mintlify\'s tags for every page, sorted, og: and article: as property=', () => {
    const m = site(config({ metatags: { 'google-site-verification': 'tok', 'article:section': 'Tech', 'og:locale': 'en_US' } }), {}, 'https://x.example');
    expect(metas(m.head('a/b', 'Setup', 'How to set up.'))).toEqual([
      'property article:section=Tech',
      'name description=How to set up.',
      'name google-site-verification=tok',
      'property og:description=How to set up.',
      'property og:locale=en_US',
      'property og:site_name=Docs',
      'property og:title=Setup',
      'property og:type=website',
      'property og:url=https://x.example/a/b',
      'name theme-color=#112233',
      'name twitter:card=summary_large_image',
      'name twitter:description=How to set up.',
      'name twitter:title=Setup',
      'name viewport=width=device-width, initial-scale=1',
    ]);
  });

  it('lets docs.json override the generated tags and the page frontmatter override both', () => {
    const m = site(config({ metatags: { 'og:type': 'article', 'twitter:card': 'summary', 'og:image': 'https://img.example/site.png', 'twitter:site': '@site' } }), {
      'a/b': { 'og:title': 'Social title', 'og:image': 'https://img.example/page.png', 'twitter:card': 'summary_large_image', 'twitter:image': 'https://img.example/tw.png', 'twitter:image:width': 800, robots: 'index, follow' },
    });
    const tags = metas(m.head('a/b', 'Setup', 'Desc'));
    expect(tags).toEqual(expect.arrayContaining([
      'property og:type=article', 'property og:title=Social title', 'property og:image=https://img.example/page.png',
      'property og:image:width=1200', 'property og:image:height=630',
      'name twitter:card=summary_large_image', 'name twitter:site=@site', 'name twitter:image=https://img.example/tw.png', 'name twitter:image:width=800',
      'name twitter:title=Social title', 'name robots=index, follow',
    ]));
    // an image size the author gave is theirs: no 630 added to their 800
    expect(tags.filter((t) => t.startsWith('name twitter:image:'))).toEqual(['name twitter:image:width=800']);
    // each key once
    expect(new Set(tags.map((t) => t.split('=')[0])).size).toBe(tags.length);
    // another page keeps docs.json's image and title from its own
    expect(metas(m.head('index', 'Home'))).toEqual(expect.arrayContaining(['property og:image=https://img.example/site.png', 'property og:title=Home', 'name twitter:title=Home']));
  });

  it('falls Twitter back on Open Graph, then on the page', () => {
    const m = site(config(), { 'a/b': { 'og:description': 'OG desc' }, index: { 'twitter:title': 'TW', 'twitter:description': 'TW desc' } });
    expect(metas(m.head('a/b', 'Setup', 'Desc'))).toEqual(expect.arrayContaining(['name twitter:title=Setup', 'name twitter:description=OG desc', 'name description=Desc']));
    expect(metas(m.head('index', 'Home', 'Desc'))).toEqual(expect.arrayContaining(['name twitter:title=TW', 'name twitter:description=TW desc', 'property og:title=Home', 'property og:description=Desc']));
    // no description anywhere: no empty description tags
    expect(metas(m.head('guides/index', 'G')).filter((t) => /description=/.test(t))).toEqual([]);
  });

  it('writes frontmatter keywords as a comma-separated list, a string as it is, and ignores objects', () => {
    const m = site(config({ metatags: { keywords: 'site, wide' } }), { 'a/b': { keywords: ['meta tags', 'SEO', 3], 'og:title': { nested: true } }, index: { keywords: 'one, two' } });
    expect(metas(m.head('a/b', 'Setup'))).toEqual(expect.arrayContaining(['name keywords=meta tags, SEO, 3', 'property og:title=Setup']));
    expect(metas(m.head('index'))).toContain('name keywords=one, two');
    expect(metas(m.head('guides/index'))).toContain('name keywords=site, wide');
  });

  it('keeps noindex on pages that must not be indexed, whatever robots docs.json writes', () => {
    const m = site(config({ metatags: { robots: 'index, follow' } }), { 'a/b': { noindex: true }, index: { noindex: true, robots: 'noindex, nofollow' } });
    expect(metas(m.head('a/b')).filter((t) => t.startsWith('name robots'))).toEqual(['name robots=noindex']);
    expect(metas(m.head('index')).filter((t) => t.startsWith('name robots'))).toEqual(['name robots=noindex, nofollow']);
    expect(metas(m.head('guides/index')).filter((t) => t.startsWith('name robots'))).toEqual(['name robots=index, follow']);
  });

  it('drops a key that is not a plain token and escapes every value', () => {
    const hostile = '"><script>alert(1)</script>';
    const diagnostics: Diagnostic[] = [];
    const m = site(config({ metatags: { 'og:x"><script>alert(1)</script>': 'v', 'author': hostile } }), { 'a/b': { 'og:y" onload="x': 'v', 'og:title': `T ${hostile} & 'q'`, 'twitter:image': 'https://i.example/a.png?a=1&b="2"' } }, undefined, diagnostics);
    const h = m.head('a/b');
    expect(h).not.toContain('<script>');
    expect(h).not.toContain('onload');
    expect(h).not.toContain('og:x');
    expect(metas(h)).toEqual(expect.arrayContaining([
      'name author=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      `property og:title=T &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; 'q'`,
      'name twitter:image=https://i.example/a.png?a=1&amp;b=&quot;2&quot;',
    ]));
    expect(diagnostics.map((d) => d.message)).toEqual(['a/b.mdx: frontmatter "og:y\\" onload=\\"x" is not a meta tag name (letters, digits, ".", ":", "-", "_"); the tag is left out']);
  });
});

describe('a small site exported', () => {
  let site: ExportedSite;
  beforeAll(async () => {
    site = await exportedSite({
      'docs.json': JSON.stringify({ name: 'Meta', navigation: { pages: ['index', 'guides/intro', 'old'] }, seo: { metatags: { canonical: 'https://docs.example.com/docs', 'twitter:site': '@meta' } } }),
      'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
      'guides/intro.mdx': '---\ntitle: Intro\ndescription: Start here.\n"og:title": "Social intro"\nkeywords: ["a", "b"]\n---\n\nText.\n',
      'old.mdx': '---\ntitle: Old\ncanonical: "ftp://docs.example.com/old"\n---\n\nText.\n',
    }, { baseUrl: 'https://export.example.com/' });
  });
  afterAll(() => site.cleanup());

  it('writes Mintlify\'s head on every page and reports the bad canonical with its line', () => {
    const intro = site.read('guides/intro.html');
    expect(intro).toContain('<link rel="canonical" href="https://docs.example.com/docs/guides/intro">');
    expect(intro).toContain('<meta property="og:title" content="Social intro">');
    expect(intro).toContain('<meta name="twitter:title" content="Social intro">');
    expect(intro).toContain('<meta name="keywords" content="a, b">');
    expect(intro).toContain('<meta name="twitter:site" content="@meta">');
    expect(site.read('index.html')).toContain('<link rel="canonical" href="https://docs.example.com/docs/">');
    expect(site.read('old.html')).toContain('<link rel="canonical" href="https://docs.example.com/docs/old">');
    expect(site.read('404.html')).not.toContain('rel="canonical"');
    expect(site.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', file: 'old.mdx', line: 3 }));
    // the sitemap stays on the export's base URL
    expect(site.read('sitemap.xml')).toContain('<loc>https://export.example.com/guides/intro</loc>');
  });

  it("lists docs.json's canonical base in the sitemap and robots.txt when the export has no base URL", async () => {
    const bare = await site.again('bare');
    expect(bare.read('sitemap.xml')).toContain('<loc>https://docs.example.com/docs/guides/intro</loc>');
    expect(bare.read('robots.txt')).toContain('Sitemap: https://docs.example.com/docs/sitemap.xml');
  });
});
