/**
 * A page linking to a file of the site (a dataset, an archive) gets that file in the output,
 * as an image reference does; a link to a page's own .mdx source resolves to the page and
 * never copies the source.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { smallSite, tempDir, writeFiles, type TempDir } from './make-site.js';

let t: TempDir;
afterEach(() => t.cleanup());

it('copies files that pages link to, not page sources', async () => {
  t = tempDir();
  const root = join(t.path, 'site');
  smallSite(root);
  writeFiles(root, {
    'assets/datasets/kitchenware.json': '[{"id":1}]\n',
    'downloads/tool.tar.gz': 'not really a tarball\n',
    'other/page.mdx': '---\ntitle: Other\n---\n\nGet [the dataset](../assets/datasets/kitchenware.json), <a href="/downloads/tool.tar.gz">the tool</a> and [setup](/guides/setup.mdx).\n',
  });
  const out = join(t.path, 'out');
  const report = await exportSite({ root, outDir: out, workers: 0 });
  expect(report.brokenLinks).toEqual([expect.objectContaining({ href: '/missing-page' })]);
  expect(readFileSync(join(out, 'assets/datasets/kitchenware.json'), 'utf8')).toBe('[{"id":1}]\n');
  expect(readFileSync(join(out, 'downloads/tool.tar.gz'), 'utf8')).toBe('not really a tarball\n');
  expect(existsSync(join(out, 'guides/setup.mdx'))).toBe(false);
  const page = readFileSync(join(out, 'other/page.html'), 'utf8');
  expect(page).toContain('href="../assets/datasets/kitchenware.json"');
  expect(page).toContain('href="../guides/setup.html"');
});
