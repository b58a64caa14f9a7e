/**
 * The layout on its own: everything from the config is escaped (no markup, no
 * `javascript:` URL gets through), the sidebar leaves hidden pages and groups out and
 * collapses far groups of very large sections, the theme takes the site's colors
 * as CSS variables and refuses anything that is not a color.
 */
import { describe, expect, it } from 'vitest';
import { layoutPage } from '../../../src/render/layout/page-layout.js';
import type { SiteModel, SitePage } from '../../../src/render/layout/site-model.js';
import { renderSidebarTree, INLINE_LIMIT } from '../../../src/render/layout/sidebar.js';
import { buildTheme, colorVariables } from '../../../src/render/theme/build-theme.js';
import type { NavNode, RenderedPage, SiteConfig } from '../../../src/render/types.js';

function page(p: string, extra: Partial<SitePage> = {}): SitePage {
  return { page: p, title: p, sidebarTitle: p, hidden: false, noindex: false, listed: true, searchable: true, deprecated: false, inNav: true, ...extra };
}

function config(extra: Partial<SiteConfig> = {}): SiteConfig {
  return {
    source: 'docs.json', name: 'Docs', colors: { primary: '#112233' },
    navigation: { root: [{ kind: 'group', group: 'G', children: [{ kind: 'page', page: 'index' }, { kind: 'page', page: 'a/b' }, { kind: 'page', page: 'hid' }] }], sections: [], global: [] },
    navbar: { links: [] }, footer: { socials: {}, links: [] }, redirects: [], appearance: { default: 'system', strict: false },
    seo: { indexing: 'navigable', metatags: {} }, errors: {}, integrations: {}, api: { openapi: [] }, raw: {}, ...extra,
  };
}

function model(cfg: SiteConfig): SiteModel {
  return {
    config: cfg, navigation: cfg.navigation, deployment: 'air-gapped',
    pages: { index: page('index', { title: 'Home', sidebarTitle: 'Home' }), 'a/b': page('a/b', { title: 'B <b>', sidebarTitle: 'B <b>' }), hid: page('hid', { hidden: true, title: 'Hidden', sidebarTitle: 'Hidden' }) },
    order: ['index', 'a/b'], assets: { css: 'assets/site.00000000.css', js: 'assets/site.00000000.js', headHtml: '' },
  };
}

const rendered = (p: string, title: string): RenderedPage => ({ page: p, frontmatter: {}, title, html: '<p>body</p>', headings: [{ depth: 2, text: 'A & B', id: 'a-b' }], brokenLinks: [], assets: [], diagnostics: [] });

describe('layoutPage', () => {
  it('escapes every value from the config and refuses unsafe URLs', () => {
    const cfg = config({
      name: '</title><script>alert(1)</script>',
      navbar: { links: [{ label: '<img src=x onerror=alert(1)>', href: 'javascript:alert(1)' }], primary: { label: 'Go"', href: ' JaVa\tScRiPt:alert(1)' } },
      footer: { socials: { github: 'javascript:alert(1)' }, links: [{ header: '<b>H</b>', items: [{ label: 'x', href: 'https://ok.example/"onmouseover="x' }] }] },
      banner: { content: 'Hi <script>x</script> [link](javascript:alert(1))' },
      seo: { indexing: 'navigable', metatags: { 'og:x"': '"><script>' } },
    });
    const html = layoutPage(model(cfg), rendered('a/b', 'B <b>'));
    expect(html).not.toMatch(/<script>alert|<img src=x|<b>H<\/b>|<script>x/);
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).not.toMatch(/href="\s*JaVa/i);
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://ok.example/&quot;onmouseover=&quot;x"');
    expect(html).toContain('<h1 class="page-title" id="page-title">B &lt;b&gt;</h1>');
    expect(html).toContain('<a href="#a-b">A &amp; B</a>');
    expect(html).toContain('<a href="#">link</a>');
  });

  it('marks the current page, leaves hidden pages out and links relative to the page', () => {
    const html = layoutPage(model(config()), rendered('a/b', 'B'));
    expect(html).toContain('<a class="nav-link" href="b.html" aria-current="page">');
    expect(html).toContain('<a class="nav-link" href="../index.html">');
    expect(html).not.toContain('Hidden');
    expect(html).toContain('href="../assets/site.00000000.css"');
    expect(html).toContain('href="../index.html" rel="prev"');
  });

  it('leaves out the theme toggle when the appearance is strict', () => {
    const html = layoutPage(model(config({ appearance: { default: 'dark', strict: true } })), rendered('index', 'Home'));
    expect(html).toContain('data-appearance="dark" data-strict');
    expect(html).not.toContain('data-theme-toggle');
  });
});

