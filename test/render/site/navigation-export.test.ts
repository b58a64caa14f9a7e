/**
 * Exports the products fixture and the versioned, multilingual fixture and reads the
 * written HTML: every navigation page is written; products, tabs, menus and group
 * root pages are drawn; page frontmatter (`url`, `mode`, `hidden`, `noindex`,
 * `deprecated`, `tag`, `hideFooterPagination`) and `seo.indexing` decide the sidebar,
 * the layout, the sitemap and the search index; each page carries its language's
 * `<html lang>`, words, banner, navbar and footer, and a pager that stays in its
 * language and version.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenPages, loadSiteConfig } from '../../../src/render/config/index.js';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { FIXTURES, tempDir, type TempDir } from './make-site.js';

let tmp: TempDir;
const out: Record<string, string> = {};
const reports: Record<string, ExportReport> = {};
const html = (site: string, page: string) => readFileSync(join(out[site], `${page}.html`), 'utf8');
/** The page without its inline SVG icons, so assertions read as the structure. */
const noSvg = (doc: string) => doc.replace(/<svg\b[^]*?<\/svg>/g, '');
const pagerOf = (doc: string) => [...(/<nav class="pager"[^]*?<\/nav>/.exec(doc)?.[0] ?? '').matchAll(/href="([^"]+)" rel="(prev|next)"/g)].map((m) => `${m[2]}:${m[1]}`);

beforeAll(async () => {
  tmp = tempDir();
  for (const site of ['products', 'multilingual']) {
    out[site] = join(tmp.path, site);
    reports[site] = await exportSite({ root: join(FIXTURES, site), outDir: out[site], workers: 0, baseUrl: 'https://docs.example.com' });
  }
}, 120_000);
afterAll(() => tmp?.cleanup());

