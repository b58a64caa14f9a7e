/**
 * The page sources' facts kept in the cache folder (cache/source-memo.ts): taken while a file
 * keeps its stat, read again when it changes (also with its size and mtime kept), never kept
 * while a file is too young to trust its stat, dropped with a deleted file, and never taken
 * for another folder or from a damaged memo. A page that became a link out of the folder is
 * refused, and nothing of its target is read.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readRest, sourceFactsOf, sourceMemoFile } from '../../../src/render/cache/source-memo.js';
import { RACY_MS } from '../../../src/render/cache/stat-memo.js';
import { sourceFacts } from '../../../src/render/source/source-facts.js';

let tmp: string;
let root: string;
let cacheDir: string;
const files = ['index.mdx', 'guide/api.mdx'];
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'quire-source-memo-'));
  root = join(tmp, 'site');
  cacheDir = join(tmp, 'cache');
  mkdirSync(join(root, 'guide'), { recursive: true });
  writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\n# Welcome\n\n<div className="p-4 text-red-500">Hi</div>\n\nimport A from "/snippets/a.mdx";\n');
  writeFileSync(join(root, 'guide/api.mdx'), '---\ntitle: List pets\nopenapi: GET /pets\n---\n');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const later = () => Date.now() + RACY_MS + 1000;
/** A scan at `now`, its memo saved at `savedAt` (by default at the same moment). */
const scan = async (now = later(), savedAt = now) => {
  const scanned = await sourceFactsOf(root, files, cacheDir, { now });
  await scanned.saveMemo(savedAt);
  return scanned;
};

it('derives each page fact from its text, as the scan did from the text', async () => {
  const { facts, texts } = await scan();
  expect([...texts.keys()].sort()).toEqual([...files].sort());
  const home = facts.get('index.mdx')!;
  expect(home).toEqual(sourceFacts('index.mdx', texts.get('index.mdx')!));
  expect(home.summary).toEqual({ frontmatter: { title: 'Home' }, h1: 'Welcome' });
  expect(home.candidates.map(([word]) => word)).toEqual(['p-4', 'text-red-500']);
  expect(home.imports).toEqual(['snippets/a.mdx']);
  expect(home.frontmatter).toBe('---\ntitle: Home\n---\n\n');
  expect(facts.get('guide/api.mdx')!.claim?.claim).toMatchObject({ method: 'GET', path: '/pets', page: 'guide/api', line: 3 });
});

it('takes the facts of unchanged files from the memo and reads none of them', async () => {
  const first = await scan();
  const again = await scan();
  expect(again.texts.size).toBe(0);
  expect(again.facts).toEqual(first.facts);
});

it('reads a page again after an edit that keeps its size and mtime (its ctime changed)', async () => {
  const path = join(root, 'index.mdx');
  // A whole second, which utimes sets exactly (a time with a fraction of a microsecond would not round-trip).
  const stamp = Math.floor(Date.now() / 1000) - 60;
  utimesSync(path, stamp, stamp);
  await scan();
  const before = statSync(path);
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.replace('Welcome', 'Welkome'));
  utimesSync(path, stamp, stamp);
  expect(statSync(path).size).toBe(before.size);
  expect(statSync(path).mtimeMs).toBe(before.mtimeMs);
  const again = await scan();
  expect([...again.texts.keys()]).toEqual(['index.mdx']);
  expect(again.facts.get('index.mdx')!.summary.h1).toBe('Welkome');
});

it('keeps no facts of a file younger than RACY_MS', async () => {
  await scan(Date.now());
  const again = await scan();
  expect([...again.texts.keys()].sort()).toEqual([...files].sort());
});

it('keeps the facts of files young when read once they are old enough and still hash the same', async () => {
  await scan(Date.now(), later());
  const again = await scan();
  expect(again.texts.size).toBe(0);
});

it('does not keep the facts of a young file that changed before the memo was saved', async () => {
  const scanned = await sourceFactsOf(root, files, cacheDir, { now: Date.now() });
  writeFileSync(join(root, 'index.mdx'), '---\ntitle: Changed\n---\n');
  await scanned.saveMemo(later());
  const again = await scan();
  expect([...again.texts.keys()]).toEqual(['index.mdx']);
  expect(again.facts.get('index.mdx')!.summary.frontmatter.title).toBe('Changed');
});

it('reads a page deleted and written again, and keeps only the files it was given', async () => {
  await scan();
  const path = join(root, 'guide/api.mdx');
  unlinkSync(path);
  const without = await sourceFactsOf(root, ['index.mdx'], cacheDir, { now: later() });
  await without.saveMemo();
  expect(without.facts.has('guide/api.mdx')).toBe(false);
  writeFileSync(path, '---\ntitle: List pets\nopenapi: GET /cats\n---\n');
  const back = await scan();
  expect([...back.texts.keys()]).toEqual(['guide/api.mdx']);
  expect(back.facts.get('guide/api.mdx')!.claim?.claim?.path).toBe('/cats');
});

it('takes nothing from the memo of another folder or from a damaged memo', async () => {
  await scan();
  const other = join(tmp, 'other');
  mkdirSync(join(other, 'guide'), { recursive: true });
  for (const f of files) writeFileSync(join(other, f), readFileSync(join(root, f)));
  const elsewhere = await sourceFactsOf(other, files, cacheDir, { now: later() });
  await elsewhere.saveMemo();
  expect(elsewhere.texts.size).toBe(files.length);
  writeFileSync(sourceMemoFile(cacheDir), 'not a memo');
  expect((await scan()).texts.size).toBe(files.length);
});

it('refuses a page that became a link out of the folder, and reads nothing of its target', async () => {
  await scan();
  const secret = join(tmp, 'secret.txt');
  writeFileSync(secret, 'password=hunter2\n');
  unlinkSync(join(root, 'index.mdx'));
  symlinkSync(secret, join(root, 'index.mdx'));
  await expect(scan()).rejects.toThrow(/index\.mdx/);
});

it('reads the rest of the pages to render, and names those changed since the scan', async () => {
  await scan();
  const { facts, texts } = await scan();
  expect(texts.size).toBe(0);
  writeFileSync(join(root, 'guide/api.mdx'), '---\ntitle: Changed meanwhile\n---\n');
  const changed = await readRest(root, files, texts, facts);
  expect([...changed]).toEqual(['guide/api.mdx']);
  expect(texts.get('index.mdx')).toContain('Welcome');
  expect(texts.get('guide/api.mdx')).toContain('Changed meanwhile');
});
