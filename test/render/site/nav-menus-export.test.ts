/**
 * Exports the navigation chrome fixture (a tab with a `menu`, a tab of `dropdowns`, a
 * tab of `anchors`, global anchors) and the product menus fixture (a product whose
 * `menu` divides it) and reads the HTML each page carries: the tab menu in the tab
 * bar, the pickers at the top of the sidebar, the anchors, and the small-screen copy
 * of the tabs in the mobile menu, each marked for the page's own section.
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
/** A written page without its inline SVG icons, so assertions read as the structure. */
const html = (site: string, page: string) => readFileSync(join(out[site], `${page}.html`), 'utf8').replace(/<svg\b[^]*?<\/svg>/g, '');
/** The labels of a menu's items, in order, with `*` after the current one. */
const menuItems = (doc: string, id: string) => {
  // The list ends where its menu does, not where a product column's own list does.
  const list = new RegExp(`<ul class="nav-menu-list[^"]*" id="nav-menu-${id}">([^]*?)</ul></div>(?!<div class="nav-menu-column"|</div></li>)`).exec(doc)?.[1] ?? '';
  return [...list.matchAll(/<a class="nav-menu-item" href="([^"]+)"( aria-current="true")?>[^]*?<span class="nav-menu-label">([^<]*)</g)].map((m) => `${m[3]}${m[2] ? '*' : ''} -> ${m[1]}`);
};

beforeAll(async () => {
  tmp = tempDir();
  for (const site of ['nav-chrome', 'product-menus']) {
    out[site] = join(tmp.path, site);
    reports[site] = await exportSite({ root: join(FIXTURES, site), outDir: out[site], workers: 0 });
  }
}, 120_000);
afterAll(() => tmp?.cleanup());

