/**
 * Writes the export into the output folder. A folder that is not empty must hold a
 * previous export (a `sitemap.xml` and a `404.html`), so a mistyped `--out` never
 * touches an unrelated folder; it may not be the docs folder or one of its parents
 * either. Files of the previous export are overwritten, and those the new export did
 * not write are removed at the end (cheaper than emptying the folder first).
 */
import { closeSync, openSync, statSync, writeFileSync, writevSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm, rmdir, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { InvalidError } from '../../core/errors.js';

/**
 * `key`, when given, stands for the copied file's content in place of its path, size and mtime (a file copied from a new path each time).
 * `make`: content worked out only when the file is written; `key` stands for it (a folder
 * that already holds the file, by the output manifest, never has it made).
 */
export type OutputContent = string | Uint8Array | { copyFrom: string; key?: string } | MadeContent;

export interface MadeContent {
  /**
   * The bytes may come as chunks, written one after the other: a file of megabytes made of
   * many parts (llms-full.txt) is not copied into one buffer first, whose fresh pages cost
   * more than the copy itself (~6 ms of CPU per MB on this project's 2-core host).
   */
  make: () => Promise<string | Uint8Array | readonly Uint8Array[]>;
  /** Changes whenever what `make` gives would. */
  key: string;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

/** Checks the output folder and lists the files of a previous export in it. */
export async function prepareOutDir(outDir: string, root: string): Promise<string[]> {
  const out = resolve(outDir);
  const docs = resolve(root);
  const rel = relative(out, docs);
  if (rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel))) {
    throw new InvalidError(`output folder ${outDir} is the docs folder or one of its parents; choose another --out`);
  }
  if (!(await exists(out))) {
    await mkdir(out, { recursive: true });
    return [];
  }
  if (!(await stat(out)).isDirectory()) throw new InvalidError(`output path ${outDir} exists and is not a folder`);
  const entries = await readdir(out);
  if (entries.length === 0) return [];
  if (!entries.includes('sitemap.xml') || !entries.includes('404.html')) {
    throw new InvalidError(`output folder ${outDir} is not empty and does not hold a previous export; refusing to overwrite it`);
  }
  const files = await readdir(out, { recursive: true, withFileTypes: true });
  // Cut off the folder's own path instead of path.relative per file: that took ~25 ms of a warm
  // export of Mintlify's docs (3,700 files, JIT cold), this ~3 ms.
  const prefix = out.endsWith(sep) ? out : out + sep;
  const posix = sep === '/' ? (p: string) => p : (p: string) => p.split(sep).join('/');
  return files.filter((e) => !e.isDirectory()).map((e) => {
    const parent = e.parentPath ?? (e as unknown as { path: string }).path;
    if (parent === out) return e.name;
    return posix(parent.startsWith(prefix) ? `${parent.slice(prefix.length)}${sep}${e.name}` : relative(out, join(parent, e.name)));
  });
}

/** Removes files of a previous export that this one did not write, and folders left empty. */
export async function removeStaleFiles(outDir: string, previous: string[], written: ReadonlySet<string>): Promise<void> {
  const stale = previous.filter((f) => !written.has(f));
  await Promise.all(stale.map((f) => rm(join(outDir, f), { force: true })));
  const dirs = [...new Set(stale.map((f) => dirname(f)).filter((d) => d !== '.'))].sort((a, b) => b.length - a.length);
  for (const dir of dirs) {
    let d = dir;
    while (d !== '.' && d !== '') {
      try {
        await rmdir(join(outDir, d));
      } catch {
        break; // not empty (other pages live there) or gone: the folders above stay
      }
      d = dirname(d);
    }
  }
}

/** Lets a caller skip files the output folder already holds and learn what was written. */
export interface WriteTracker {
  sameFile(path: string, key: string): Promise<boolean>;
  /** A file was copied: the tracker reads its size and mtime. */
  fileWritten(path: string, key: string): Promise<void>;
  /** A file was written, with the size and mtime it has now. */
  recordFile(path: string, key: string, file: { size: number; mtimeMs: number }): void;
}

