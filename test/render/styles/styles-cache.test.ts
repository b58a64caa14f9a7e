/**
 * The site's styles kept in the cache folder (styles/styles-cache.ts): a bundle is taken
 * back only while every file it read still reads the same, through the same confinement.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleSiteCss } from '../../../src/render/styles/site-css.js';
import { cachedMinify, cachedSiteCss } from '../../../src/render/styles/styles-cache.js';
import { walkFiles } from '../../../src/render/output/walk-files.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

describe('cachedSiteCss', () => {
  let tmp: TempDir;
  let root: string;
  let cacheDir: string;
  beforeEach(() => {
    tmp = tempDir('quire-css-cache-');
    root = join(tmp.path, 'docs');
    cacheDir = join(tmp.path, 'cache');
    mkdirSync(root);
    writeFiles(root, {
      'style.css': '@import "./parts/more.css";\n.callout { background: url(images/bg.png); }\n',
      'parts/more.css': '.more { color: red; }\n',
      'images/bg.png': 'png',
      'outside.css': '.outside { color: blue; }\n',
    });
  });
  afterEach(() => tmp.cleanup());

  const stored = () => JSON.parse(readFileSync(join(cacheDir, 'site-css.json'), 'utf8')) as { reads: Record<string, string>; result: { css: string } };
  /** Marks the kept bundle, so that a bundle taken from the cache can be told from a fresh one. */
  const mark = () => {
    const data = stored();
    data.result.css = '/* kept */';
    writeFileSync(join(cacheDir, 'site-css.json'), JSON.stringify(data));
  };
  const css = async (deployment: 'cloud' | 'air-gapped' = 'cloud') => cachedSiteCss(root, await walkFiles(root), deployment, cacheDir);

  it('bundles as bundleSiteCss does, keeps what each file read was, and takes it back while they read the same', async () => {
    const first = await css();
    expect(first).toEqual(await bundleSiteCss(root, await walkFiles(root), 'cloud'));
    expect(first.css).toContain('.more{color:red}');
    expect(Object.keys(stored().reads).sort()).toEqual(['outside.css', 'parts/more.css', 'style.css']);
    mark();
    expect((await css()).css).toBe('/* kept */');
    // an imported file changed: bundled again
    writeFileSync(join(root, 'parts/more.css'), '.more { color: green; }\n');
    expect((await css()).css).toContain('.more{color:green}');
    mark();
    // another deployment, or another file list (which decides what url() resolves): bundled again
    expect((await css('air-gapped')).css).toContain('.more{color:green}');
    mark();
    writeFileSync(join(root, 'images/other.png'), 'png');
    expect((await css('air-gapped')).css).toContain('.more{color:green}');
  });

  it('bundles again once a file it read became a link out of the folder, and reports it', async () => {
    await css();
    mark();
    writeFileSync(join(tmp.path, 'secret.css'), '.secret { color: black; }\n');
    const imported = join(root, 'parts/more.css');
    rmSync(imported);
    symlinkSync(join(tmp.path, 'secret.css'), imported);
    const again = await css();
    expect(again.css).not.toContain('kept');
    expect(again.css).not.toContain('secret');
    expect(again.diagnostics.some((d) => d.file === 'parts/more.css' && d.severity === 'error')).toBe(true);
  });

  it('minifies a text once, and again when it changes', async () => {
    const calls: string[] = [];
    const minify = async (text: string) => {
      calls.push(text);
      return text.replace(/\s+/g, '');
    };
    expect(await cachedMinify('.a { color: red }', cacheDir, minify)).toBe('.a{color:red}');
    expect(await cachedMinify('.a { color: red }', cacheDir, minify)).toBe('.a{color:red}');
    expect(calls).toEqual(['.a { color: red }']);
    expect(await cachedMinify('.b { color: red }', cacheDir, minify)).toBe('.b{color:red}');
    expect(calls).toHaveLength(2);
  });
});
