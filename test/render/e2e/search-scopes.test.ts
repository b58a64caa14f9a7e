/**
 * The search dialog in Chromium on the versioned, multilingual fixture: it searches the
 * reader's language and version only, until the reader widens it to every index; then
 * results of other indexes name their language and version. Japanese is cut into words
 * (Intl.Segmenter) in the browser as it was at export.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { launchBrowser } from '../../helpers/browser.js';
import { FIXTURES, tempDir, type TempDir } from '../site/make-site.js';
import { serveStatic, type StaticServer } from './static-server.js';

describe('search scopes in Chromium', () => {
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
    page = await browser.newPage();
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

  /** Opens `path`, searches `query` and waits for the results: their links relative to the site root. */
  async function search(path: string, query: string, widen = false): Promise<{ href: string; scope: string }[]> {
    await page.goto(`${server.url}${path}`);
    await page.locator('[data-search-open]').first().click();
    if (widen) {
      await expect.poll(() => page.locator('[data-search-widen-row]').isVisible(), { timeout: 30_000 }).toBe(true);
      await page.locator('[data-search-widen]').check();
    }
    await page.locator('[data-search-input]').fill(query);
    await expect.poll(() => page.locator('.search-result').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const links = page.locator('.search-result a');
    const out: { href: string; scope: string }[] = [];
    for (let i = 0; i < (await links.count()); i++) {
      const link = links.nth(i);
      const tag = link.locator('.search-result-scope');
      out.push({
        href: new URL((await link.getAttribute('href'))!, page.url()).pathname.slice(1).split('#')[0],
        scope: (await tag.count()) ? ((await tag.textContent()) ?? '') : '',
      });
    }
    return out;
  }

  it('searches the page’s own language and version', async () => {
    expect(await search('quickstart.html', 'quickstart')).toEqual([{ href: 'quickstart.html', scope: '' }]);
    expect(await search('v1/index.html', 'quickstart')).toEqual([{ href: 'v1/quickstart.html', scope: '' }]);
    expect((await search('fr/index.html', 'démarrage')).map((r) => r.href)).toEqual(['fr/quickstart.html']);
    expect(await page.locator('body').getAttribute('data-search-scope')).toBe('fr--v2');
  });

  it('widens to every language and version on request, naming the other indexes', async () => {
    const all = await search('quickstart.html', 'quickstart', true);
    expect(all[0]).toEqual({ href: 'quickstart.html', scope: '' });
    expect(all).toContainEqual({ href: 'v1/quickstart.html', scope: 'en · v1' });
  });

  it('finds a Japanese word inside a sentence', async () => {
    expect((await search('jp/index.html', 'インストール')).map((r) => r.href)).toEqual(['jp/quickstart.html']);
    expect(errors).toEqual([]);
  });
});
