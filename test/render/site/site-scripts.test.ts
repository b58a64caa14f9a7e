/**
 * The site's own `.js` files (Mintlify loads every one on every page): left out unless the
 * operator enables them, with the feature list saying which way it went; when enabled,
 * copied and loaded by every page, deferred, from the page's own relative root.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { like } from '../../helpers/like.js';
import { smallSite, tempDir, writeFiles, type TempDir } from './make-site.js';

describe('site scripts', () => {
  let t: TempDir;
  afterEach(() => t.cleanup());

  function site(): { root: string; out: string } {
    t = tempDir();
    const root = join(t.path, 'site');
    smallSite(root);
    writeFiles(root, { 'widget.js': 'window.widgetLoaded = true;\n', 'snippets/tracker.js': 'window.tracked = 1;\n' });
    return { root, out: join(t.path, 'out') };
  }

  it('leaves them out by default and says so in the feature list', async () => {
    const { root, out } = site();
    const report = await exportSite({ root, outDir: out, workers: 0 });
    expect(report.features['site-scripts']).toEqual({ included: false, reason: like.stringContaining("2 files (snippets/tracker.js, widget.js), is left out: site scripts are not enabled") });
    expect(existsSync(join(out, 'widget.js'))).toBe(false);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain('widget.js');
  });

  it('copies them and loads each on every page, deferred, when enabled', async () => {
    const { root, out } = site();
    const report = await exportSite({ root, outDir: out, workers: 0, siteScripts: true });
    expect(report.features['site-scripts']?.included).toBe(true);
    expect(readFileSync(join(out, 'widget.js'), 'utf8')).toBe('window.widgetLoaded = true;\n');
    expect(readFileSync(join(out, 'snippets/tracker.js'), 'utf8')).toBe('window.tracked = 1;\n');
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    const nested = readFileSync(join(out, 'guides/deep/inner.html'), 'utf8');
    expect(index).toContain('<script src="snippets/tracker.js" defer></script><script src="widget.js" defer></script></head>');
    expect(nested).toContain('<script src="../../widget.js" defer></script>');
  });

  it('reports nothing for a site without scripts', async () => {
    t = tempDir();
    const root = join(t.path, 'site');
    smallSite(root);
    const report = await exportSite({ root, outDir: join(t.path, 'out'), workers: 0, siteScripts: true });
    expect(report.features['site-scripts']).toBeUndefined();
  });
});