describe('export of a products site', () => {
  it('writes every navigation page', async () => {
    const { config } = await loadSiteConfig(join(FIXTURES, 'products'));
    const pages = flattenPages(config.navigation);
    expect(pages).toHaveLength(15);
    for (const page of pages) expect(existsSync(join(out.products, `${page}.html`)), page).toBe(true);
    expect(reports.products.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The tab's AsyncAPI channel gets its page beside the tab's groups, with the message's fields.
    expect(reports.products.diagnostics.filter((d) => d.file === 'platform-events.yaml')).toEqual([]);
    expect(html('products', 'api-reference/websockets/deployments')).toMatch(/Deployment finished[\s\S]*id="payload-id"/);
    const pageWarnings = reports.products.diagnostics.filter((d) => d.file !== 'docs.json' && d.file !== 'platform-events.yaml').map((d) => d.message);
    expect(pageWarnings).toEqual([
      'platform/internal/notes.mdx: frontmatter groups is not applied (access groups need authentication, which a static export does not have: the page is public)',
      'unlisted.mdx: frontmatter mode "assistant" is not applied (the assistant is a hosted service a static export does not have); the page uses the standard layout',
    ]);
    // Each warning points at its key's line in the frontmatter, not at line 1.
    expect(reports.products.diagnostics.filter((d) => d.message.includes('is not applied')).map((d) => `${d.file}:${d.line}`)).toEqual(['platform/internal/notes.mdx:3', 'unlisted.mdx:3']);
  });

  it('draws the product picker atop the sidebar, the product tabs, the tab menu and the group root page as the title link', () => {
    const doc = html('products', 'platform/setup/install');
    const bare = noSvg(doc);
    // Products: a picker at the top of the sidebar showing the current product, its list leading to each.
    expect(bare).toContain('<aside class="sidebar" id="sidebar" aria-label="Navigation"><div class="sidebar-inner" id="sidebar-content"><div class="nav-menu nav-picker nav-picker-product" data-nav-menu>' +
      '<button type="button" class="nav-menu-button" aria-expanded="false" aria-controls="nav-menu-product"><span class="nav-menu-icon"></span><span class="nav-menu-text"><span class="nav-menu-label">Platform</span><span class="nav-menu-description">Run the platform</span></span></button>');
    expect(bare).toContain('<a class="nav-menu-item" href="install.html" aria-current="true">');
    expect(bare).toContain('<a class="nav-menu-item" href="../../analytics/overview.html"><span class="nav-menu-icon"></span><span class="nav-menu-text"><span class="nav-menu-label">Analytics</span><span class="nav-menu-description">Measure everything</span></span></a>');
    expect(bare).toContain('<a class="nav-menu-item" href="https://mobile.example.com"><span class="nav-menu-icon"></span><span class="nav-menu-text"><span class="nav-menu-label">Mobile SDK</span></span></a>');
    expect(bare).not.toContain('switcher-product');
    // A tab with a menu: a button in the tab bar opening its items, the current one marked.
    expect(bare).toContain('<div class="nav-menu tab-menu" data-nav-menu><button type="button" class="nav-menu-button section-tab" aria-expanded="false" aria-controls="nav-menu-tab-0" aria-current="true">Guides</button><ul class="nav-menu-list" id="nav-menu-tab-0">' +
      '<li><a class="nav-menu-item" href="index.html" aria-current="true"><span class="nav-menu-icon"></span><span class="nav-menu-text"><span class="nav-menu-label">Getting started</span><span class="nav-menu-description">First steps</span></span></a></li>' +
      '<li><a class="nav-menu-item" href="../ops/scaling.html"><span class="nav-menu-icon"></span><span class="nav-menu-text"><span class="nav-menu-label">Operations</span></span></a></li></ul></div>');
    expect(doc).toContain('<a class="section-tab" href="../api/overview.html">API</a>');
    // Menu items are no longer anchors; the mobile menu lists the tabs with their items.
    expect(bare).toContain('<ul class="nav-anchors"><li><a class="nav-anchor" href="https://status.example.com"><span>Status</span></a></li></ul>');
    expect(bare).toContain('<nav class="sidebar-tabs" aria-label="Sections"><ul class="nav-tree"><li><a class="nav-link sidebar-tab" href="index.html" aria-current="true"><span class="nav-label">Guides</span></a><ul class="sidebar-tab-menu"><li><a class="nav-link" href="index.html" aria-current="true"><span class="nav-label">Getting started</span></a></li>');
    expect(doc).toContain('<p class="nav-group-title sidebar-group-header"><a class="nav-group-root" href="index.html">Setup<span class="nav-tag">NEW</span></a></p>');
    // The root page is the group title, not an entry of its own; the hidden group is not drawn.
    expect(doc).not.toMatch(/<a class="nav-link[^>]*>(<span class="nav-label">)?Setup overview</);
    expect(doc).not.toContain('Internal');
    expect(html('products', 'platform/setup/index')).toContain('<a class="nav-group-root" href="index.html" aria-current="page">');
    expect(pagerOf(doc)).toEqual(['prev:index.html', 'next:configure.html']);
  });

  it('applies sidebarTitle, tag, deprecated, url and hidden in the sidebar', () => {
    const doc = html('products', 'platform/ops/scaling');
    const setup = html('products', 'platform/setup/install');
    expect(setup).toContain('<span class="nav-label">Install</span>');
    expect(setup).toContain('<span class="nav-label">Configure</span><span class="nav-tag">BETA</span>');
    expect(setup).toContain('<a class="nav-link nav-deprecated" href="legacy.html">');
    expect(html('products', 'platform/setup/legacy')).toContain('<span class="nav-tag page-deprecated">Deprecated</span>');
    expect(doc).toMatch(/<a class="nav-link nav-external" href="https:\/\/status\.example\.com\/platform">.*?Status page/);
    // a `url` that is a site path leads to that page, linked from here like any page (0xsequence's sidebar)
    expect(doc).toContain('<a class="nav-link" href="../setup/install.html#requirements"><span class="nav-label">Installing again</span></a>');
    expect(doc).toContain('<span class="nav-label">Backups</span>');
    expect(doc).not.toMatch(/<a class="nav-link[^>]*>(<span class="nav-label">)?Restore</);
    // `expanded: true` opens a nested group the current page is not in.
    expect(doc).toMatch(/<li class="nav-subgroup"><details open><summary>.*?Backups/);
  });

  it('lays pages out by their mode and hides the pager where asked', () => {
    const layout = (page: string) => /<div class="(layout[^"]*)" id="body-content">/.exec(html('products', page))![1];
    expect(layout('platform/ops/scaling')).toBe('layout no-toc mode-wide');
    expect(layout('analytics/landing')).toBe('layout no-toc no-sidebar mode-custom');
    expect(layout('analytics/changelog')).toBe('layout no-toc no-sidebar mode-center');
    expect(html('products', 'analytics/landing')).not.toContain('class="site-footer"');
    expect(html('products', 'analytics/landing')).not.toContain('class="page-title"');
    expect(html('products', 'analytics/dashboards')).not.toContain('class="pager"');
    expect(layout('unlisted')).toBe('layout no-toc');
  });

  it('keeps hidden, noindex and unlisted pages out of the sitemap and search; noindex where Mintlify writes it', () => {
    const sitemap = readFileSync(join(out.products, 'sitemap.xml'), 'utf8');
    for (const page of ['platform/ops/restore', 'platform/api/overview', 'platform/internal/notes', 'unlisted']) expect(sitemap).not.toContain(`/${page}<`);
    expect(sitemap).toContain('https://docs.example.com/platform/ops/backups<');
    const robots = (page: string) => html('products', page).includes('<meta name="robots" content="noindex">');
    expect([robots('platform/ops/restore'), robots('platform/api/overview'), robots('platform/internal/notes'), robots('unlisted'), robots('platform/ops/backups')]).toEqual([true, true, false, false, false]);
    // every index of the site (one per language and version), every shard of each
    const { scopes } = JSON.parse(readFileSync(join(out.products, 'search', 'scopes.json'), 'utf8')) as { scopes: { id: string; shards: number }[] };
    const searched = scopes.flatMap((s) => Array.from({ length: s.shards }, (_, n) => join(out.products, 'search', s.id, n ? `shard-${n}` : '', 'index.json')))
      .flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as { pages: [string][] }).pages.map((p) => p[0]));
    expect(searched).toContain('platform/ops/backups.html');
    for (const page of ['platform/ops/restore', 'platform/api/overview', 'platform/internal/notes', 'unlisted']) expect(searched).not.toContain(`${page}.html`);
  });

  it('writes errors.404 into 404.html, which sends unknown paths home', () => {
    const doc = readFileSync(join(out.products, '404.html'), 'utf8');
    expect(doc).toContain('<title>Lost? - Products fixture</title>');
    expect(doc).toContain('Nothing lives at this address.');
    expect(doc).toContain('data-not-found-home="platform/setup/index.html"');
  });
});

