/**
 * End to end: builds the kitchen-sink fixture (air-gapped), serves it from a plain
 * static server on 127.0.0.1 under a sub-path, and drives it in headless Chromium:
 * sidebar navigation, tabs, code groups, an accordion, dark mode (persisted), search
 * with the keyboard, a redirect page. No console error and no request to any host but
 * 127.0.0.1. Screenshots at desktop and mobile width go to /tmp for a human look.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { launchBrowser } from '../../helpers/browser.js';
import { FIXTURES, tempDir, type TempDir } from '../site/make-site.js';
import { serveStatic, type StaticServer } from './static-server.js';

describe('kitchen-sink site in Chromium', () => {
  let tmp: TempDir;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  const outsideRequests: string[] = [];
  const expected404: string[] = [];

  beforeAll(async () => {
    tmp = tempDir();
    const out = join(tmp.path, 'site');
    await exportSite({ root: join(FIXTURES, 'kitchen-sink'), outDir: out, deployment: 'air-gapped', baseUrl: 'https://docs.example.com/docs', workers: 0 });
    server = await serveStatic(out, '/docs/');
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400) consoleErrors.push(`${r.status()} ${r.url()}`);
    });
    page.on('request', (r) => {
      if (new URL(r.url()).hostname !== '127.0.0.1') outsideRequests.push(r.url());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    tmp?.cleanup();
  });

  it('clicks through the sidebar, marking the current page', async () => {
    await page.goto(server.url);
    await expect(page.locator('h1.page-title').textContent()).resolves.toBe('Welcome');
    await page.locator('.sidebar a.nav-link', { hasText: 'Quickstart' }).click();
    await page.waitForURL(/\/docs\/quickstart\.html$/);
    await expect(page.locator('h1.page-title').textContent()).resolves.toBe('Quickstart');
    await expect(page.locator('.sidebar [aria-current="page"]').textContent()).resolves.toContain('Quickstart');
    await page.locator('.sidebar summary', { hasText: 'Advanced' }).click();
    await page.locator('.sidebar a.nav-link', { hasText: 'Air-gapped installs' }).click();
    await page.waitForURL(/\/docs\/guides\/advanced\/air-gapped\.html$/);
    await expect(page.locator('.sidebar details[open] [aria-current="page"]').count()).resolves.toBe(1);
    await page.locator('a.section-tab', { hasText: 'Components' }).click();
    await page.waitForURL(/\/docs\/components\/all-components\.html$/);
  });

  it('switches tabs and code groups, opens an accordion', async () => {
    const tabs = page.locator('.q-tabs').first();
    await tabs.getByRole('tab', { name: 'Yarn' }).click();
    await expect(tabs.getByRole('tab', { name: 'Yarn' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(tabs.locator('[role="tabpanel"]:visible').textContent()).resolves.toContain('yarn');
    const group = page.locator('.q-code-group').first();
    await group.getByRole('tab', { name: 'Node.js' }).click();
    await expect(group.locator('[role="tabpanel"]:visible pre').textContent()).resolves.toMatch(/fetch|require|import|const/);
    const accordion = page.locator('details.q-accordion', { hasText: 'What is an accordion?' });
    await expect(accordion.getAttribute('open')).resolves.toBeNull();
    await accordion.locator('summary').click();
    await expect(accordion.getAttribute('open')).resolves.toBe('');
  });

  it('toggles dark mode and keeps it across pages', async () => {
    const dark = () => page.evaluate<boolean>('document.documentElement.classList.contains("dark")');
    // A highlighted token: its colour, and the two colours its classes give it.
    const token = () =>
      page.evaluate<{ color: string; light: string; dark: string }>(
        `(() => { const s = getComputedStyle(document.querySelector('.shiki .line > span')); return { color: s.color, light: s.getPropertyValue('--shiki-light').trim(), dark: s.getPropertyValue('--shiki-dark').trim() }; })()`,
      );
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    const before = await dark();
    const first = await token();
    expect(first.light).toMatch(/^#[0-9A-F]{6}$/);
    expect(first.dark).toMatch(/^#[0-9A-F]{6}$/);
    expect(first.light).not.toBe(first.dark);
    expect(first.color).toBe(rgb(before ? first.dark : first.light));
    await page.locator('[data-theme-toggle]').click();
    expect(await dark()).toBe(!before);
    expect((await token()).color).toBe(rgb(before ? first.light : first.dark));
    await page.reload();
    expect(await dark()).toBe(!before);
    await page.locator('[data-theme-toggle]').click();
    expect(await dark()).toBe(before);
  });

  it('searches with the keyboard and opens the result', async () => {
    await page.keyboard.press('Control+k');
    const input = page.locator('[data-search-input]');
    await expect(input.isVisible()).resolves.toBe(true);
    await input.fill('zanzibar');
    const first = page.locator('.search-result').first();
    await first.waitFor({ timeout: 15_000 });
    await expect(first.locator('.search-result-title').textContent()).resolves.toBe('Air-gapped installs');
    await expect(first.locator('mark').first().textContent()).resolves.toMatch(/zanzibar/i);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/guides\/advanced\/air-gapped\.html(#.*)?$/);
    await expect(page.locator('h1.page-title').textContent()).resolves.toBe('Air-gapped installs');
  });

  it('follows a redirect page, and wildcard and partial wildcard redirects from the 404 page', async () => {
    await page.goto(`${server.url}old-quickstart.html`);
    await page.waitForURL(/\/docs\/quickstart\.html$/);
    await expect(page.locator('h1.page-title').textContent()).resolves.toBe('Quickstart');
    await page.goto(`${server.url}legacy/configuration`);
    await page.waitForURL(/\/docs\/guides\/configuration\.html$/);
    await expect(page.locator('h1.page-title').textContent()).resolves.toBe('Configuration');
    // the host answered the old address with its 404 page before the script moved on
    expected404.push(`${server.url}legacy/configuration`);
    // a partial wildcard (`/how-to-*`), matched by the same code as the export's stubs
    await page.goto(`${server.url}how-to-configuration`);
    await page.waitForURL(/\/docs\/guides\/configuration\.html$/);
    expected404.push(`${server.url}how-to-configuration`);
    await page.goto(`${server.url}how-to-configuration.html`);
    await page.waitForURL(/\/docs\/guides\/configuration\.html$/);
  });

  it('looks finished on desktop and mobile (screenshots in /tmp)', async () => {
    await page.goto(`${server.url}components/all-components.html`);
    await page.screenshot({ path: '/tmp/quire-e2e-desktop.png' });
    const mobile = await browser.newPage({ viewport: { width: 390, height: 844 } });
    mobile.on('request', (r) => {
      if (new URL(r.url()).hostname !== '127.0.0.1') outsideRequests.push(r.url());
    });
    await mobile.goto(`${server.url}quickstart.html`);
    await expect(mobile.locator('.sidebar').isVisible()).resolves.toBe(true); // in the DOM, moved off screen
    const box = await mobile.locator('.sidebar').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(0);
    await mobile.locator('[data-menu-toggle]').click();
    await mobile.waitForFunction('document.querySelector(".sidebar").getBoundingClientRect().x >= 0');
    await mobile.locator('[data-menu-close]').click({ position: { x: 370, y: 400 } });
    await mobile.waitForFunction('document.querySelector(".sidebar").getBoundingClientRect().right <= 0');
    await mobile.screenshot({ path: '/tmp/quire-e2e-mobile.png' });
    await mobile.close();
  });

  it('made no console error and no request to another host', () => {
    const unexpected = consoleErrors.filter((e) => !expected404.some((u) => e === `404 ${u}`) && !(expected404.length && /status of 404/.test(e)));
    expect(consoleErrors.filter((e) => e.startsWith('404 '))).toEqual(expected404.map((u) => `404 ${u}`));
    expect(unexpected).toEqual([]);
    expect(outsideRequests).toEqual([]);
  });
});
