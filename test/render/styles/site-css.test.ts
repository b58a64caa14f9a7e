/**
 * The site's own stylesheets (styles/site-css.ts): every .css file of the docs folder, in
 * path order, local imports inlined, url() references rewritten to the output or reported,
 * and nothing read through a link or a path that leaves the folder.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleSiteCss } from '../../../src/render/styles/site-css.js';
import { walkFiles } from '../../../src/render/output/walk-files.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

describe('bundleSiteCss', () => {
  let tmp: TempDir;
  let root: string;
  beforeEach(() => {
    tmp = tempDir('quire-css-');
    root = join(tmp.path, 'docs');
    mkdirSync(root);
  });
  afterEach(() => tmp.cleanup());

  const bundle = async (deployment: 'cloud' | 'air-gapped' = 'cloud') => bundleSiteCss(root, await walkFiles(root), deployment);

  it('includes every .css file in path order, with local imports inlined and url() rewritten for assets/', async () => {
    writeFiles(root, {
      'style.css': '@import "./parts/more.css";\n.my-callout { border-radius: 1rem; background: url(images/bg.png); }\n',
      'parts/more.css': '.more { background-image: url("../images/bg.png?v=2#x"); }\n@font-face { font-family: Brand; src: url(/fonts/brand.woff2); }\n',
      'a.css': '#navbar { padding: 1rem }\n',
      'images/bg.png': 'png',
      'fonts/brand.woff2': 'font',
    });
    const css = await bundle();
    expect(css.diagnostics).toEqual([]);
    // a.css < parts/more.css < style.css; more.css also comes inlined into style.css
    expect(css.css.indexOf('#navbar')).toBeLessThan(css.css.indexOf('/* style.css */'));
    expect(css.css).toContain('.my-callout{border-radius:1rem;background:url(../images/bg.png)}');
    expect(css.css).toContain('url(../images/bg.png?v=2#x)');
    expect(css.css).toContain('url(../fonts/brand.woff2)');
    expect(css.files).toEqual(['fonts/brand.woff2', 'images/bg.png']);
  });

  it('reports references to other hosts, keeping them in a cloud export and dropping them when air-gapped', async () => {
    writeFiles(root, { 'style.css': '@import url("https://fonts.example.com/css2?family=Inter");\n.hero {\n  background: url(https://cdn.example.com/bg.svg);\n}\n' });
    const cloud = await bundle('cloud');
    expect(cloud.css).toContain('https://cdn.example.com/bg.svg');
    expect(cloud.diagnostics.map((d) => [d.severity, d.file, d.line])).toEqual([['warning', 'style.css', 1], ['warning', 'style.css', 3]]);
    const gapped = await bundle('air-gapped');
    expect(gapped.css).not.toMatch(/example\.com/);
    expect(gapped.css).toContain('url(data:,)');
    expect(gapped.diagnostics[1].message).toBe('style.css:3: url() points at another host (https://cdn.example.com/bg.svg); an air-gapped site calls no other host, so it is left out');
  });

  it('refuses paths and links that leave the docs folder, and keeps the rest of the file', async () => {
    writeFileSync(join(tmp.path, 'secret.css'), '.secret { color: red }');
    writeFiles(root, { 'style.css': '@import "./linked.css";\n.keep { color: blue }\n.up { background: url(../../etc/passwd) }\n' });
    symlinkSync(join(tmp.path, 'secret.css'), join(root, 'linked.css'));
    const css = await bundle();
    expect(css.css).toContain('.keep{color:#00f}');
    expect(css.css).not.toContain('secret');
    expect(css.css).not.toContain('passwd');
    expect(css.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      'style.css: url() "../../etc/passwd" leads outside the docs folder and is not read',
      'site CSS: "linked.css" leads outside the docs folder (through ".." or a symbolic link) and is not read; its rules are left out',
    ]);
  });

  it('names missing files and broken syntax by file and line, and keeps one file from swallowing the next', async () => {
    writeFiles(root, {
      'a.css': '#banner {\n  color: red;\n  a { text-decoration: underline; }\n',
      'b.css': '.second {\n  background: url(missing.png);\n}\n',
    });
    const css = await bundle();
    expect(css.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      'a.css:4 a.css:4: Expected "}" to go with "{"',
      'b.css:2 b.css:2: url() "missing.png" names a file that is not in the docs folder',
    ]);
    // b.css is its own rule, not nested in a.css's unclosed #banner
    expect(css.css).toMatch(/\n\.second\{background:url\(missing\.png\)\}/);
  });

  it('adds nothing for a site without CSS files', async () => {
    writeFiles(root, { 'index.mdx': '# Hi\n' });
    await expect(bundle()).resolves.toEqual({ css: '', files: [], diagnostics: [] });
  });
});
