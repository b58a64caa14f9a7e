/**
 * The highlighted-code cache: one small file per code block under
 * `<cacheDir>/highlight/`, named by the sha256 key the renderer computes from the
 * language, fence meta and code. Synchronous (the renderer asks mid-render), safe
 * with several worker threads: entries are written to a temp file and renamed.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

export interface HighlightCacheStore {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
}

const KEY = /^[0-9a-f]{16,128}$/;

/**
 * Without a cache folder: the blocks highlighted lately in this thread. Docs repeat
 * their install commands and request samples from page to page (the benchmark corpus:
 * 3856 blocks, 67 different), and an export without --cache-dir should not tokenize
 * every copy again. Bounded; emptied when full.
 */
export const recentHighlights: HighlightCacheStore = (() => {
  const entries = new Map<string, string>();
  const MAX_ENTRIES = 2000;
  return {
    get: (key) => entries.get(key),
    set(key, html) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, html);
    },
  };
})();

export function createHighlightCache(dir: string): HighlightCacheStore {
  const made = new Set<string>();
  const path = (key: string) => join(dir, key.slice(0, 2), key);
  return {
    get(key) {
      if (!KEY.test(key)) return undefined;
      try {
        return readFileSync(path(key), 'utf8');
      } catch {
        return undefined;
      }
    },
    set(key, html) {
      if (!KEY.test(key)) return;
      const sub = join(dir, key.slice(0, 2));
      if (!made.has(sub)) {
        mkdirSync(sub, { recursive: true });
        made.add(sub);
      }
      const tmp = `${path(key)}.${process.pid}.${threadId}.tmp`;
      try {
        writeFileSync(tmp, html);
        renameSync(tmp, path(key));
      } catch {
        // a cache that cannot be written only costs time
      }
    },
  };
}
