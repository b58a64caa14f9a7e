/**
 * How pages are split into search index shards. A large site is indexed as several
 * independent shards that the browser's engine searches together; a page always falls
 * in the same shard (by the hash of its path), so after an edit only that page's shard
 * is built again and the others come from the cache.
 */
import { createHash } from 'node:crypto';

/** Pages per shard the split aims for. */
export const PAGES_PER_SHARD = 125;
/** Upper bound on shards: each one costs the browser a few requests per query. */
export const MAX_SHARDS = 16;

export function shardCount(pages: number): number {
  return Math.max(1, Math.min(MAX_SHARDS, Math.ceil(pages / PAGES_PER_SHARD)));
}

export function shardOf(page: string, shards: number): number {
  if (shards === 1) return 0;
  return createHash('sha256').update(page).digest().readUInt32BE(0) % shards;
}

/** Output folder of a shard of the index in `dir`: `dir` for the first, `dir/shard-N` for the others. */
export function shardDir(shard: number, dir = 'search'): string {
  return shard === 0 ? dir : `${dir}/shard-${shard}`;
}
