/**
 * What an export derived from files of the docs folder, kept in its cache folder with the stat
 * of each file (size, mtime, ctime, inode, device) and taken again while the file keeps it: the
 * facts of page sources (source-memo.ts) and the sanitized copies of the site's SVGs
 * (svg-memo.ts).
 *
 * As git's index (and engine-code-memo.ts) do: a stat that matches is trusted. An edit changes
 * ctime, which `touch` cannot set back, so an edit that keeps size and mtime is seen; a file
 * replaced (renamed over, or by a link) has another inode or is no regular file, and what is not
 * a regular file is never kept nor taken. A file changed within the timestamp tick of the moment
 * it was statted could keep its stat, so nothing is kept of a file younger than RACY_MS (the next
 * export reads it again). The caller stats before it reads: a file changed between the two has a
 * newer stat than the one kept. A memo is only taken for the same docs folder and the same build
 * of Quire (engine-version.ts). The cache folder is Quire's own, never the tenant's: what it holds
 * is trusted as the page cache is. A memo that cannot be read or written only costs the work it saves.
 */
import { lstatSync, readFileSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import { replaceFile } from '../../core/replace-file.js';
import { engineCode } from './engine-version.js';
import { sha256 } from './cache-key.js';

/** A file changed less than this long ago may change again within the same timestamp tick. */
export const RACY_MS = 3000;

/** A file's stat as a memo matches it, and whether what is derived from it may be kept. */
export interface MemoStat {
  stat: string;
  /** Older than RACY_MS at the moment it was statted. */
  keep: boolean;
}

/** The stat of the regular file at `path` (a link is none), undefined when there is none. */
export function memoStat(path: string, now: number): MemoStat | undefined {
  let st: BigIntStats;
  try {
    st = lstatSync(path, { bigint: true });
  } catch {
    return undefined; // the caller's read says why
  }
  if (!st.isFile()) return undefined;
  const newest = Math.max(Number(st.mtimeMs), Number(st.ctimeMs));
  return { stat: `${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.ino}:${st.dev}`, keep: now - newest >= RACY_MS };
}

interface Stored<T> {
  format: string;
  root: string;
  engine: string;
  /** Root-relative path -> [stat, value]. */
  entries: Map<string, [string, T]>;
}

/** One memo file: load it, take and put values by path and stat, save what this export used. */
export class StatMemo<T> {
  private known = new Map<string, [string, T]>();
  private kept = new Map<string, [string, T]>();
  /** Values of files too young when put: path -> [value, hash of the text it was derived from]. */
  private young = new Map<string, [T, string]>();
  private changed = false;

  /** `site`: the name failures are noted under (core/ignored-errors.ts). */
  constructor(
    private readonly file: string,
    private readonly format: string,
    private readonly root: string,
    private readonly site: string,
  ) {}

  async load(): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.file);
    } catch (err) {
      if (!isMissing(err)) noteIgnored(`${this.site}.read`, err);
      return;
    }
    try {
      const stored = deserialize(bytes) as Partial<Stored<T>>;
      if (stored.format === this.format && stored.root === this.root && stored.engine === engineCode() && stored.entries instanceof Map) this.known = stored.entries;
    } catch (err) {
      noteIgnored(`${this.site}.read`, err); // made again
    }
  }

  /** The value kept for `rel` with this stat (then kept again), or undefined. */
  take(rel: string, st: MemoStat | undefined): T | undefined {
    const hit = st ? this.known.get(rel) : undefined;
    if (!st || !hit || hit[0] !== st.stat) return undefined;
    this.kept.set(rel, hit);
    return hit[1];
  }

  /**
   * Keeps `value`, derived from `rel` read after it was statted `st`, unless the file is too young
   * (or none). A young one's value is kept by save() if by then the file is old enough and its
   * bytes still hash to `hash` (sha256 of its UTF-8 text, cache-key.ts): files are often exported
   * right after they were written (a checkout, a copy), and the next export would read them all again.
   */
  put(rel: string, st: MemoStat | undefined, value: T, hash?: string): void {
    this.changed = true;
    if (st?.keep) this.kept.set(rel, [st.stat, value]);
    else if (st && hash !== undefined) this.young.set(rel, [value, hash]);
  }

  /**
   * Writes the values taken or put this time (what was not asked for is dropped), when that
   * changes the memo. Young files put (see put) are statted again first, then read: one now old
   * enough whose text still has the hash its value was derived from is kept with the new stat,
   * which was taken before that read, so what it says is what was read.
   */
  async save(now = Date.now()): Promise<void> {
    for (const [rel, [value, hash]] of this.young) {
      const st = memoStat(join(this.root, rel), now);
      if (!st?.keep) continue;
      try {
        if (sha256(readFileSync(join(this.root, rel), 'utf8')) === hash) this.kept.set(rel, [st.stat, value]);
      } catch (err) {
        noteIgnored(`${this.site}.settle`, err); // read again next time
      }
    }
    this.young.clear();
    if (!this.changed && this.kept.size === this.known.size) return;
    try {
      await replaceFile(this.file, serialize({ format: this.format, root: this.root, engine: engineCode(), entries: this.kept } satisfies Stored<T>));
    } catch (err) {
      noteIgnored(`${this.site}.write`, err);
    }
  }
}
