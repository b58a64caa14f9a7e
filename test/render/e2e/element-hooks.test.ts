/**
 * A site's own CSS written against Mintlify's documented hooks (customize/custom-scripts.mdx):
 * ids of the layout (`#navbar`, `#sidebar`, `#content-area`, `#table-of-contents`,
 * `#footer`...), element classes, and the colour variables as `R G B` triplets read with
 * `rgb(var(--primary-light))` (as meilisearch's style.css does). Exported, then checked in
 * Chromium: every rule applies, in light and in dark, and docs.json `background.color`
 * is the page background.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { launchBrowser } from '../../helpers/browser.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';
import { serveStatic, type StaticServer } from './static-server.js';

/** Each hook gets an outline of its own colour, so a rule that does not match shows. */
const OUTLINED: Record<string, string> = {
  '#navbar': 'rgb(1, 2, 3)',
  '#banner': 'rgb(4, 5, 6)',
  '#sidebar': 'rgb(7, 8, 9)',
  '#sidebar-content': 'rgb(10, 11, 12)',
  '#body-content': 'rgb(13, 14, 15)',
  '#content-area': 'rgb(16, 17, 18)',
  '#header': 'rgb(19, 20, 21)',
  '#content': 'rgb(22, 23, 24)',
  '#table-of-contents': 'rgb(25, 26, 27)',
  '#pagination': 'rgb(28, 29, 30)',
  '#footer': 'rgb(31, 32, 33)',
  '#search-bar-entry': 'rgb(34, 35, 36)',
  '.mdx-content': 'rgb(22, 23, 24)',
};

describe("Mintlify's CSS hooks in Chromium", () => {
  let tmp: TempDir;
  let report: ExportReport;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    tmp = tempDir();
    const root = join(tmp.path, 'docs');
    writeFiles(root, {
      'docs.json': JSON.stringify({
        name: 'Hooks',
        colors: { primary: '#225588', light: '#07C983', dark: '#15803D' },
        background: { decoration: 'grid', color: { light: '#F7F7F7', dark: '#1A003B' } },
        banner: { content: 'Read the **new** guide' },
        footer: { socials: { github: 'https://github.com/example' } },
        navigation: { groups: [{ group: 'Start', pages: ['index', 'next'] }] },
      }),
      'style.css': [
        ...Object.entries(OUTLINED).map(([selector, color]) => `${selector} { outline: 2px solid ${color}; }`),
        '#page-title { color: rgb(var(--primary)); }',
        '#navigation-items .sidebar-group-header { text-transform: uppercase; }',
        '.toc-item a { letter-spacing: 2px; }',
        '.noticeTag { color: rgb(var(--primary-light)); border: 1px solid rgb(var(--primary-dark)); }',
        '.dark .noticeTag { color: rgb(var(--background-light)); }',
      ].join('\n'),
      'index.mdx': '---\ntitle: Home\n---\n\n## First\n\nText <span className="noticeTag">new</span>\n\n## Second\n\nMore text.\n',
      'next.mdx': '---\ntitle: Next\n---\n\nThe next page.\n',
    });
    const out = join(tmp.path, 'site');
    report = await exportSite({ root, outDir: out, deployment: 'air-gapped', workers: 0 });
    server = await serveStatic(out);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    tmp?.cleanup();
  });

  const style = (selector: string, property: string) => page.evaluate<string>(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).${property}`);

  it('applies rules on the layout ids, element classes and colour triplets in light mode', async () => {
    expect(report.diagnostics).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(server.url);
    const outlines: Record<string, string> = {};
    for (const selector of Object.keys(OUTLINED)) outlines[selector] = await style(selector, 'outlineColor');
    expect(outlines).toEqual(OUTLINED);
    await expect(style('#page-title', 'color')).resolves.toBe('rgb(34, 85, 136)');
    await expect(style('#navigation-items .sidebar-group-header', 'textTransform')).resolves.toBe('uppercase');
    await expect(style('.toc-item a', 'letterSpacing')).resolves.toBe('2px');
    await expect(style('.noticeTag', 'color')).resolves.toBe('rgb(7, 201, 131)');
    await expect(style('.noticeTag', 'borderTopColor')).resolves.toBe('rgb(21, 128, 61)');
    await expect(style('body', 'backgroundColor')).resolves.toBe('rgb(247, 247, 247)');
    // one element per id
    const counts = await page.evaluate<number[]>(`${JSON.stringify(Object.keys(OUTLINED).filter((s) => s.startsWith('#')))}.map((s) => document.querySelectorAll(s).length)`);
    expect(counts.every((n) => n === 1)).toBe(true);
  });

  it('switches the background and the dark rules with the theme', async () => {
    await page.locator('[data-theme-toggle]').first().click();
    await expect(style('body', 'backgroundColor')).resolves.toBe('rgb(26, 0, 59)');
    await expect(style('.noticeTag', 'color')).resolves.toBe('rgb(247, 247, 247)');
  });
});
