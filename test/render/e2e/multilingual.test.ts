/**
 * End to end on the versioned, multilingual fixture: exported, served from a plain
 * static server on 127.0.0.1 and driven in headless Chromium. Each page says its own
 * language in `<html lang>`, the language switcher names the current language and
 * leads to the same page in another one, the interface words (table of contents,
 * search, pager, search status) are in the page's language, and following "Next"
 * from the first page to the last never leaves one language and one version.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { launchBrowser } from '../../helpers/browser.js';
import { FIXTURES, tempDir, type TempDir } from '../site/make-site.js';
import { serveStatic, type StaticServer } from './static-server.js';

describe('multilingual, versioned site in Chromium', () => {
  let tmp: TempDir;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    tmp = tempDir();
    const out = join(tmp.path, 'site');
    await exportSite({ root: join(FIXTURES, 'multilingual'), outDir: out, workers: 0 });
    server = await serveStatic(out, '/');
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    tmp?.cleanup();
  });

  const lang = () => page.locator('html').getAttribute('lang');
  const switcherLabel = () => page.locator('.switcher-language > button span').first().textContent();

  it('switches language from the switcher, landing on the same page, with lang and words of that language', async () => {
    await page.goto(`${server.url}quickstart.html`);
    expect(await lang()).toBe('en');
    expect(await switcherLabel()).toBe('English');
    expect(await page.locator('.toc-title').textContent()).toBe('On this page');
    await page.locator('.switcher-language > button').click();
    await page.locator('.switcher-language a', { hasText: '日本語' }).click();
    await page.waitForURL(/\/jp\/quickstart\.html$/);
    expect(await lang()).toBe('ja');
    expect(await switcherLabel()).toBe('日本語');
    expect(await page.locator('.toc-title').textContent()).toBe('このページの内容');
    expect(await page.locator('.search-label').textContent()).toBe('検索…');
    expect(await page.locator('.pager-prev .pager-dir').textContent()).toContain('前へ');
    await page.locator('.switcher-language > button').click();
    await page.locator('.switcher-language a', { hasText: 'Français' }).click();
    await page.waitForURL(/\/fr\/quickstart\.html$/);
    expect(await lang()).toBe('fr');
    expect(await switcherLabel()).toBe('Français');
    expect(await page.locator('.banner p').textContent()).toBe('Bienvenue dans la documentation');
  });

  it('on a 390 px screen, moves the switchers into the mobile menu and switches language from there', async () => {
    const small = await browser.newPage({ viewport: { width: 390, height: 800 } });
    small.on('pageerror', (e) => errors.push(e.message));
    await small.goto(`${server.url}quickstart.html`);
    expect(await small.locator('.topbar .switcher-language').isVisible()).toBe(false);
    await small.locator('[data-menu-toggle]').click();
    const picker = small.locator('.sidebar-switchers .nav-picker-language');
    await expect.poll(async () => (await picker.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect(await picker.locator('> button .nav-menu-label').textContent()).toBe('English');
    await picker.locator('> button').click();
    expect(await picker.locator('> button').getAttribute('aria-expanded')).toBe('true');
    await picker.locator('a', { hasText: 'Français' }).click();
    await small.waitForURL(/\/fr\/quickstart\.html$/);
    expect(await small.locator('html').getAttribute('lang')).toBe('fr');
    expect(await small.locator('.sidebar-switchers .nav-picker-version > button .nav-menu-label').textContent()).toContain('v2');
    await small.close();
  });

  it('shows the search status in the page language (words passed to the script as data)', async () => {
    await page.goto(`${server.url}jp/index.html`);
    await page.locator('[data-search-open]').click();
    await page.locator('[data-search-input]').fill('zzzzqqqq');
    // The engine and its index load on first use: on a loaded machine that takes seconds.
    await expect.poll(() => page.locator('[data-search-status]').textContent(), { timeout: 30_000 }).toBe('「zzzzqqqq」の検索結果はありません');
    await page.keyboard.press('Escape');
  });

  it('follows Next from the first page to the last without leaving the language or the version', async () => {
    for (const [start, expected] of [
      ['index.html', ['/index.html', '/quickstart.html', '/guides/deploy.html']],
      ['fr/v1/index.html', ['/fr/v1/index.html', '/fr/v1/quickstart.html']],
      ['jp/index.html', ['/jp/index.html', '/jp/quickstart.html']],
    ] as const) {
      await page.goto(`${server.url}${start}`);
      const startLang = await lang();
      const seen = [new URL(page.url()).pathname];
      while ((await page.locator('.pager-next').count()) > 0) {
        await page.locator('.pager-next').click();
        await page.waitForLoadState('load');
        seen.push(new URL(page.url()).pathname);
        expect(await lang()).toBe(startLang);
      }
      expect(seen).toEqual(expected);
    }
    expect(errors).toEqual([]);
  });
});