describe('navigation chrome', () => {
  it('writes every navigation page without a diagnostic', async () => {
    for (const site of ['nav-chrome', 'product-menus']) {
      const { config } = await loadSiteConfig(join(FIXTURES, site));
      for (const page of flattenPages(config.navigation)) expect(existsSync(join(out[site], `${page}.html`)), page).toBe(true);
      expect(reports[site].diagnostics).toEqual([]);
    }
  });

  it('draws a tab with a menu as a button in the tab bar, its items leading to their own sections', () => {
    const install = html('nav-chrome', 'guides/install');
    expect(install).toContain('<nav class="section-tabs" aria-label="Sections"><ul><li><div class="nav-menu tab-menu" data-nav-menu>' +
      '<button type="button" class="nav-menu-button section-tab" aria-expanded="false" aria-controls="nav-menu-tab-0" aria-current="true">Guides</button>');
    expect(menuItems(install, 'tab-0')).toEqual(['Basics* -> ../index.html', 'Advanced -> advanced/tuning.html', 'Courses -> https://learn.example.com']);
    expect(install).toContain('<span class="nav-menu-label">Basics</span><span class="nav-menu-description">Start here</span>');
    // Plain tabs stay links; only the current tab is marked.
    expect(install).toContain('<li><a class="section-tab" href="../reference/rest/overview.html">Reference</a></li>');
    expect(menuItems(html('nav-chrome', 'guides/advanced/scaling'), 'tab-0')).toEqual(['Basics -> ../../index.html', 'Advanced* -> tuning.html', 'Courses -> https://learn.example.com']);
    // The menu items are not drawn again as anchors, and the sidebar holds only the item's pages.
    expect(install).not.toContain('class="nav-anchor" href="advanced/tuning.html"');
    expect(html('nav-chrome', 'guides/advanced/tuning')).toMatch(/<ul class="nav-tree" id="navigation-items"><li><a class="nav-link" href="tuning\.html" aria-current="page">Tuning<\/a><\/li><li><a class="nav-link" href="scaling\.html">Scaling<\/a><\/li><\/ul>/);
    expect(install).toContain('<nav class="breadcrumbs" aria-label="Breadcrumb"><ol class="breadcrumb-list"><li class="breadcrumb-item">Guides</li><li class="breadcrumb-item">Basics</li><li class="breadcrumb-item">Getting started</li></ol></nav>');
  });

  it('holds the tabs and their menu items in the mobile menu, the current ones marked', () => {
    const tuning = html('nav-chrome', 'guides/advanced/tuning');
    const tabs = /<nav class="sidebar-tabs" aria-label="Sections">([^]*?)<\/nav>/.exec(tuning)?.[1] ?? '';
    const links = [...tabs.matchAll(/<a class="([^"]+)" href="([^"]+)"( aria-current="true")?><span class="nav-label">([^<]*)</g)].map((m) => `${m[1] === 'nav-link' ? '  ' : ''}${m[4]}${m[3] ? '*' : ''} -> ${m[2]}`);
    expect(links).toEqual([
      'Guides* -> ../../index.html',
      '  Basics -> ../../index.html',
      '  Advanced* -> tuning.html',
      '  Courses -> https://learn.example.com',
      'Reference -> ../../reference/rest/overview.html',
      'Community -> ../../community/forum.html',
      'Changelog -> ../../changelog.html',
    ]);
  });

  it('draws dropdowns as a picker at the top of the sidebar, showing the current one', () => {
    const auth = html('nav-chrome', 'reference/rest/auth');
    expect(auth).toContain('<div class="nav-menu nav-picker nav-picker-dropdown" data-nav-menu><button type="button" class="nav-menu-button" aria-expanded="false" aria-controls="nav-menu-dropdown-1">' +
      '<span class="nav-menu-icon"></span><span class="nav-menu-text"><span class="nav-menu-label">REST API</span><span class="nav-menu-description">HTTP endpoints</span></span></button>');
    expect(menuItems(auth, 'dropdown-1')).toEqual(['REST API* -> overview.html', 'GraphQL -> ../graphql/overview.html', 'Status -> https://status.example.com']);
    expect(html('nav-chrome', 'reference/graphql/overview')).toMatch(/aria-controls="nav-menu-dropdown-1"><span class="nav-menu-icon"><\/span><span class="nav-menu-text"><span class="nav-menu-label">GraphQL<\/span>/);
    // A link that leaves the site says so.
    expect(readFileSync(join(out['nav-chrome'], 'reference/rest/auth.html'), 'utf8')).toMatch(/<span class="nav-menu-label">Status<\/span><\/span><svg class="icon nav-menu-external"/);
  });

  it('draws anchors and global anchors as links at the top of the sidebar, site paths made relative', () => {
    const forum = html('nav-chrome', 'community/forum');
    expect([...forum.matchAll(/<a class="nav-anchor" href="([^"]+)"( aria-current="true")?><span>([^<]*)</g)].map((m) => `${m[3]}${m[2] ? '*' : ''} -> ${m[1]}`)).toEqual([
      'Changelog -> ../changelog.html',
      'Blog -> https://blog.example.com',
      'Forum* -> forum.html',
      'Events -> events.html',
      'Source -> https://git.example.com/example',
    ]);
    expect(html('nav-chrome', 'changelog')).toContain('<a class="nav-anchor" href="changelog.html" aria-current="true"><span>Changelog</span></a>');
  });

  it("draws a product's menu as columns of its entry in the product switcher", () => {
    const users = html('product-menus', 'core/users');
    // The product entries, then each menu item heading its column (groups and pages under it).
    expect(menuItems(users, 'product')).toEqual([
      'Core API* -> users.html', 'Guides -> quickstart.html', 'API reference* -> users.html', 'Changelog -> https://example.com/changelog', 'Cloud -> ../cloud/overview.html',
    ]);
    expect(users).toContain('<ul class="nav-menu-list nav-menu-list-wide" id="nav-menu-product"><li class="nav-menu-has-columns">');
    const columns = [...users.matchAll(/<div class="nav-menu-column">[^]*?<span class="nav-menu-label">([^<]*)<[^]*?(?:<ul>([^]*?)<\/ul>)?<\/div>/g)]
      .map((m) => `${m[1]}: ${[...(m[2] ?? '').matchAll(/href="([^"]+)"( aria-current="true")?>([^<]*)</g)].map((l) => `${l[3]}${l[2] ? '*' : ''} -> ${l[1]}`).join(', ')}`);
    expect(columns).toEqual(['Guides: Getting started -> quickstart.html', 'API reference: Users* -> users.html, Orders -> orders.html', 'Changelog: ']);
    // No second picker: the menu lives in the switcher; the sidebar holds the current item's pages.
    expect(users).not.toContain('nav-picker-menu');
    expect(users).toContain('<ul class="nav-tree" id="navigation-items"><li><a class="nav-link" href="users.html" aria-current="page">Users</a></li><li><a class="nav-link" href="orders.html">Orders</a></li></ul>');
    // The other product has no menu: a plain entry, and a plain list on its own pages too.
    const cloud = html('product-menus', 'cloud/overview');
    expect(cloud).not.toContain('nav-picker-menu');
    expect(menuItems(cloud, 'product')[4]).toBe('Cloud* -> overview.html');
  });
});
