/**
 * Warm exports (same cache and output folder, render threads as `quire export` starts them:
 * one started before the scan, the changed pages sent to it before the site model is made)
 * after each kind of edit a page's output depends on: the page itself, a snippet it imports,
 * docs.json's navigation, the OpenAPI document, a deleted page. Each time the output is a cold
 * export's of the edited site, byte for byte, and only what changed is rendered again.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from './make-site.js';
import { expectLikeCold } from './like-cold.js';

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

  it('renders an edited page again and takes the others from the cache', async () => {
    writeFileSync(join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nRead the [home page](/index) twice.\n');
    const r = await warm();
    expect(html('guide')).toContain('twice.');
    expect(cachedOf(r)).toBe(r.pagesRendered - 1);
  }, 240_000);

  it('renders the page that imports an edited snippet again', async () => {
    writeFileSync(join(root, 'snippets/fruit.mdx'), 'The snippet says quince.\n');
    const r = await warm();
    expect(html('shared-user')).toContain('quince');
    expect(html('shared-user')).not.toContain('plum');
    expect(cachedOf(r)).toBe(r.pagesRendered - 1);
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
});