describe('sidebar of a very large section', () => {
  it('draws far top-level groups as one link to their first page', () => {
    const groups: NavNode[] = [];
    const pages: Record<string, SitePage> = {};
    for (let g = 0; g < 30; g++) {
      const children: NavNode[] = [];
      for (let i = 0; i < 14; i++) {
        const p = `s${g}/p${i}`;
        pages[p] = page(p);
        children.push({ kind: 'page', page: p });
      }
      groups.push({ kind: 'group', group: `Group ${g}`, children });
    }
    expect(30 * 15).toBeGreaterThan(INLINE_LIMIT);
    const html = renderSidebarTree(groups, { current: 's7/p3', pages, href: (p) => `${p}.html`, icon: () => '' });
    expect(html).toContain('<a class="nav-link" href="s7/p3.html" aria-current="page">');
    expect(html).toContain('href="s7/p13.html"');
    expect(html).toContain('<li class="nav-group-collapsed"><a href="s8/p0.html">Group 8</a></li>');
    expect(html).not.toContain('href="s8/p1.html"');
    expect((html.match(/nav-group-collapsed/g) ?? []).length).toBe(29);
  });

  it('collapses nested groups away from the current page in a large section (an API reference: one group of tag groups)', () => {
    const pages: Record<string, SitePage> = {};
    const tags: NavNode[] = [];
    for (let t = 0; t < 20; t++) {
      const children: NavNode[] = [];
      for (let i = 0; i < 25; i++) {
        const p = `api/t${t}/op${i}`;
        pages[p] = page(p);
        children.push({ kind: 'page', page: p });
      }
      tags.push({ kind: 'group', group: `Tag ${t}`, children });
    }
    const html = renderSidebarTree([{ kind: 'group', group: 'Reference', children: tags }], { current: 'api/t4/op7', pages, href: (p) => `${p}.html`, icon: () => '' });
    // the current tag is drawn whole, open; every other one is a link to its first operation
    expect(html).toContain('<a class="nav-link" href="api/t4/op7.html" aria-current="page">');
    expect(html).toContain('href="api/t4/op24.html"');
    expect(html).toContain('<li class="nav-subgroup nav-group-collapsed"><a href="api/t5/op0.html">Tag 5</a></li>');
    expect(html).not.toContain('href="api/t5/op1.html"');
    expect((html.match(/class="nav-link/g) ?? []).length).toBe(25);
    expect((html.match(/nav-subgroup nav-group-collapsed/g) ?? []).length).toBe(19);
    // a small section still shows every page
    const small = renderSidebarTree([{ kind: 'group', group: 'Reference', children: tags.slice(0, 3) }], { current: 'api/t0/op0', pages, href: (p) => `${p}.html`, icon: () => '' });
    expect((small.match(/class="nav-link/g) ?? []).length).toBe(75);
  });

  it('draws only a window of groups around the current one when there are very many', () => {
    const groups: NavNode[] = [];
    const pages: Record<string, SitePage> = {};
    for (let g = 0; g < 300; g++) {
      const p = `s${g}/p0`;
      pages[p] = page(p);
      groups.push({ kind: 'group', group: `Group ${g}`, children: [{ kind: 'page', page: p }, { kind: 'page', page: `s${g}/p1` }] });
      pages[`s${g}/p1`] = page(`s${g}/p1`);
    }
    const html = renderSidebarTree(groups, { current: 's150/p1', pages, href: (p) => `${p}.html`, icon: () => '' });
    expect(html).toContain('<a class="nav-link" href="s150/p1.html" aria-current="page">');
    expect(html).toContain('<a href="s130/p0.html">Group 130</a>');
    expect(html).toContain('<a href="s170/p0.html">Group 170</a>');
    expect(html).not.toContain('Group 129<');
    expect(html).not.toContain('Group 171<');
    expect(html).toContain('<li class="nav-group-collapsed nav-more"><a href="s129/p0.html">130 earlier entries</a></li>');
    expect(html).toContain('<li class="nav-group-collapsed nav-more"><a href="s171/p0.html">129 more entries</a></li>');
    const first = renderSidebarTree(groups, { current: 's0/p0', pages, href: (p) => `${p}.html`, icon: () => '' });
    expect(first).toContain('Group 40<');
    expect(first).not.toContain('earlier entries');
  });
});

describe('theme', () => {
  it('puts the site colors in CSS variables and refuses anything but a color', () => {
    // Quire's own variables hold the colours; Mintlify's names hold R G B triplets for the site's CSS.
    expect(colorVariables({ primary: '#0D9373', light: '#07C983' }, { dark: '#1A003B' })).toBe(
      ':root{--q-primary:#0D9373;--q-primary-light:#07C983;--q-primary-dark:#0D9373;--q-primary-dark-mode:#07C983;' +
        '--primary:13 147 115;--primary-light:7 201 131;--primary-dark:13 147 115;--background-light:255 255 255;--background-dark:26 0 59}',
    );
    expect(colorVariables({ primary: '#abc', dark: 'rgb(1, 2, 3)' })).toContain('--primary:170 187 204;--primary-light:170 187 204;--primary-dark:1 2 3;');
    expect(colorVariables({ primary: 'hsl(10 50% 50%)' })).toContain('--primary:191 85 64;');
    expect(colorVariables({ primary: 'red;}body{display:none' })).toContain('--q-primary:#16a34a;--q-primary-light:#16a34a;--q-primary-dark:#16a34a;--q-primary-dark-mode:#16a34a;--primary:22 163 74;');
    const a = buildTheme(config());
    const b = buildTheme(config());
    expect(a.css.path).toMatch(/^assets\/site\.[0-9a-f]{8}\.css$/);
    expect(a).toEqual(b);
    expect(buildTheme(config({ colors: { primary: '#445566' } })).css.path).not.toBe(a.css.path);
  });
});