/** Content key of an output file: the hash of its bytes, or of its source file's size and mtime for copies. */
async function contentKey(content: OutputContent): Promise<string> {
  if (typeof content === 'object' && 'make' in content) return `made:${content.key}`;
  if (typeof content === 'object' && 'copyFrom' in content) {
    if (content.key) return `copy:${content.key}`;
    // Synchronous: a warm export asks this of every copied file (see OutputManifest.stillHolds).
    const s = statSync(content.copyFrom);
    return `copy:${content.copyFrom}:${s.size}:${s.mtimeMs}`;
  }
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Writes every file (paths relative to outDir, posix). Contents in
 * memory (search shards, sitemap, theme: small files, ~1100 in a cold 1000-page export)
 * are written with synchronous calls: through fs/promises each cost an open, a write,
 * a close and a stat, each a round trip through libuv's thread pool, on a machine whose
 * cores the export already keeps busy. After each such file the event loop gets a turn:
 * search shards are written while pages render, and a render thread holds only a few
 * tasks ahead near the end (pool/worker-pool.ts), so this thread must not stop answering
 * it for a whole shard (creating a file can take a millisecond on a file system busy with
 * deletions). Copies of source files stay asynchronous, a few at a time.
 */
export async function writeOutputFiles(outDir: string, files: Map<string, OutputContent>, tracker?: WriteTracker): Promise<void> {
  const dirs = new Set<string>();
  for (const path of files.keys()) dirs.add(dirname(join(outDir, path)));
  for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
  type Pending = { path: string; content: OutputContent; key: string };
  const isCopy = (c: OutputContent): c is { copyFrom: string } => typeof c === 'object' && 'copyFrom' in c;
  const isMade = (c: OutputContent): c is MadeContent => typeof c === 'object' && 'make' in c;
  // What to write: the files the folder does not already hold (a stat each, when the tracker knew the file).
  const entries = [...files];
  const pending = new Array<Pending | undefined>(entries.length);
  // The same bytes under two names (llms-full.txt and its /.well-known/ copy: megabytes) are hashed once.
  const keys = new WeakMap<object, Promise<string>>();
  const keyOf = (content: OutputContent) => {
    if (typeof content === 'string') return contentKey(content);
    let key = keys.get(content);
    if (!key) keys.set(content, (key = contentKey(content)));
    return key;
  };
  await inLanes(entries.length, async (i) => {
    const [path, content] = entries[i];
    const key = tracker ? await keyOf(content) : '';
    if (!(tracker && (await tracker.sameFile(path, key)))) pending[i] = { path, content, key };
  });
  const todo = pending.filter((p): p is Pending => p !== undefined);
  const copies = todo.filter((p) => isCopy(p.content));
  const writes = todo.filter((p): p is Pending & { content: string | Uint8Array | MadeContent } => !isCopy(p.content));
  const writeInTurns = async () => {
    for (const { path, content, key } of writes) {
      const target = join(outDir, path);
      const bytes = isMade(content) ? await content.make() : content;
      if (Array.isArray(bytes)) writeChunks(target, bytes as readonly Uint8Array[]);
      else writeFileSync(target, bytes as string | Uint8Array);
      if (tracker) recordWritten(tracker, path, key, target);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  const copyAll = () =>
    inLanes(copies.length, async (i) => {
      const { path, content, key } = copies[i];
      await copyFile((content as { copyFrom: string }).copyFrom, join(outDir, path));
      await tracker?.fileWritten(path, key);
    });
  await Promise.all([writeInTurns(), copyAll()]);
}

/** Chunks of one file per system call at most (Linux's IOV_MAX is 1024). */
const CHUNKS_PER_CALL = 1024;

/** Writes `chunks` one after the other into the file `path` (made or truncated), a thousand per system call. */
function writeChunks(path: string, chunks: readonly Uint8Array[]): void {
  const fd = openSync(path, 'w');
  try {
    for (let i = 0; i < chunks.length; i += CHUNKS_PER_CALL) {
      let batch = chunks.slice(i, i + CHUNKS_PER_CALL);
      // A write may take fewer bytes than asked (a signal, a full disk): the rest goes in the next call.
      for (let left = batch.reduce((n, c) => n + c.byteLength, 0); left > 0; ) {
        let done = writevSync(fd, batch);
        left -= done;
        while (done > 0 && batch.length > 0) {
          const first = batch[0];
          if (done >= first.byteLength) {
            done -= first.byteLength;
            batch = batch.slice(1);
          } else {
            batch = [first.subarray(done), ...batch.slice(1)];
            done = 0;
          }
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Runs `fn(0..count-1)`, a few at a time. */
async function inLanes(count: number, fn: (i: number) => Promise<void>): Promise<void> {
  const CONCURRENCY = 32;
  let next = 0;
  const lane = async () => {
    while (next < count) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, lane));
}

function recordWritten(tracker: WriteTracker, path: string, key: string, target: string): void {
  try {
    const { size, mtimeMs } = statSync(target);
    tracker.recordFile(path, key, { size, mtimeMs });
  } catch {
    // not recorded: the next export simply writes it again
  }
}
