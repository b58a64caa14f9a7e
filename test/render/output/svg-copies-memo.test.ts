/**
 * The site's SVGs sanitized once and kept in the cache folder by their stat (output/source-copies.ts,
 * cache/stat-memo.ts): taken again with the same bytes and diagnostics while a file keeps its stat,
 * sanitized again after an edit that keeps its size and mtime, and never taken (nor followed) once
 * the file is a link out of the folder.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sourceCopies, svgMemoFile } from '../../../src/render/output/source-copies.js';
import { RACY_MS } from '../../../src/render/cache/stat-memo.js';
import type { Diagnostic } from '../../../src/render/types.js';

let tmp: string;
let root: string;
let cacheDir: string;
const logo = (color: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><script>alert(1)</script><rect width="4" height="4" fill="${color}"/></svg>`;
const stamp = Math.floor(Date.now() / 1000) - 60;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'quire-svg-memo-'));
  root = join(tmp, 'site');
  cacheDir = join(tmp, 'cache');
  mkdirSync(join(root, 'images'), { recursive: true });
  writeFileSync(join(root, 'images/logo.svg'), logo('red'));
  writeFileSync(join(root, 'images/not.svg'), '<html><body>not a drawing</body></html>');
  for (const f of ['images/logo.svg', 'images/not.svg']) utimesSync(join(root, f), stamp, stamp);
  // Old enough for its stat to be trusted (stat-memo.ts RACY_MS).
  await sleep(RACY_MS + 200);
}, 30_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const copy = async () => {
  const diagnostics: Diagnostic[] = [];
  const out = await sourceCopies(root, ['images/logo.svg', 'images/not.svg'], { siteScripts: false, generated: new Set(), cacheDir }, diagnostics);
  const logoBytes = out.get('images/logo.svg');
  return { text: logoBytes instanceof Uint8Array ? Buffer.from(logoBytes).toString('utf8') : undefined, files: [...out.keys()], diagnostics };
};

it('sanitizes each SVG once, and gives the same bytes and diagnostics from the memo', async () => {
  const first = await copy();
  expect(first.text).toContain('fill="red"');
  expect(first.text).not.toContain('script');
  expect(first.files).toEqual(['images/logo.svg']);
  expect(first.diagnostics.map((d) => [d.file, d.severity])).toEqual([['images/logo.svg', 'warning'], ['images/not.svg', 'error']]);
  const memoAt = statSync(svgMemoFile(cacheDir)).mtimeMs;
  const again = await copy();
  expect(again).toEqual(first);
  // Nothing changed: the memo is not written again.
  expect(statSync(svgMemoFile(cacheDir)).mtimeMs).toBe(memoAt);
});

it('sanitizes again an SVG edited with its size and mtime kept', async () => {
  const path = join(root, 'images/logo.svg');
  const size = statSync(path).size;
  writeFileSync(path, logo('tan'));
  utimesSync(path, stamp, stamp);
  expect(statSync(path).size).toBe(size);
  const edited = await copy();
  expect(edited.text).toContain('fill="tan"');
});

it('leaves out an SVG that became a link out of the folder, and reads nothing of its target', async () => {
  const outside = join(tmp, 'outside.svg');
  writeFileSync(outside, logo('red').replace('fill="red"', 'fill="red" data-secret="hunter2"'));
  unlinkSync(join(root, 'images/logo.svg'));
  symlinkSync(outside, join(root, 'images/logo.svg'));
  const linked = await copy();
  expect(linked.files).toEqual([]);
  expect(linked.diagnostics.some((d) => d.file === 'images/logo.svg' && d.severity === 'error' && /outside/.test(d.message))).toBe(true);
  expect(JSON.stringify(linked)).not.toContain('hunter2');
});
