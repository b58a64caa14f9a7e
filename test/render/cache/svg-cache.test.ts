/**
 * Sanitized repository SVGs kept in the cache folder: a warm export reads them from there
 * (shown by an entry changed in the cache file reaching the output), writes what a cold one
 * writes with the same diagnostics, and a damaged cache file is a miss.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" onload="alert(1)"><script>alert(1)</script><rect width="4" height="4" fill="#0a0"/></svg>';
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1"/></svg>';

describe('SVG sanitizer cache', () => {
  let tmp: TempDir;
  let root: string;
  let runs = 0;
  const cacheFile = () => join(tmp.path, 'cache', 'svg', 'sanitized.json');
  beforeEach(() => {
    tmp = tempDir('quire-svg-cache-');
    root = join(tmp.path, 'docs');
    writeFiles(root, {
      'docs.json': JSON.stringify({ name: 'Svg', navigation: { groups: [{ group: 'G', pages: ['index'] }] } }),
      'index.mdx': '---\ntitle: Home\n---\n\n![Logo](/images/logo.svg)\n\n![Icon](/images/icon.svg)\n\n![Fake](/images/fake.svg)\n',
      'images/logo.svg': LOGO,
      'images/icon.svg': ICON,
      'images/fake.svg': '<html><body>not a drawing</body></html>',
    });
  });
  afterEach(() => tmp.cleanup());

  const run = async (): Promise<{ report: ExportReport; read: (f: string) => string }> => {
    const out = join(tmp.path, `out-${++runs}`);
    const report = await exportSite({ root, outDir: out, cacheDir: join(tmp.path, 'cache'), workers: 0 });
    return { report, read: (f) => readFileSync(join(out, f), 'utf8') };
  };
  const svgDiagnostics = (r: ExportReport) => r.diagnostics.filter((d) => d.file?.endsWith('.svg')).map((d) => `${d.severity} ${d.file} ${d.message}`).sort();

  it('writes the same files and diagnostics warm as cold, reading the sanitized SVGs from the cache', async () => {
    const cold = await run();
    expect(cold.read('images/logo.svg')).toBe('<svg viewBox="0 0 4 4" xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4" fill="#0a0"></rect></svg>');
    expect(cold.report.files).not.toContain('images/fake.svg');
    expect(svgDiagnostics(cold.report)).toEqual([
      'error images/fake.svg "images/fake.svg" is not an SVG document (its root element is not <svg>), so it cannot be made safe to serve; it is left out of the output',
      'warning images/logo.svg <script>, onload= removed from "images/logo.svg" (an SVG in the output keeps only drawing, so it runs nothing and loads nothing when opened on its own)',
    ]);
    const data = JSON.parse(readFileSync(cacheFile(), 'utf8')) as { entries: Record<string, { v: { svg: string } | null }> };
    expect(Object.keys(data.entries)).toHaveLength(3);

    const warm = await run();
    expect(warm.report.files).toEqual(cold.report.files);
    for (const f of ['images/logo.svg', 'images/icon.svg']) expect(warm.read(f)).toBe(cold.read(f));
    expect(svgDiagnostics(warm.report)).toEqual(svgDiagnostics(cold.report));

    // The warm export took the icon from the cache: an entry changed there is what it writes.
    const icon = Object.values(data.entries).find((e) => e.v?.svg.includes('<circle'))!;
    icon.v!.svg = icon.v!.svg.replace('r="1"', 'r="0.5"');
    writeFileSync(cacheFile(), JSON.stringify(data));
    expect((await run()).read('images/icon.svg')).toContain('r="0.5"');
  });

  it('sanitizes again when the cache file is damaged, and when the SVG changes', async () => {
    await run();
    writeFileSync(cacheFile(), '{"format":"quire-svg-cache-1","entries":{"x":');
    const damaged = await run();
    expect(damaged.read('images/icon.svg')).toContain('r="1"');
    writeFiles(root, { 'images/icon.svg': ICON.replace('r="1"', 'r="0.75"') });
    expect((await run()).read('images/icon.svg')).toContain('r="0.75"');
  });
});
