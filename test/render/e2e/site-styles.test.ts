/**
 * The site's own styles and Mermaid diagrams, exported and then seen in Chromium, in light
 * and in dark: a `block dark:hidden` / `hidden dark:block` image pair (inside a Frame,
 * whose own rule makes images block) shows one image per theme, a rule of the site's
 * style.css applies (with its dark variant and a local background image), and a Mermaid
 * fence becomes an SVG drawn from the site's own copy of the library, with no request to
 * any other host; a page without a diagram does not load the library.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { launchBrowser } from '../../helpers/browser.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';
import { serveStatic, type StaticServer } from './static-server.js';

/** A 1x1 PNG: the image pair needs real images to have a size. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('site styles and diagrams in Chromium', () => {
  let tmp: TempDir;
  let out: string;
  let report: ExportReport;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    tmp = tempDir();
    const root = join(tmp.path, 'docs');
    writeFiles(root, {
      'docs.json': JSON.stringify({ name: 'Styles', colors: { primary: '#225588' }, navigation: { groups: [{ group: 'All', pages: ['index', 'plain'] }] } }),
      'style.css': '.brand-box {\n  border: 3px solid rgb(255, 0, 0);\n  background: url(images/dot.png);\n}\n.dark .brand-box { border-color: rgb(0, 0, 255); }\n',
      'index.mdx': [
        '---', 'title: Home', '---', '',
        '<Frame>',
        '  <img className="block dark:hidden" src="/images/light.png" alt="Light logo" width="40" height="40" />',
        '  <img className="hidden dark:block" src="/images/dark.png" alt="Dark logo" width="40" height="40" />',
        '</Frame>', '',
        '<div className="brand-box p-4">Boxed</div>', '',
        '```mermaid', 'flowchart LR', '  A[Write] --> B[Export]', '  B --> C[Read]', '```', '',
        '```mermaid', 'flowchart LR', '  A --> ', '```', '',
      ].join('\n'),
      'plain.mdx': '---\ntitle: Plain\n---\n\nNo diagram here.\n',
    });
    for (const name of ['light', 'dark', 'dot']) writeFiles(root, { [`images/${name}.png`]: PNG as unknown as string });
    out = join(tmp.path, 'site');
    report = await exportSite({ root, outDir: out, deployment: 'air-gapped', workers: 0 });
    server = await serveStatic(out);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    tmp?.cleanup();
  });

  it('writes the site CSS, the utilities the pages use and the mermaid library into the export', () => {
    expect(report.diagnostics).toEqual([]);
    expect(report.features['site-styles']).toEqual({ included: true, reason: '1 CSS file(s) of the site and the Tailwind classes its pages use added to the site stylesheet (5 utility rules)' });
    expect(report.features.mermaid).toEqual({ included: true, reason: 'mermaid library copied locally, loaded by the 1 page(s) with a diagram' });
    const css = readFileSync(join(out, report.files.find((f) => /^assets\/site\.[0-9a-f]{8}\.css$/.test(f))!), 'utf8');
    expect(css).toContain('.brand-box{border:3px solid rgb(255,0,0);background:url(../images/dot.png)}');
    expect(css).toContain('.prose .hidden{display:none}');
    expect(css).toContain('.prose .dark\\:block:where(.dark,.dark *){display:block}');
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    const entry = /data-mermaid-src="(assets\/mermaid\.[0-9a-f]{8}\/mermaid\.esm\.min\.js)"/.exec(home)![1];
    expect(existsSync(join(out, entry))).toBe(true);
    expect(readFileSync(join(out, entry), 'utf8')).not.toMatch(/\.mjs["']/);
    expect(readFileSync(join(out, 'plain.html'), 'utf8')).not.toContain('data-mermaid-src');
    expect(home).toContain('<figure class="q-mermaid" data-mermaid data-code><div class="q-mermaid-diagram" data-mermaid-diagram></div>');
  });

  const visibleImages = () => page.evaluate<string[]>(`[...document.querySelectorAll('.prose img')].filter((i) => i.getBoundingClientRect().width > 0).map((i) => i.alt)`);
  const boxBorder = () => page.evaluate<string>(`getComputedStyle(document.querySelector('.brand-box')).borderTopColor`);
  const diagram = (n: number) => page.locator('.q-mermaid').nth(n);

  it('shows the light image, the site rule and the diagram as SVG in light mode', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(server.url);
    await page.waitForSelector('.q-mermaid[data-rendered="light"] svg');
    await expect(visibleImages()).resolves.toEqual(['Light logo']);
    await expect(boxBorder()).resolves.toBe('rgb(255, 0, 0)');
    await expect(page.evaluate<string>(`getComputedStyle(document.querySelector('.brand-box')).backgroundImage`)).resolves.toBe(`url("${server.url}images/dot.png")`);
    await expect(page.evaluate<string>(`getComputedStyle(document.querySelector('.brand-box')).paddingTop`)).resolves.toBe('16px');
    // the drawing replaces the source; its labels are the diagram's
    await expect(diagram(0).locator('[data-mermaid-diagram] > svg').textContent()).resolves.toMatch(/Write.*Export.*Read/s);
    await expect(diagram(0).locator('pre').isVisible()).resolves.toBe(false);
    // the broken diagram keeps its source, with mermaid's message
    await expect(diagram(1).getAttribute('data-mermaid-error')).resolves.toBe('');
    await expect(diagram(1).locator('pre').isVisible()).resolves.toBe(true);
    await expect(diagram(1).locator('.q-mermaid-diagram').textContent()).resolves.toMatch(/Parse error|error/i);
  });

  it('switches image, rule and diagram colours with the theme toggle', async () => {
    const lightSvg = await diagram(0).locator('[data-mermaid-diagram] > svg').innerHTML();
    await page.locator('[data-theme-toggle]').first().click();
    await page.waitForSelector('.q-mermaid[data-rendered="dark"] svg');
    await expect(visibleImages()).resolves.toEqual(['Dark logo']);
    await expect(boxBorder()).resolves.toBe('rgb(0, 0, 255)');
    expect(await diagram(0).locator('[data-mermaid-diagram] > svg').innerHTML()).not.toBe(lightSvg);
  });

  it('draws in dark from the start, and made no request to another host', async () => {
    await page.reload();
    await page.waitForSelector('.q-mermaid[data-rendered="dark"] svg');
    await expect(visibleImages()).resolves.toEqual(['Dark logo']);
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:'))).toEqual([]);
    expect(requests.some((u) => /\/assets\/mermaid\.[0-9a-f]{8}\/mermaid\.esm\.min\.js$/.test(u))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('loads no mermaid module on a page without a diagram', async () => {
    requests.length = 0;
    await page.goto(`${server.url}plain.html`);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => u.includes('/assets/mermaid.'))).toEqual([]);
  });
});
