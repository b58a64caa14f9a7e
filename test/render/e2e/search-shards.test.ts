/**
 * Search across index shards in Chromium: a site large enough to be indexed as
 * several Pagefind bundles finds a word that lives only in a page of a later shard
 * (the browser merges the shards), served from 127.0.0.1 with no outside request.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { shardCount, shardOf } from '../../../src/render/search/search-shards.js';
import { launchBrowser } from '../../helpers/browser.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';
import { serveStatic, type StaticServer } from './static-server.js';

const PAGES = 140;

describe('search over several shards', () => {
  let tmp: TempDir;
  let server: StaticServer;
  let browser: Browser;
  let target: string;

  beforeAll(async () => {
    tmp = tempDir();
    const root = join(tmp.path, 'docs');
    const pages = Array.from({ length: PAGES }, (_, i) => `notes/page-${i}`);
    const shards = shardCount(PAGES + 1);
    target = pages.find((p) => shardOf(p, shards) === shards - 1)!;
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({ name: 'Many', colors: { primary: '#225588' }, navigation: { groups: [{ group: 'All', pages: ['index', ...pages] }] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nStart here.\n',
    };
    for (const p of pages) {
      const unique = p === target ? ' The axolotl lives here only.' : '';
      files[`${p}.mdx`] = `---\ntitle: Note ${p.slice(11)}\n---\n\n## Section\n\nOrdinary words about pages and exports.${unique}\n`;
    }
    writeFiles(root, files);
    const out = join(tmp.path, 'site');
    const report = await exportSite({ root, outDir: out, deployment: 'air-gapped', workers: 0 });
    expect(shards).toBeGreaterThan(1);
    expect(report.features.search.reason).toContain(`in ${shards} shard(s)`);
    server = await serveStatic(out, '/sub/path/');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    tmp?.cleanup();
  });

  it('finds a word of a later shard and opens its page', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).hostname !== '127.0.0.1') outside.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${server.url}notes/page-3.html`);
    await page.locator('[data-search-open]').click();
    await page.locator('[data-search-input]').fill('axolotl');
    const first = page.locator('.search-result').first();
    await first.waitFor({ timeout: 15_000 });
    await expect(page.locator('.search-result').count()).resolves.toBe(1);
    await first.locator('a').click();
    await page.waitForURL(new RegExp(`/sub/path/${target}\\.html(#.*)?$`));
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });
});
