/**
 * A render thread renders the page text the export's scan read (it comes with the page's
 * task, export-run.ts), not the file read again: a page edited while the export runs is
 * exported as it was when its cache key was taken, on threads and on the calling thread.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { smallSite, tempDir, writeFiles, type TempDir } from '../site/make-site.js';

describe('page sources', () => {
  let tmp: TempDir;
  let site: string;
  beforeEach(() => {
    tmp = tempDir();
    site = join(tmp.path, 'site');
    smallSite(site);
    writeFiles(site, { 'guide/edited.mdx': '---\ntitle: Edited\n---\n\nThe text as scanned.\n' });
  });
  afterEach(() => tmp.cleanup());

  it.each([['render threads', undefined], ['the calling thread', 0]])('renders what the scan read, on %s', async (_, workers) => {
    const file = join(site, 'guide/edited.mdx');
    let edited = false;
    const report = await exportSite({
      root: site,
      outDir: join(tmp.path, 'out'),
      cacheDir: join(tmp.path, 'cache'),
      workers,
      // Rendering starts once every page's source was read and its key taken: the page changes now.
      onProgress: (p) => {
        if (p.phase !== 'render' || edited) return;
        writeFileSync(file, '---\ntitle: Edited\n---\n\nThe text written later.\n');
        edited = true;
      },
    });
    expect(edited).toBe(true);
    expect(report.pagesRendered).toBeGreaterThan(1);
    const html = readFileSync(join(tmp.path, 'out/guide/edited.html'), 'utf8');
    expect(html).toContain('The text as scanned.');
    expect(html).not.toContain('written later');
    expect(readFileSync(join(tmp.path, 'out/guide/edited.md'), 'utf8')).toContain('The text as scanned.');
  });
});
