/**
 * The engine code's hash kept in the cache folder (cache/engine-code-memo.ts): taken while every
 * file keeps its stat, hashed again when one changes (also within the same second, with its
 * mtime set back), and not kept while a file is too young to trust its stat.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { codeHash } from '../../../src/render/cache/engine-version.js';
import { engineCodeMemoFile, memoCodeHash } from '../../../src/render/cache/engine-code-memo.js';
import { RACY_MS } from '../../../src/render/cache/stat-memo.js';

let tmp: string;
let dir: string;
let cacheDir: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'quire-engine-memo-'));
  dir = join(tmp, 'render');
  cacheDir = join(tmp, 'cache');
  mkdirSync(join(dir, 'markdown'), { recursive: true });
  writeFileSync(join(dir, 'markdown', 'parse.js'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'site.css'), 'body { color: red }\n');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const later = () => Date.now() + RACY_MS + 1000;
/** Puts a memo whose hash no file set has: taking it proves the files were not hashed. */
const plantHash = (hash: string) => {
  const file = engineCodeMemoFile(cacheDir);
  const memo = JSON.parse(readFileSync(file, 'utf8')) as { hash: string };
  writeFileSync(file, JSON.stringify({ ...memo, hash }));
};

it('keeps the hash with the files stats and takes it while they hold', async () => {
  const real = codeHash(dir);
  expect(await memoCodeHash(cacheDir, dir, [], later())).toBe(real);
  expect(existsSync(engineCodeMemoFile(cacheDir))).toBe(true);
  plantHash('f'.repeat(64));
  expect(await memoCodeHash(cacheDir, dir, [], later())).toBe('f'.repeat(64));
});

it('hashes again when a file changes, even to the same size with its mtime set back', async () => {
  await memoCodeHash(cacheDir, dir, [], later());
  plantHash('f'.repeat(64));
  const file = join(dir, 'markdown', 'parse.js');
  const { atime, mtime } = statSync(file);
  writeFileSync(file, 'export const a = 2;\n');
  utimesSync(file, atime, mtime);
  expect(await memoCodeHash(cacheDir, dir, [], later())).toBe(codeHash(dir));
});

it('hashes again when a file is added or removed', async () => {
  await memoCodeHash(cacheDir, dir, [], later());
  plantHash('f'.repeat(64));
  writeFileSync(join(dir, 'extra.js'), 'export {};\n');
  const withExtra = await memoCodeHash(cacheDir, dir, [], later());
  expect(withExtra).toBe(codeHash(dir));
  plantHash('f'.repeat(64));
  rmSync(join(dir, 'extra.js'));
  expect(await memoCodeHash(cacheDir, dir, [], later())).toBe(codeHash(dir));
});

it('keeps no memo while a file is younger than a timestamp tick can be trusted', async () => {
  expect(await memoCodeHash(cacheDir, dir, [], Date.now())).toBe(codeHash(dir));
  expect(existsSync(engineCodeMemoFile(cacheDir))).toBe(false);
});

it('reads a damaged memo as none', async () => {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(engineCodeMemoFile(cacheDir), '{not json');
  expect(await memoCodeHash(cacheDir, dir, [], later())).toBe(codeHash(dir));
});