describe('export of a versioned, multilingual site', () => {
  it('writes every navigation page with its language in <html lang> and the interface in that language', () => {
    expect(reports.multilingual.diagnostics).toEqual([]);
    const lang = (page: string) => /<html lang="([^"]+)"/.exec(html('multilingual', page))![1];
    expect(['index', 'v1/quickstart', 'fr/quickstart', 'fr/v1/index', 'jp/quickstart', 'fr/support', 'support'].map(lang)).toEqual(['en', 'en', 'fr', 'fr', 'ja', 'fr', 'en']);
    const jp = html('multilingual', 'jp/quickstart');
    expect(jp).toContain('<p class="toc-title">このページの内容</p>');
    expect(jp).toContain('<span class="search-label">検索…</span>');
    expect(jp).toMatch(/<span class="pager-dir">.*? 前へ<\/span>/);
    expect(jp).toContain('"searching":"検索中…"');
    // Landmarks and the search dialog's key hints too: no English word left in the chrome.
    expect(jp).toContain('<nav class="navbar" aria-label="サイトのリンク">');
    expect(jp).toContain('<kbd>Enter</kbd> で開く</span><span><kbd>Esc</kbd> で閉じる</span>');
    expect(jp).toContain('"collapse":"折りたたむ","language":"言語","searchUnavailable":"検索は利用できません。"');
    expect(jp).not.toMatch(/aria-label="(Sections|Breadcrumb|Site links)"|> to (move|open|close)</);
    const fr = html('multilingual', 'fr/quickstart');
    expect(fr).toContain('<p class="toc-title">Sur cette page</p>');
    expect(fr).toMatch(/Suivant .*?<\/span><span class="pager-title pagination-title">Déployer<\/span>/);
    expect(html('multilingual', 'quickstart')).not.toContain('id="quire-ui"');
  });

  it('shows the page language in the switcher and leads to the same page in the other language and version', () => {
    const fr = noSvg(html('multilingual', 'fr/v1/quickstart'));
    expect(fr).toContain('<div class="nav-menu switcher switcher-language" data-nav-menu><button type="button" class="nav-menu-button" aria-expanded="false" aria-controls="nav-menu-language"><span>Français</span></button>');
    expect(fr).toContain('<a class="nav-menu-item" href="../../v1/quickstart.html" hreflang="en" lang="en"><span class="nav-menu-text"><span class="nav-menu-label">English</span></span></a>');
    expect(fr).toContain('<a class="nav-menu-item" href="../../jp/index.html" hreflang="ja" lang="ja"><span class="nav-menu-text"><span class="nav-menu-label">日本語</span></span></a>');
    expect(fr).toContain('<a class="nav-menu-item" href="quickstart.html" hreflang="fr" lang="fr" aria-current="true">');
    expect(fr).toContain('<button type="button" class="nav-menu-button" aria-expanded="false" aria-controls="nav-menu-version"><span>v1</span></button>');
    expect(fr).toContain('<a class="nav-menu-item" href="../quickstart.html"><span class="nav-menu-text"><span class="nav-menu-label">v2 <span class="nav-tag">Dernière</span></span></span></a>');
    expect(noSvg(html('multilingual', 'jp/index'))).toContain('aria-controls="nav-menu-language"><span>日本語</span></button>');
    // Small screens have no room in the top bar: the same switchers open at the top of the sidebar.
    expect(fr).toContain('<div class="sidebar-inner" id="sidebar-content"><div class="sidebar-switchers"><div class="nav-menu nav-picker nav-picker-language" data-nav-menu><button type="button" class="nav-menu-button" aria-expanded="false" aria-controls="nav-menu-sidebar-language"><span class="nav-menu-icon"></span><span class="nav-menu-text"><span class="nav-menu-label">Français</span></span></button>');
    expect(fr).toContain('aria-controls="nav-menu-sidebar-version"><span class="nav-menu-text"><span class="nav-menu-label">v1</span></span></button>');
  });

  it('keeps the pager inside one language and one version', () => {
    expect(pagerOf(html('multilingual', 'guides/deploy'))).toEqual(['prev:../quickstart.html']);
    expect(pagerOf(html('multilingual', 'v1/quickstart'))).toEqual(['prev:index.html']);
    expect(pagerOf(html('multilingual', 'fr/index'))).toEqual(['next:quickstart.html']);
    expect(pagerOf(html('multilingual', 'fr/v1/quickstart'))).toEqual(['prev:index.html']);
  });

  it("uses a language's own banner, navbar and footer, and the site's elsewhere", () => {
    const fr = html('multilingual', 'fr/index');
    expect(fr).toContain('<p>Bienvenue dans la documentation</p>');
    expect(fr).toContain('aria-label="Fermer"');
    expect(fr).toContain('<li><a href="support.html">Assistance</a></li>');
    expect(fr).toContain('<p class="footer-header">Ressources</p>');
    const en = html('multilingual', 'index');
    expect(en).toContain('<p>Welcome to the docs</p>');
    expect(en).toContain('<li><a href="support.html">Support</a></li>');
    expect(en).not.toContain('Ressources');
    expect(html('multilingual', 'jp/index')).toContain('<li><a href="../support.html">Support</a></li>');
  });
});
