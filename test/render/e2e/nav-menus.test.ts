/**
 * End to end on the navigation chrome fixture and the products fixture, exported and
 * driven in headless Chromium: a tab's menu opens from the tab bar (button with
 * aria-expanded, Escape closes, arrow keys move), picking an item lands on its page
 * with its own sidebar; the dropdown and product pickers at the top of the sidebar do
 * the same; on a 390 px screen the mobile menu holds the tabs and their items; without
 * the script the menus still open on hover and focus, so their links stay reachable.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { launchBrowser } from '../../helpers/browser.js';
import { FIXTURES, tempDir, type TempDir } from '../site/make-site.js';
import { serveStatic, type StaticServer } from './static-server.js';

describe('navigation menus in Chromium', () => {
  let tmp: TempDir;
  const servers: Record<string, StaticServer> = {};
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    tmp = tempDir();
    for (const site of ['nav-chrome', 'products', 'product-menus']) {
      const out = join(tmp.path, site);
      await exportSite({ root: join(FIXTURES, site), outDir: out, workers: 0 });
      servers[site] = await serveStatic(out, '/');
    }
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of Object.values(servers)) await s.close();
    tmp?.cleanup();
  });

  async function open(site: string, path: string, options: { width?: number; javaScript?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 }, javaScriptEnabled: options.javaScript ?? true });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${servers[site].url}${path}`);
    return page;
  }

  /** The entries of the sidebar's tree (not the small-screen tab list or navbar links): a plain entry's label is its link's text. */
  const sidebarLabels = (page: Page) => page.locator('.sidebar-inner > .nav-tree :is(.nav-label, a.nav-link:not(:has(.nav-label)))').allTextContents();

  it('opens a tab menu, closes it with Escape, and lands on the picked item with its own sidebar', async () => {
    const page = await open('nav-chrome', 'guides/install.html');
    const button = page.locator('.tab-menu > button');
    const list = page.locator('#nav-menu-tab-0');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await list.isVisible()).toBe(false);
    expect(await sidebarLabels(page)).toEqual(['Welcome', 'Install']);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await list.locator('.nav-menu-label').allTextContents()).toEqual(['Basics', 'Advanced', 'Courses']);
    expect(await list.locator('a[aria-current]').textContent()).toContain('Basics');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await list.isVisible()).toBe(false);
    expect(await page.locator(':focus').getAttribute('aria-controls')).toBe('nav-menu-tab-0');

    // A click elsewhere closes it too.
    await button.click();
    await page.locator('.page-title').click();
    expect(await list.isVisible()).toBe(false);

    await button.click();
    await list.locator('a', { hasText: 'Advanced' }).click();
    await page.waitForURL(/\/guides\/advanced\/tuning\.html$/);
    expect(await page.locator('.page-title').textContent()).toBe('Tuning');
    expect(await sidebarLabels(page)).toEqual(['Tuning', 'Scaling']);
    expect(await page.locator('.tab-menu > button').getAttribute('aria-current')).toBe('true');
    expect(await page.locator('#nav-menu-tab-0 a[aria-current]').textContent()).toContain('Advanced');
  });

  it('works from the keyboard: Enter opens, the arrow keys move through the items, Enter follows one', async () => {
    const page = await open('nav-chrome', 'index.html');
    await page.locator('.tab-menu > button').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('.tab-menu > button').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator(':focus').textContent()).toContain('Advanced');
    // Up from the first wraps to the last: the external item, drawn with its arrow.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.locator(':focus').getAttribute('href')).toBe('https://learn.example.com');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/guides\/advanced\/tuning\.html$/);
    // Tabbing away from an open menu closes it.
    await page.locator('.tab-menu > button').click();
    await page.keyboard.press('Shift+Tab');
    expect(await page.locator('.tab-menu > button').getAttribute('aria-expanded')).toBe('false');
  });

  it('switches dropdowns from the picker at the top of the sidebar', async () => {
    const page = await open('nav-chrome', 'reference/rest/auth.html');
    const picker = page.locator('.nav-picker-dropdown');
    expect(await picker.locator('> button .nav-menu-label').textContent()).toBe('REST API');
    expect(await sidebarLabels(page)).toEqual(['REST overview', 'Authentication']);
    await picker.locator('> button').click();
    expect(await picker.locator('> button').getAttribute('aria-expanded')).toBe('true');
    await picker.locator('.nav-menu-item', { hasText: 'GraphQL' }).click();
    await page.waitForURL(/\/reference\/graphql\/overview\.html$/);
    expect(await page.locator('.nav-picker-dropdown > button .nav-menu-label').textContent()).toBe('GraphQL');
    expect(await sidebarLabels(page)).toEqual(['GraphQL overview']);
    // Anchors stay links at the top of the sidebar, global ones on every page.
    const community = await open('nav-chrome', 'community/forum.html');
    expect(await community.locator('.nav-anchor').allTextContents()).toEqual(['Changelog', 'Blog', 'Forum', 'Events', 'Source']);
    expect(await community.locator('.nav-anchor[aria-current]').textContent()).toBe('Forum');
  });

  it('switches products from the picker at the top of the sidebar', async () => {
    const page = await open('products', 'platform/setup/install.html');
    const picker = page.locator('.nav-picker-product');
    expect(await picker.locator('> button .nav-menu-label').textContent()).toBe('Platform');
    expect(await picker.locator('> button .nav-menu-description').textContent()).toBe('Run the platform');
    await picker.locator('> button').click();
    await picker.locator('.nav-menu-item', { hasText: 'Analytics' }).click();
    await page.waitForURL(/\/analytics\/overview\.html$/);
    expect(await page.locator('.nav-picker-product > button .nav-menu-label').textContent()).toBe('Analytics');
    expect(await sidebarLabels(page)).toContain('Dashboards');
    expect(await sidebarLabels(page)).not.toContain('Install');
    expect(await page.locator('.section-tabs').count()).toBe(0);
  });

  it("opens a product's menu as columns in the product switcher, reached by arrow keys and clicks", async () => {
    const page = await open('product-menus', 'core/users.html');
    const picker = page.locator('.nav-picker-product');
    await picker.locator('> button').click();
    const columns = picker.locator('.nav-menu-column');
    expect(await columns.locator('> .nav-menu-item .nav-menu-label').allTextContents()).toEqual(['Guides', 'API reference', 'Changelog']);
    // Side by side: the columns share one row in the wide list.
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await columns.nth(i).boundingBox())!));
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
    expect(boxes[0].x).toBeLessThan(boxes[1].x);
    // Arrow keys walk the products, the column heads and their links in page order.
    await picker.locator('> button').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await page.locator(':focus').textContent()).toBe('Getting started');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/core\/quickstart\.html$/);
    expect(await sidebarLabels(page)).toEqual(['Quickstart', 'Authentication']);
  });

  it('puts the tabs and their menu items in the mobile menu on a 390 px screen', async () => {
    const page = await open('nav-chrome', 'guides/install.html', { width: 390 });
    expect(await page.locator('.section-tabs').isVisible()).toBe(false);
    // The mobile menu is drawn off screen until its button opens it.
    const left = async () => (await page.locator('.sidebar-tabs').boundingBox())?.x ?? NaN;
    expect(await left()).toBeLessThan(0);
    await page.locator('[data-menu-toggle]').click();
    const tabs = page.locator('.sidebar-tabs');
    await expect.poll(left).toBeGreaterThanOrEqual(0);
    expect(await tabs.isVisible()).toBe(true);
    expect(await tabs.locator('.nav-label').allTextContents()).toEqual(['Guides', 'Basics', 'Advanced', 'Courses', 'Reference', 'Community', 'Changelog']);
    await tabs.locator('a', { hasText: 'Advanced' }).click();
    await page.waitForURL(/\/guides\/advanced\/tuning\.html$/);
    expect(await sidebarLabels(page)).toEqual(['Tuning', 'Scaling']);
    // The dropdown picker opens inside the mobile menu, and Escape closes it without closing the menu.
    await page.goto(`${servers['nav-chrome'].url}reference/rest/overview.html`);
    await page.locator('[data-menu-toggle]').click();
    await page.locator('.nav-picker-dropdown > button').click();
    expect(await page.locator('.nav-picker-dropdown .nav-menu-list').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.locator('.nav-picker-dropdown .nav-menu-list').isVisible()).toBe(false);
    expect(await page.locator('html').getAttribute('class')).toContain('menu-open');
  });

  it('opens menus on hover and focus without the script, so their links stay reachable', async () => {
    const page = await open('nav-chrome', 'guides/install.html', { javaScript: false });
    const list = page.locator('#nav-menu-tab-0');
    expect(await list.isVisible()).toBe(false);
    await page.locator('.tab-menu > button').hover();
    expect(await list.isVisible()).toBe(true);
    await page.mouse.move(1200, 700);
    expect(await list.isVisible()).toBe(false);
    await page.locator('.tab-menu > button').focus();
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toContain('Basics');
    expect(await list.isVisible()).toBe(true);
    await list.locator('a', { hasText: 'Advanced' }).click();
    await page.waitForURL(/\/guides\/advanced\/tuning\.html$/);
    expect(errors).toEqual([]);
  });
});
