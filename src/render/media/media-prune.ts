/**
 * Keeps the media store (media-store.ts) of a cache folder from growing without end, at
 * most once an hour (cheap otherwise: one stat of a marker): records of URLs fetched
 * longer ago than the store's age limit go (an export would fetch those again anyway),
 * then, while the blobs still referenced add up to more than `maxBytes`, the records
 * fetched longest ago; a blob no record names any more goes with them. Exports running
 * meanwhile are safe: each claimed the blobs it bundles (`MediaStore.claim`), and a blob
 * or temp file younger than an hour is left alone, since an export may be writing its
 * record right now.
 */
import { readdir, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import type { StoredMedia } from './media-store.js';

const HOUR = 3_600_000;

export interface PruneLimits {
  /** Records fetched longer ago than this go. */
  maxAgeMs: number;
  /** The blobs kept add up to at most this many bytes. */
  maxBytes: number;
}

export interface PruneResult {
  records: number;
  blobs: number;
  /** Bytes of the blobs removed. */
  bytes: number;
}

interface Entry {
  file: string;
  record?: StoredMedia;
  mtimeMs: number;
  size: number;
}

async function entries(dir: string, pattern: RegExp): Promise<Entry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
  const out: Entry[] = [];
  for (const name of names.filter((n) => pattern.test(n))) {
    try {
      const { mtimeMs, size } = await stat(join(dir, name));
      out.push({ file: join(dir, name), mtimeMs, size });
    } catch (err) {
      if (!isMissing(err)) throw err; // removed meanwhile by another export's prune
    }
  }
  return out;
}

async function remove(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (err) {
    if (!isMissing(err)) noteIgnored('render.media-prune.unlink', err);
    return false;
  }
}

/** Prunes the store in `dir`; `force` skips the once-an-hour check. Returns what went. */
export async function pruneMediaStore(dir: string, limits: PruneLimits, { now = Date.now(), force = false } = {}): Promise<PruneResult> {
  const result: PruneResult = { records: 0, blobs: 0, bytes: 0 };
  const marker = join(dir, '.pruned');
  if (!force) {
    const last = await stat(marker).then((s) => s.mtimeMs, () => undefined);
    if (last !== undefined && now - last < HOUR) return result;
  }
  const records = await entries(join(dir, 'urls'), /\.json$/);
  const blobs = await entries(join(dir, 'blobs'), /^[0-9a-f]{64}$|\.tmp$/);
  if (records.length === 0 && blobs.length === 0) return result;
  for (const r of records) {
    try {
      r.record = JSON.parse(await readFile(r.file, 'utf8')) as StoredMedia;
    } catch (err) {
      if (!isMissing(err)) noteIgnored('render.media-prune.record', err); // unreadable: goes below once old
    }
  }
  // Newest first: the oldest are the first to go when the store is over its size.
  const valid = records.filter((r) => r.record && /^[0-9a-f]{64}$/.test(r.record.sha256) && Number.isFinite(r.record.fetchedAt));
  valid.sort((a, b) => b.record!.fetchedAt - a.record!.fetchedAt);
  const kept = new Map<string, number>();
  let total = 0;
  const validSet = new Set(valid);
  const drop: Entry[] = records.filter((r) => !validSet.has(r) && now - r.mtimeMs > HOUR);
  for (const r of valid) {
    const { sha256, size, fetchedAt } = r.record!;
    const fresh = now - fetchedAt <= limits.maxAgeMs;
    const fits = kept.has(sha256) || total + size <= limits.maxBytes;
    if (fresh && fits) {
      if (!kept.has(sha256)) total += size;
      kept.set(sha256, size);
    } else drop.push(r);
  }
  for (const r of drop) if (await remove(r.file)) result.records++;
  for (const b of blobs) {
    const name = b.file.slice(b.file.lastIndexOf('/') + 1);
    if (kept.has(name) || now - b.mtimeMs <= HOUR) continue;
    if (await remove(b.file)) {
      result.blobs++;
      result.bytes += b.size;
    }
  }
  await writeFile(marker, '');
  await utimes(marker, new Date(now), new Date(now));
  return result;
}
