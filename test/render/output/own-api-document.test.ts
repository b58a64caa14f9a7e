/**
 * A repository's API document that a page links and a navigation group names: llms.txt
 * copies it as written, and the copy of the page's linked files does not take it for a
 * collision with a file Quire writes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

let tmp: TempDir;
let report: ExportReport;

beforeAll(async () => {
  tmp = tempDir('quire-own-api-');
  const root = join(tmp.path, 'docs');
  writeFiles(root, {
    'docs.json': JSON.stringify({ name: 'Shop', navigation: { groups: [{ group: 'Docs', pages: ['index'] }, { group: 'API', openapi: '/files/shop.json' }] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nThe [shop API](/files/shop.json) as a file.\n',
    'files/shop.json': JSON.stringify({ openapi: '3.0.3', info: { title: 'Shop', version: '1' }, paths: { '/items': { get: { summary: 'List items', responses: { 200: { description: 'OK' } } } } } }),
  });
  report = await exportSite({ root, outDir: join(tmp.path, 'out'), workers: 0 });
});
afterAll(() => tmp.cleanup());

describe('an API document a page links', () => {
  it('is copied once, as written, with no word of a collision', () => {
    expect(JSON.parse(readFileSync(join(tmp.path, 'out', 'files/shop.json'), 'utf8'))).toMatchObject({ info: { title: 'Shop' } });
    expect(report.diagnostics.filter((d) => d.file === 'files/shop.json')).toEqual([]);
  });
});
