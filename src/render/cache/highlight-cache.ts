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

/** Blocks kept in memory per thread; the map is emptied when full. */
const MAX_REMEMBERED = 2000;

/**
 * The blocks this thread highlighted or read lately, in front of `backing` when given.
 * Docs repeat their install commands and request samples from page to page (the
 * benchmark corpus: 3856 blocks, 67 different), and each copy should cost neither a
 * tokenization nor, with a cache folder, a file read: in a cold 1000-page export each of
 * the two render threads asked the folder ~1900 times for the same 67 blocks.
 */
function remembered(backing?: HighlightCacheStore): HighlightCacheStore {
  const entries = new Map<string, string>();
  const remember = (key: string, html: string) => {
    if (entries.size >= MAX_REMEMBERED) entries.clear();
    entries.set(key, html);
  };
  return {
    get(key) {
      let html = entries.get(key);
      if (html === undefined && backing) {
        html = backing.get(key);
        if (html !== undefined) remember(key, html);
      }
      return html;
    },
    set(key, html) {
      remember(key, html);
      backing?.set(key, html);
    },
  };
}

/** Without a cache folder: the blocks highlighted lately in this thread. */
export const recentHighlights: HighlightCacheStore = remembered();

/** The cache folder's blocks, the recent ones of this thread kept in memory. */
export function createHighlightCache(dir: string): HighlightCacheStore {
  return remembered(folderStore(dir));
}

function folderStore(dir: string): HighlightCacheStore {
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
