/**
 * End to end: the kitchen-sink fixture exported by the real export engine, packed,
 * fetched by `quire host` through a link, and browsed in headless Chromium: pages,
 * redirects, the 404 page and search work, and no request leaves loopback.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../src/host/host.js';
import { packBundle } from '../../src/render/bundle/pack.js';
import { exportSite } from '../../src/render/export-site.js';
import { launchBrowser } from '../helpers/browser.js';
import { captureLogger, hostConfig, startBundleServer, type BundleServer } from './helpers.js';

const KITCHEN_SINK = join(import.meta.dirname, '../fixtures/sites/kitchen-sink');

let dir: string;
let bundles: BundleServer;
let host: RunningHost;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-host-browser-'));
  await exportSite({ root: KITCHEN_SINK, outDir: join(dir, 'site'), baseUrl: 'https://docs.example.com', deployment: 'air-gapped', workers: 1 });
  await packBundle({ siteDir: join(dir, 'site'), outFile: join(dir, 'bundle.tar.gz'), jobId: 'se_00000000000000e2', domain: 'docs.example.com', version: null, createdAt: '2026-11-01T10:00:00.000Z', engineVersion: 'test' });
  bundles = await startBundleServer();
  bundles.publish('se_e2e', join(dir, 'bundle.tar.gz'));
  host = await startHost(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_e2e') }), { logger: captureLogger().logger });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await host?.close();
  await bundles?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('an exported site browsed through quire host', () => {
  it('serves pages, redirects, 404 and search with every request on loopback', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    // ERR_ABORTED is the browser cancelling a load when the test navigates on (e.g. the favicon), not a failure of the server.
    page.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${r.url()} ${r.failure()?.errorText}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/no-such-page')) failed.push(`${r.url()} ${r.status()}`);
    });

    const home = await page.goto(`${host.url}/`);
    expect(home?.status()).toBe(200);
    expect(await page.title()).toMatch(/Kitchen Sink/);

    // clean URL of a nested page, then its stylesheet and script loaded from assets/
    const guide = await page.goto(`${host.url}/guides/configuration`);
    expect(guide?.status()).toBe(200);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBeGreaterThan(0);
    expect(await page.locator('body').evaluate((el: { ownerDocument: { styleSheets: { length: number } } }) => el.ownerDocument.styleSheets.length)).toBeGreaterThan(0);

    // search through the index shipped in the bundle
    await page.click('[data-search-open]');
    await page.fill('[data-search-input]', 'quickstart');
    const first = page.locator('.search-result a').first();
    await first.waitFor({ timeout: 20_000 });
    expect(await page.locator('.search-result').count()).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/\/quickstart/), first.click()]);
    expect(await page.locator('h1').first().textContent()).toMatch(/Quickstart/);

    // redirects.json, then the 404 page
    await page.goto(`${host.url}/old-quickstart`);
    expect(new URL(page.url()).pathname).toBe('/quickstart');
    const missing = await page.goto(`${host.url}/no-such-page`);
    expect(missing?.status()).toBe(404);

    expect(failed).toEqual([]);
    const outside = requested.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).hostname !== '127.0.0.1');
    expect(outside).toEqual([]);
    expect(requested.some((u) => u.includes('/search/scopes.json'))).toBe(true);
    expect(requested.some((u) => /\/search\/[a-z-]+\/index\.json$/.test(u))).toBe(true);
    expect((await page.goto(`${host.url}/images/favicon.svg`))?.status()).toBe(200);
    await context.close();
  }, 120_000);
});
