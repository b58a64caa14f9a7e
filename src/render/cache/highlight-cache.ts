/**
 * The highlighted-code cache: one small file per code block under
 * `<cacheDir>/highlight/`, named by the sha256 key the renderer computes from the
 * language, fence meta and code. Synchronous (the renderer asks mid-render), safe
 * with several worker threads: entries are written to a temp file and renamed. Entries
 * older than 30 days are swept once a day (pruneHighlightCache).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';

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
      } catch (err) {
        if (!isMissing(err)) noteIgnored('render.highlight-cache.read', err); // highlighted again
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

/** Entries not written for this long are removed; a block still in use is highlighted again and written anew. */
export const HIGHLIGHT_MAX_AGE_MS = 30 * 86_400_000;
/** The folder is swept at most this often (a marker file remembers when). */
const SWEEP_EVERY_MS = 86_400_000;

/**
 * Keeps the highlight folder from growing without end: once a day at most, removes the
 * entries written more than `maxAgeMs` ago and temp files left by a crash. Returns how
 * many files went. Cheap when it has nothing to do: one stat of the marker.
 */
export function pruneHighlightCache(dir: string, now = Date.now(), maxAgeMs = HIGHLIGHT_MAX_AGE_MS): number {
  const marker = join(dir, '.swept');
  try {
    if (now - statSync(marker).mtimeMs < SWEEP_EVERY_MS) return 0;
  } catch {
    // never swept
  }
  let removed = 0;
  let subs: string[];
  try {
    subs = readdirSync(dir).filter((name) => /^[0-9a-f]{2}$/.test(name));
  } catch (err) {
    if (!isMissing(err)) noteIgnored('render.highlight-cache.sweep', err); // swept another time
    return 0;
  }
  for (const sub of subs) {
    for (const name of readdirSync(join(dir, sub))) {
      const file = join(dir, sub, name);
      try {
        const st = statSync(file);
        if (now - st.mtimeMs > maxAgeMs || (name.endsWith('.tmp') && now - st.mtimeMs > 3_600_000)) {
          unlinkSync(file);
          removed++;
        }
      } catch {
        // gone meanwhile (another export sweeping): nothing to do
      }
    }
  }
  writeFileSync(marker, '');
  utimesSync(marker, new Date(now), new Date(now));
  return removed;
}
