/**
 * engineCode (engine-version.ts) without reading the engine's code on every export: its hash
 * is kept in the export's cache folder with the stat of each file it was made of (path, size,
 * mtime, ctime, inode, device), and an export whose listing and stats all match takes it
 * from there. Reading and hashing the ~700 files of `dist/render` cost ~70 ms of CPU at the
 * start of every export, warm ones included (issue 21); listing and statting them, a tenth.
 *
 * As git does for its index: a stat that matches is trusted, one that differs has the files
 * hashed again. A file changed within the timestamp tick of the moment it was statted could
 * keep its stat, so no memo is kept while any file is younger than RACY_MS (the next export
 * hashes again). ctime is set by the kernel on any change of content or metadata and cannot be
 * set back by `touch`. The cache folder is Quire's own, never the tenant's (export-site.ts
 * keeps it out of the source and output folders): what it holds is trusted as the page cache is.
 */
import { join } from 'node:path';
import { codeFiles, codeHash, engineCodeKnown, engineCodeOf, engineFiles, useEngineCode } from './engine-version.js';
import { sha256 } from './cache-key.js';
import { keep, readKept } from './input-hashes.js';
import { memoStat } from './stat-memo.js';

const FORMAT = 'quire-engine-code-1';

interface StoredEngineCode {
  format: string;
  /** sha256 over every file's path and stat, in order. */
  stats: string;
  hash: string;
}

/** Where the memo lives in a cache folder. */
export function engineCodeMemoFile(cacheDir: string): string {
  return join(cacheDir, 'engine-code.json');
}

/** Path and stat of each file (one missing or no regular file as such: stat-memo.ts memoStat), and whether all are old enough to keep. */
function statsOf(files: string[], now: number): { stats: string; keep: boolean } {
  let keep = true;
  const parts = files.map((f) => {
    const st = memoStat(f, now);
    keep &&= st?.keep ?? true;
    // Gone since it was listed: it reads as missing, which no memo matches, so the files are hashed.
    return `${f}\u0000${st?.stat ?? 'missing'}`;
  });
  return { stats: sha256(...parts), keep };
}

/**
 * The codeHash of the files under `dir` (and `extra`), from the memo in `cacheDir` when every
 * file still has the stat it had, else by hashing them (and keeping a new memo unless a file is
 * younger than RACY_MS at `now`). A memo that cannot be read or written only costs the hashing.
 */
export async function memoCodeHash(cacheDir: string, dir: string, extra: string[], now = Date.now()): Promise<string> {
  const files = codeFiles(dir);
  const { stats, keep: old } = statsOf([...files, ...extra], now);
  const file = engineCodeMemoFile(cacheDir);
  const stored = await readKept<StoredEngineCode>(file, 'render.engine-code-memo.read');
  if (stored?.format === FORMAT && stored.stats === stats && typeof stored.hash === 'string') return stored.hash;
  const hash = codeHash(dir, extra, files);
  if (old) await keep(file, { format: FORMAT, stats, hash } satisfies StoredEngineCode, 'render.engine-code-memo.write');
  return hash;
}

/** Makes engineCode known in this process through the memo in `cacheDir` (memoCodeHash). */
export async function primeEngineCode(cacheDir: string): Promise<void> {
  if (engineCodeKnown()) return;
  const { dir, extra } = engineFiles();
  useEngineCode(engineCodeOf(await memoCodeHash(cacheDir, dir, extra)));
}
