/**
 * Warm exports (same cache and output folder, render threads as `quire export` starts them:
 * one started before the scan, the changed pages sent to it before the site model is made)
 * after each kind of edit a page's output depends on: the page itself, a snippet it imports,
 * docs.json's navigation, the OpenAPI document, a deleted page, an edit that keeps a page's size
 * and mtime (only its ctime tells: the scan keeps each page's facts by its stat, cache/source-memo.ts),
 * a page replaced by a link out of the folder. Each time the output is a cold export's of the edited
 * site, byte for byte, and only what changed is rendered again.
 */
import { readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from './make-site.js';
import { expectLikeCold } from './like-cold.js';
import { sourceMemoFile } from '../../../src/render/cache/source-memo.js';
import { RACY_MS } from '../../../src/render/cache/stat-memo.js';

const api = (summary: string) =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    paths: { '/pets': { get: { summary, responses: { '200': { description: 'The pets' } } } } },
  });
const config = (pages: string[]) => JSON.stringify({ name: 'Edits', navigation: { groups: [{ group: 'Guides', pages }, { group: 'API', openapi: 'openapi.json' }] } });

describe('warm exports after each kind of edit', () => {
  let tmp: TempDir;
  let root: string;
  let out: string;
  let cacheDir: string;
  let runs = 0;

  beforeAll(async () => {
    tmp = tempDir('quire-warm-edits-');
    root = join(tmp.path, 'site');
    out = join(tmp.path, 'out');
    cacheDir = join(tmp.path, 'cache');
    writeFiles(root, {
      'docs.json': config(['index', 'guide', 'shared-user', 'old']),
      'index.mdx': '---\ntitle: Home\n---\n\nWelcome home.\n\n```js\nconst a = 1;\n```\n',
      'guide.mdx': '---\ntitle: Guide\n---\n\nRead the [home page](/index) first.\n',
      'shared-user.mdx': '---\ntitle: Shared\n---\n\nimport Fruit from "/snippets/fruit.mdx";\n\n<Fruit />\n',
      'snippets/fruit.mdx': 'The snippet says plum.\n',
      'old.mdx': '---\ntitle: Old page\n---\n\nSoon gone.\n',
      'openapi.json': api('List pets'),
    });
    const first = await exportSite({ root, outDir: out, cacheDir });
    expect(first.features['page-cache'].included).toBe(false);
  }, 240_000);
  afterAll(() => tmp?.cleanup());

  const warm = async (): Promise<ExportReport> => {
    const report = await exportSite({ root, outDir: out, cacheDir });
    await expectLikeCold(root, out, report.files, join(tmp.path, `cold-${++runs}`));
    return report;
  };
  const html = (page: string) => readFileSync(join(out, `${page}.html`), 'utf8');
  const cachedOf = (r: ExportReport) => r.parsers.cached;
  /** A warm export renders only `page` again, which now shows `shown` and no longer `gone`. */
  const expectOnlyRendered = async (page: string, shown: string, gone: string) => {
    const r = await warm();
    expect(html(page)).toContain(shown);
    expect(html(page)).not.toContain(gone);
    expect(cachedOf(r)).toBe(r.pagesRendered - 1);
  };

  it('renders an edited page again and takes the others from the cache', async () => {
    writeFileSync(join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead the [home page](/index) twice.\n');
    const r = await warm();
    expect(html('guide')).toContain('twice.');
    expect(cachedOf(r)).toBe(r.pagesRendered - 1);
  }, 240_000);

  it('renders the page that imports an edited snippet again', async () => {
    writeFileSync(join(root, 'snippets/fruit.mdx'), 'The snippet says quince.\n');
    await expectOnlyRendered('shared-user', 'quince', 'plum');
  }, 240_000);

  it('draws a changed navigation on every page', async () => {
    writeFileSync(join(root, 'docs.json'), config(['guide', 'index', 'shared-user', 'old']).replace('"Guides"', '"Handbook"'));
    await warm();
    expect(html('index')).toContain('Handbook');
    expect(html('guide')).toContain('Handbook');
  }, 240_000);

  it('renders the API pages of an edited OpenAPI document again', async () => {
    writeFileSync(join(root, 'openapi.json'), api('List every pet'));
    const r = await warm();
    const page = r.files.find((f) => f.endsWith('.html') && f.startsWith('api-reference/'));
    expect(page).toBeDefined();
    expect(readFileSync(join(out, page!), 'utf8')).toContain('List every pet');
  }, 240_000);

  it('removes a deleted page and its Markdown file, and the links to it', async () => {
    rmSync(join(root, 'old.mdx'));
    writeFileSync(join(root, 'docs.json'), config(['guide', 'index', 'shared-user']).replace('"Guides"', '"Handbook"'));
    const r = await warm();
    expect(r.files).not.toContain('old.html');
    expect(r.files).not.toContain('old.md');
    expect(html('index')).not.toContain('Old page');
  }, 240_000);

  it('renders a page edited with its size and mtime kept, whose facts the scan kept', async () => {
    const path = join(root, 'guide.mdx');
    // A whole second, which utimes sets exactly; then old enough for the scan to keep the page's facts.
    const stamp = Math.floor(Date.now() / 1000) - 60;
    utimesSync(path, stamp, stamp);
    await sleep(RACY_MS + 200);
    await warm();
    const memo = deserialize(readFileSync(sourceMemoFile(cacheDir))) as { entries: Map<string, unknown> };
    expect(memo.entries.has('guide.mdx')).toBe(true);
    const size = statSync(path).size;
    writeFileSync(path, readFileSync(path, 'utf8').replace('twice.', 'again.'));
    utimesSync(path, stamp, stamp);
    expect(statSync(path).size).toBe(size);
    await expectOnlyRendered('guide', 'again.', 'twice.');
  }, 240_000);

  it('leaves out a page replaced by a link out of the folder, and reads nothing of its target', async () => {
    const secret = join(tmp.path, 'secret.mdx');
    writeFileSync(secret, '---\ntitle: Secret\n---\n\npassword=hunter2\n');
    rmSync(join(root, 'guide.mdx'));
    symlinkSync(secret, join(root, 'guide.mdx'));
    const r = await warm();
    expect(r.diagnostics.some((d) => d.severity === 'error' && d.file === 'guide.mdx' && /outside/.test(d.message))).toBe(true);
    expect(r.files).not.toContain('guide.html');
    for (const f of r.files) expect(readFileSync(join(out, f), 'utf8'), f).not.toContain('hunter2');
  }, 240_000);
});
