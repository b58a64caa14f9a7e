/**
 * Every built-in component in Chromium, light and dark: the component fixture site
 * (test/fixtures/sites/components, one page per component, examples shaped like
 * Mintlify's components/*.mdx) is exported air-gapped and served on 127.0.0.1. Each page
 * is checked for what the component does (Copy, selectors, filters, sync, the side
 * column) and its article is compared with the stored screenshot of each mode
 * (__screenshots__/components, pixel tolerance), so a change in the look is caught.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { launchBrowser } from '../../helpers/browser.js';
import { compareScreenshot } from '../../helpers/screenshot.js';
import { FIXTURES, tempDir, type TempDir } from '../site/make-site.js';
import { serveStatic, type StaticServer } from './static-server.js';

const SHOTS = join(import.meta.dirname, '__screenshots__/components');
/** Share of pixels allowed to differ (anti-aliasing); a changed colour, size or layout is far above it. */
const TOLERANCE = 0.002;

const PAGES = ['callouts', 'cards', 'badges', 'frames', 'prompt', 'visibility', 'color', 'tiles', 'github', 'view', 'update', 'tree', 'tabs', 'code', 'examples', 'panel', 'embeds'];

describe('component fixture site in Chromium', () => {
  let tmp: TempDir;
  let server: StaticServer;
  let browser: Browser;
  const errors: string[] = [];
  const outside: string[] = [];
  const contexts: Record<'light' | 'dark', { context: BrowserContext; page: Page }> = {} as never;

  beforeAll(async () => {
    tmp = tempDir();
    const out = join(tmp.path, 'site');
    const result = await exportSite({ root: join(FIXTURES, 'components'), outDir: out, deployment: 'air-gapped', baseUrl: 'https://docs.example.com', workers: 0 });
    expect(result.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([]);
    server = await serveStatic(out, '/');
    browser = await launchBrowser();
    for (const mode of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: mode, reducedMotion: 'reduce' });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('request', (r) => new URL(r.url()).hostname !== '127.0.0.1' && outside.push(r.url()));
      contexts[mode] = { context, page };
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    tmp?.cleanup();
  });

  const open = async (mode: 'light' | 'dark', name: string): Promise<Page> => {
    const { page } = contexts[mode];
    await page.goto(`${server.url}components/${name}.html`);
    expect(await page.evaluate<boolean>('document.documentElement.classList.contains("dark")')).toBe(mode === 'dark');
    return page;
  };

  describe.each(['light', 'dark'] as const)('%s mode', (mode) => {
    it.each(PAGES)('%s looks as stored', async (name) => {
      const page = await open(mode, name);
      await page.evaluate('document.fonts.ready');
      const png = await page.locator('article.prose').screenshot({ animations: 'disabled', caret: 'hide' });
      const { differing, artifacts } = compareScreenshot(png, join(SHOTS, `${name}-${mode}.png`));
      expect(differing, `differs from the stored picture (see ${artifacts})`).toBeLessThanOrEqual(TOLERANCE);
    });

    it('a twoslash block shows a type on hover, inside the window, and copies only its code', async () => {
      const page = await open(mode, 'code');
      const block = page.locator('.q-code', { has: page.locator('pre.twoslash') });
      const popup = block.locator('.twoslash-hover .twoslash-popup-container').first();
      const POPUP = `document.querySelector('pre.twoslash .twoslash-hover .twoslash-popup-container')`;
      const opacity = () => page.evaluate<string>(`getComputedStyle(${POPUP}).opacity`);
      await expect(opacity()).resolves.toBe('0');
      await block.scrollIntoViewIfNeeded();
      // the pointer on the identifier `n` (the hover span's box holds the hidden popup, so not its centre)
      const word = await page.evaluate<{ x: number; y: number; width: number; height: number; under?: string }>(`(() => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelector('pre.twoslash .twoslash-hover').lastChild);
        const r = range.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height, under: document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.outerHTML.slice(0, 80) };
      })()`);
      expect(word.under).toMatch(/^<span class="twoslash-hover">/);
      await page.mouse.move(word.x + word.width / 2, word.y + word.height / 2);
      await expect(popup.textContent()).resolves.toBe('const n: number');
      await expect.poll(opacity).toBe('1');
      // placed in the viewport by the site script, below the word, not clipped by the scrolling <pre>
      const box = (await popup.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(word.y + word.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      await expect(page.evaluate<string>(`getComputedStyle(${POPUP}).position`)).resolves.toBe('fixed');
      await block.locator('[data-copy]').click();
      await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe('const n: number = 1;');
    });

    it('Prompt hides its text and copies it', async () => {
      const page = await open(mode, 'prompt');
      await expect(page.getByText('careful release-note writer').isVisible()).resolves.toBe(false);
      await expect(page.locator('.q-prompt-description strong').textContent()).resolves.toBe('release note');
      await page.getByRole('button', { name: 'Copy prompt' }).click();
      await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe('You are a careful release-note writer.\n- Summarise the change in one sentence.\n- List breaking changes first.');
      await expect(page.locator('.q-prompt-cursor').getAttribute('href')).resolves.toMatch(/^cursor:\/\/anysphere\.cursor-deeplink\/prompt\?text=You%20are/);
    });

    it('Visibility leaves agent text out; Color copies a value and follows the mode', async () => {
      let page = await open(mode, 'visibility');
      await expect(page.locator('article').textContent()).resolves.toContain('Create project');
      await expect(page.content()).resolves.not.toContain('agents only');
      page = await open(mode, 'color');
      const bg = page.evaluate<string>(`getComputedStyle(document.querySelector('.q-color-item[data-copy-text="#FFFFFF"] .q-color-swatch')).backgroundColor`);
      await expect(bg).resolves.toBe(mode === 'dark' ? 'rgb(11, 15, 23)' : 'rgb(255, 255, 255)');
      await page.locator('.q-color-item', { hasText: 'teal-500' }).click();
      await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe('#14B8A6');
    });

    it('View switches content and the table of contents', async () => {
      const page = await open(mode, 'view');
      await expect(page.getByText('Use the npm package.').isVisible()).resolves.toBe(true);
      await expect(page.getByText('Use the pip package.').isVisible()).resolves.toBe(false);
      await page.locator('[data-view-select] select').selectOption('Python');
      await expect(page.getByText('Use the pip package.').isVisible()).resolves.toBe(true);
      await expect(page.getByText('Use the npm package.').isVisible()).resolves.toBe(false);
      await expect(page.locator('.toc a', { hasText: 'Install for JavaScript' }).isVisible()).resolves.toBe(false);
      await expect(page.locator('.toc a', { hasText: 'Install for Python' }).isVisible()).resolves.toBe(true);
    });

    it('Update tags filter the changelog', async () => {
      const page = await open(mode, 'update');
      const hidden = () => page.evaluate<boolean[]>(`[...document.querySelectorAll('section.q-update')].map((e) => e.hidden)`);
      await expect(hidden()).resolves.toEqual([false, false]);
      await page.locator('[data-update-filter] label', { hasText: 'Fix' }).click();
      await expect(hidden()).resolves.toEqual([true, false]);
      await page.locator('[data-update-filter] label', { hasText: 'Fix' }).click();
      await expect(hidden()).resolves.toEqual([false, false]);
    });

    it('Tabs sync by title (not the sync={false} set); the dropdown code group switches', async () => {
      const page = await open(mode, 'tabs');
      await page.evaluate('localStorage.clear()');
      await page.reload();
      const sets = page.locator('[role="tablist"]');
      await sets.nth(0).getByRole('tab', { name: 'Python' }).click();
      const selected = () => page.evaluate<string[]>(`[...document.querySelectorAll('[role="tablist"]')].map((l) => l.querySelector('[aria-selected="true"]').textContent)`);
      await expect(selected()).resolves.toEqual(['Python', 'Python', 'JavaScript', 'Python']);
      const dropdown = page.locator('.q-code-group[data-dropdown]');
      await dropdown.locator('select').selectOption({ label: 'JavaScript' });
      await expect(dropdown.locator('[role="tabpanel"]:visible').textContent()).resolves.toContain('const a = 1;');
    });

    it('an expandable code block collapses and expands; diff and line numbers show', async () => {
      const page = await open(mode, 'code');
      const block = page.locator('.q-code[data-expandable]');
      const button = block.locator('[data-code-expand]');
      await expect(button.textContent()).resolves.toBe('Expand (27 lines)');
      const collapsed = (await block.boundingBox())!.height;
      await button.click();
      await expect(button.textContent()).resolves.toBe('Collapse');
      expect((await block.boundingBox())!.height).toBeGreaterThan(collapsed + 200);
      await expect(page.locator('.line.diff.add').count()).resolves.toBe(1);
      await expect(page.evaluate<string>(`getComputedStyle(document.querySelector('.q-code-lines .line'), '::before').content`)).resolves.toBe('counter(q-line)');
    });

    it('examples and a panel sit in the right column, with no table of contents', async () => {
      for (const name of ['examples', 'panel']) {
        const page = await open(mode, name);
        const main = (await page.locator('.q-side-main').boundingBox())!;
        const side = (await page.locator('.q-side-column').boundingBox())!;
        expect(side.x).toBeGreaterThanOrEqual(main.x + main.width);
        await expect(page.locator('.toc-column').count()).resolves.toBe(0);
      }
    });
  });

  it('an embedded frame loads only on request, sandboxed: it cannot navigate the page', async () => {
    // A context of its own: the frame's host is asked for here, on purpose (the shared pages assert that nothing is).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const asked: string[] = [];
      // The player tries to take over the window that holds it, as a hostile embed would.
      await context.route('https://www.youtube.com/**', (route) => {
        asked.push(route.request().url());
        return route.fulfill({
          contentType: 'text/html',
          body: '<p id="player">player</p><script>try { top.location.href = "https://www.youtube.com/taken"; } catch (e) { document.getElementById("player").textContent = "refused"; }</script>',
        });
      });
      await page.goto(`${server.url}components/embeds.html`);
      const boxes = page.locator('.q-embed');
      await expect(boxes.count()).resolves.toBe(2);
      await expect(page.locator('iframe').count()).resolves.toBe(0);
      const first = boxes.first().locator('[data-embed-load]');
      await expect(first.textContent()).resolves.toBe('Load content from www.youtube.com');
      await expect(first.isVisible()).resolves.toBe(true);
      // the placeholder has the size the frame will have: 16:9 across the column, 560 x 315 for the sized one
      const wide = (await boxes.first().boundingBox())!;
      expect(Math.abs(wide.width / wide.height - 16 / 9)).toBeLessThan(0.02);
      const sized = (await boxes.nth(1).boundingBox())!;
      expect([Math.round(sized.width), Math.round(sized.height)]).toEqual([560, 315]);
      expect(asked).toEqual([]);
      await first.click();
      const frame = page.locator('.q-embed iframe');
      await expect(frame.getAttribute('src')).resolves.toBe('https://www.youtube.com/embed/4KzFe50RQkQ');
      await expect(frame.getAttribute('sandbox')).resolves.toBe('allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation allow-forms');
      await expect(frame.getAttribute('allow')).resolves.toBe('accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen');
      await expect(frame.getAttribute('title')).resolves.toBe('YouTube video player');
      await expect.poll(() => page.frameLocator('.q-embed iframe').locator('#player').textContent()).toBe('refused');
      expect(page.url()).toBe(`${server.url}components/embeds.html`);
      expect(asked).toEqual(['https://www.youtube.com/embed/4KzFe50RQkQ']);
      // the loaded frame fills the placeholder's box
      const loaded = (await frame.boundingBox())!;
      expect(Math.round(loaded.width)).toBe(Math.round(wide.width));
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('made no request to another host and no script error', () => {
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });
});
