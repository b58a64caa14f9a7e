/**
 * A warm export (same cache folder, one page edited) of a multilingual site: the edited
 * page renders on a render thread while the others come from the cache (read by their
 * entry's head), only the edited language's llms-full.txt is made again (and none once
 * nothing changed), the site's
 * stylesheets come from the cache, and the output is a cold export of the edited site,
 * byte for byte.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { copyFixture, tempDir, writeFiles, type TempDir } from './make-site.js';
import { expectLikeCold } from './like-cold.js';

describe('warm export of a multilingual site', () => {
  let tmp: TempDir;
  let root: string;
  let out: string;
  let cacheDir: string;

  beforeAll(() => {
    tmp = tempDir('quire-warm-');
    root = copyFixture('multilingual', tmp.path);
    out = join(tmp.path, 'out');
    cacheDir = join(tmp.path, 'cache');
    writeFiles(root, {
      'style.css': '@import "./parts/brand.css";\n.callout { border-radius: 1rem; }\n',
      'parts/brand.css': '.brand { color: #123456; }\n',
      'support.mdx': '---\ntitle: Support\n---\n\n<div className="rounded-xl p-4">Write to us.</div>\n',
    });
  });
  afterAll(() => tmp?.cleanup());

  const likeCold = (files: string[], name: string) => expectLikeCold(root, out, files, join(tmp.path, name));

  /** The output manifest's key of each file it records (cache/output-manifest.ts). */
  const manifestKeys = (): Record<string, string> => {
    const [file] = readdirSync(join(cacheDir, 'outputs'));
    const data = JSON.parse(readFileSync(join(cacheDir, 'outputs', file), 'utf8')) as { files: Record<string, { key: string }> };
    return Object.fromEntries(Object.entries(data.files).map(([p, e]) => [p, e.key]));
  };


  it('renders the edited page, makes only its language files again, and writes what a cold export writes', async () => {
    const first = await exportSite({ root, outDir: out, cacheDir, workers: 1 });
    const pages = first.pagesRendered;
    expect(first.features['page-cache']).toEqual({ included: false, reason: `0 of ${pages} pages from the cache` });
    expect(existsSync(join(cacheDir, 'site-css.json'))).toBe(true);
    const frFull = statSync(join(out, 'fr/llms-full.txt')).mtimeMs;
    const enFull = readFileSync(join(out, 'llms-full.txt'), 'utf8');
    const keysBefore = manifestKeys();

    writeFileSync(join(root, 'quickstart.mdx'), `${readFileSync(join(root, 'quickstart.mdx'), 'utf8')}\n\nOne more paragraph after an edit.\n`);
    const warm = await exportSite({ root, outDir: out, cacheDir, workers: 1 });
    expect(warm.features['page-cache']).toEqual({ included: true, reason: `${pages - 1} of ${pages} pages from the cache` });
    expect(warm.parsers.cached).toBe(pages - 1);
    // the French pages did not change: their llms-full.txt is left as it was, not even made
    // again (it is known by what it is made from, not by its bytes); the English ones are made again
    const keysAfter = manifestKeys();
    expect(keysBefore['fr/llms-full.txt']).toMatch(/^made:/);
    expect(keysAfter['fr/llms-full.txt']).toBe(keysBefore['fr/llms-full.txt']);
    expect(keysAfter['llms-full.txt']).not.toBe(keysBefore['llms-full.txt']);
    expect(keysAfter['.well-known/llms-full.txt']).not.toBe(keysBefore['.well-known/llms-full.txt']);
    expect(statSync(join(out, 'fr/llms-full.txt')).mtimeMs).toBe(frFull);
    const full = readFileSync(join(out, 'llms-full.txt'), 'utf8');
    expect(full).not.toBe(enFull);
    expect(full).toContain('One more paragraph after an edit.');
    expect(readFileSync(join(out, '.well-known/llms-full.txt'), 'utf8')).toContain('One more paragraph after an edit.');
    // the site stylesheet: its own CSS (imported file inlined) and the page's Tailwind classes
    const css = warm.files.filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
    expect(css).toContain('.brand{color:#123456}');
    expect(css).toContain('rounded-xl');
    await likeCold(warm.files, 'cold-1');
  }, 240_000);

  it('makes no llms-full.txt again when nothing changed since the edit: a page rendered then and cached now counts the same', async () => {
    const keysBefore = manifestKeys();
    const mtimes = ['llms-full.txt', '.well-known/llms-full.txt', 'fr/llms-full.txt'].map((f) => statSync(join(out, f)).mtimeMs);
    const again = await exportSite({ root, outDir: out, cacheDir, workers: 1 });
    expect(again.parsers.cached).toBe(again.pagesRendered);
    expect(manifestKeys()).toEqual(keysBefore);
    expect(['llms-full.txt', '.well-known/llms-full.txt', 'fr/llms-full.txt'].map((f) => statSync(join(out, f)).mtimeMs)).toEqual(mtimes);
    await likeCold(again.files, 'cold-again');
  }, 240_000);

  it('bundles the site CSS again when a file it imported changed', async () => {
    writeFileSync(join(root, 'parts/brand.css'), '.brand { color: #654321; }\n');
    const warm = await exportSite({ root, outDir: out, cacheDir, workers: 0 });
    const css = warm.files.filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
    expect(css).toContain('#654321');
    expect(css).not.toContain('#123456');
    await likeCold(warm.files, 'cold-2');
  }, 240_000);
});
