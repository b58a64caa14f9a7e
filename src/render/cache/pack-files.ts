/**
 * What the two pack caches (pages, page-cache.ts; highlighted code, highlight-pack.ts)
 * share about their folders: pack file names, the index file's form, the O_EXCL lock a
 * commit holds while it replaces its index, and deleting the packs an index no longer names.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import type { PackLocation, PackTarget } from './page-pack.js';

/** `<base-36 time>-<pid>-<random>.pack`: one run's pack. */
export const PACK = /^[0-9a-z]+-\d+-[0-9a-f]{8}\.pack$/;
const TMP = /\.tmp$/;
/** A pack no index names and nobody wrote to for this long is left over from a killed run. */
export const STALE_MS = 10 * 60_000;
/** Commits take milliseconds (a second when compacting a large site); a lock older than this was left by a killed one. */
const LOCK_STALE_MS = 30_000;
/** How long a commit waits for another one before giving up (the cache then stays as it was). */
const LOCK_WAIT_MS = 5_000;

/** A fresh pack name for this run. */
export function newPackName(): string {
  return `${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString('hex')}.pack`;
}

/** Runs `fn` holding the O_EXCL lock file; undefined when the lock could not be had. */
export async function withLock<T>(file: string, fn: () => T): Promise<T | undefined> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(file, 'wx'));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
    try {
      if (Date.now() - statSync(file).mtimeMs > LOCK_STALE_MS) {
        unlinkSync(file);
        continue;
      }
    } catch {
      continue; // released meanwhile
    }
    if (Date.now() > deadline) return undefined;
    await sleep(20);
  }
  try {
    return fn();
  } finally {
    try {
      unlinkSync(file);
    } catch {
      // gone already
    }
  }
}

export function existsPack(dir: string, pack: string, site: string): boolean {
  try {
    return statSync(join(dir, pack)).isFile();
  } catch (err) {
    if (!isMissing(err)) noteIgnored(site, err);
    return false;
  }
}

/**
 * Deletes the packs of `dir` that `named` does not hold: those in `finished` (an index
 * named them, so their run is over) and any nobody wrote to for STALE_MS (not another
 * run's pack in the making); and temp files as old.
 */
export function pruneUnnamedPacks(dir: string, named: Set<string>, finished: Set<string>): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const isPack = PACK.test(name);
    if ((!isPack && !TMP.test(name)) || named.has(name)) continue;
    try {
      if ((isPack && finished.has(name)) || now - statSync(join(dir, name)).mtimeMs > STALE_MS) unlinkSync(join(dir, name));
    } catch {
      // deleted by another run meanwhile
    }
  }
}

const KEY = /^[0-9a-f]{64}$/;

interface IndexFile {
  format: string;
  packs: string[];
  /** key -> [pack number in `packs`, offset, length, ...what the cache adds] */
  entries: Record<string, number[]>;
}

/**
 * The entries of an index file of `format` whose rows hold `width` numbers (pack number,
 * offset, length, then the cache's own); an unreadable or malformed file is empty, a
 * malformed entry is left out.
 */
export function readPackIndex<T extends PackLocation>(file: string, format: string, width: number, site: string, make: (loc: PackLocation, row: number[]) => T): Map<string, T> {
  const out = new Map<string, T>();
  let data: IndexFile;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as IndexFile;
  } catch (err) {
    if (!isMissing(err)) noteIgnored(site, err);
    return out;
  }
  if (data?.format !== format || !Array.isArray(data.packs) || typeof data.entries !== 'object' || data.entries === null) return out;
  // Each pack name checked once, not once per entry; plain loops: a warm export reads thousands
  // of rows (Mintlify's docs: 1,070 pages, 3,864 highlighted blocks) with the JIT cold.
  const packs = data.packs.map((p) => (typeof p === 'string' && PACK.test(p) ? p : undefined));
  for (const key in data.entries) {
    const row = data.entries[key];
    if (!KEY.test(key) || !Array.isArray(row) || row.length !== width || !row.every(isCount)) continue;
    const pack = packs[row[0]];
    if (pack === undefined || row[2] === 0) continue;
    out.set(key, make({ pack, offset: row[1], length: row[2] }, row));
  }
  return out;
}

const isCount = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

/** An index file's text: packs numbered in sorted order, entries sorted by key, each row from `row`. */
export function serializePackIndex<T extends PackLocation>(entries: Map<string, T>, format: string, row: (e: T) => number[] = () => []): string {
  const packs = [...new Set([...entries.values()].map((l) => l.pack))].sort();
  const number = new Map(packs.map((p, i) => [p, i]));
  const out: IndexFile = { format, packs, entries: {} };
  for (const key of [...entries.keys()].sort()) {
    const l = entries.get(key)!;
    out.entries[key] = [number.get(l.pack)!, l.offset, l.length, ...row(l)];
  }
  return JSON.stringify(out);
}

/** A new pack in `dir` for this run's threads to append to; undefined (and noted under `site`) when it cannot be made. */
export function createRunPack(dir: string, site: string): PackTarget | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    const pack = newPackName();
    return { pack, fd: openSync(join(dir, pack), 'wx'), end: new SharedArrayBuffer(8) };
  } catch (err) {
    noteIgnored(site, err); // this run stores nothing; the export goes on
    return undefined;
  }
}

/** Closes this run's pack, and deletes it unless `keep` (an index names it). */
export function closeRunPack(dir: string, own: PackTarget | undefined, keep: boolean): void {
  if (!own || own.fd < 0) return;
  closeSync(own.fd);
  own.fd = -1;
  if (keep) return;
  try {
    unlinkSync(join(dir, own.pack));
  } catch {
    // not there
  }
}
