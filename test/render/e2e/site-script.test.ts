/**
 * The parts of the site script the kitchen-sink suite does not drive, in Chromium:
 * copy buttons (the renderer's, and the one added to a bare <pre>, on it), the dismissible
 * banner (remembered across pages), tabs moved with the arrow keys and opened by a link
 * to their id, the table of
 * contents following the scroll, and the search dialog opened with "/" and closed
 * with Escape, focus given back.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { launchBrowser } from '../../helpers/browser.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';
import { serveStatic, type StaticServer } from './static-server.js';

const filler = Array.from({ length: 40 }, (_, i) => `Line ${i} of text that makes the section long enough to scroll past.`).join('\n\n');

describe('site script in Chromium', () => {
  let tmp: TempDir;
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    tmp = tempDir();
    const root = join(tmp.path, 'docs');
    writeFiles(root, {
      'docs.json': JSON.stringify({
        name: 'Script',
        colors: { primary: '#225588' },
        banner: { content: 'Version 2 is out', dismissible: true },
        navigation: { groups: [{ group: 'All', pages: ['index', 'other'] }] },
      }),
      'index.mdx': [
        '---', 'title: Home', '---', '',
        '```js title="hello.js"', 'console.log("hello");', '```', '',
        '<pre>raw pre text</pre>', '',
        '<Tabs>', '<Tab title="One">First panel</Tab>', '<Tab title="Two">Second panel</Tab>', '<Tab title="Three">Third panel</Tab>', '</Tabs>', '',
        '## Alpha', '', filler, '', '## Omega', '', filler, '',
      ].join('\n'),
      'other.mdx': '---\ntitle: Other\n---\n\nAnother page.\n',
    });
    const out = join(tmp.path, 'site');
    await exportSite({ root, outDir: out, deployment: 'air-gapped', workers: 0 });
    server = await serveStatic(out);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    tmp?.cleanup();
  });

  const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()');

  it('copies a code block and shows it did, then shows the button as before', async () => {
    const button = page.locator('.q-code [data-copy]').first();
    const label = await button.innerHTML();
    await button.click();
    await expect(clipboard()).resolves.toBe('console.log("hello");');
    await expect(button.getAttribute('aria-label')).resolves.toBe('Copied');
    await expect(button.textContent()).resolves.toBe('Copied');
    await page.waitForFunction(`document.querySelector('.q-code [data-copy]').getAttribute('aria-label') === 'Copy code'`);
    await expect(button.innerHTML()).resolves.toBe(label);
  });

  it('gives a bare <pre> its own copy button', async () => {
    const button = page.locator('.prose pre:not(.q-code-pre) + .copy-button');
    await expect(button.count()).resolves.toBe(1);
    // on the <pre> it copies, not at the corner of the page column
    const pre = (await page.locator('.prose pre:not(.q-code-pre)').boundingBox())!;
    const box = (await button.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(pre.y);
    expect(box.y + box.height).toBeLessThanOrEqual(pre.y + pre.height);
    expect(box.x + box.width).toBeLessThanOrEqual(pre.x + pre.width);
    await button.click();
    await expect(clipboard()).resolves.toBe('raw pre text');
    await expect(button.getAttribute('class')).resolves.toBe('copy-button copied');
  });

  it('moves between tabs with the arrow keys, wrapping around', async () => {
    const tabs = page.locator('.q-tabs').first();
    await tabs.getByRole('tab', { name: 'One' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.getByRole('tab', { name: 'Three' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.evaluate<string>('document.activeElement.textContent')).resolves.toBe('Three');
    await expect(tabs.locator('[role="tabpanel"]:visible').textContent()).resolves.toContain('Third panel');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'One' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(tabs.getByRole('tab', { name: 'Three' }).getAttribute('tabindex')).resolves.toBe('-1');
  });

  it("opens the tab a link names by the tab's id, on load and on a hash change", async () => {
    const tabs = page.locator('.q-tabs').first();
    await page.goto(`${server.url}index.html#two`);
    await expect(tabs.getByRole('tab', { name: 'Two' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(tabs.locator('[role="tabpanel"]:visible').textContent()).resolves.toContain('Second panel');
    await page.evaluate(`location.hash = '#three'`);
    await page.waitForFunction(`document.getElementById('three').getAttribute('aria-selected') === 'true'`);
    await expect(tabs.locator('[role="tabpanel"]:visible').textContent()).resolves.toContain('Third panel');
    await page.goto(server.url);
  });

  it('marks the heading being read in the table of contents', async () => {
    await page.evaluate('document.getElementById("omega").scrollIntoView()');
    await page.waitForFunction(`document.querySelector('.toc a.active')?.getAttribute('href') === '#omega'`);
    await expect(page.locator('.toc a.active').count()).resolves.toBe(1);
  });

  it('opens search with "/" and closes it with Escape, focus given back', async () => {
    await page.locator('[data-theme-toggle]').focus();
    await page.keyboard.press('/');
    await expect(page.locator('[data-search-dialog]').isVisible()).resolves.toBe(true);
    await expect(page.evaluate<boolean>('document.documentElement.classList.contains("search-open")')).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-search-dialog]').isHidden()).resolves.toBe(true);
    await expect(page.evaluate<boolean>('document.activeElement.hasAttribute("data-theme-toggle")')).resolves.toBe(true);
  });

  it('dismisses the banner and keeps it dismissed on the next page', async () => {
    await expect(page.locator('[data-banner]').isVisible()).resolves.toBe(true);
    await page.locator('[data-banner-close]').click();
    await expect(page.locator('[data-banner]').isHidden()).resolves.toBe(true);
    await page.goto(`${server.url}other.html`);
    await expect(page.locator('h1.page-title').textContent()).resolves.toBe('Other');
    await expect(page.locator('[data-banner]').isHidden()).resolves.toBe(true);
  });

  it('made no script error', () => {
    expect(errors).toEqual([]);
  });
});
