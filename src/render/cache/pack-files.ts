/**
 * What the two pack caches (pages, page-cache.ts; highlighted code, highlight-pack.ts)
 * share about their folders: pack file names, the O_EXCL lock a commit holds while it
 * replaces its index, and deleting the packs an index no longer names.
 */
import { closeSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';

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
