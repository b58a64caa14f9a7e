/**
 * The highlighted-code cache as a render thread sees it: synchronous (the renderer asks
 * mid-render), keyed by the sha256 the renderer computes from the language, fence meta
 * and code. With a cache folder, hits are read through the index the last exports left
 * and new blocks are appended to this export's pack, shared by all its threads (the
 * files, commit and pruning: highlight-pack.ts); the thread keeps a list of what it used
 * and appended for the main thread (`drain`).
 */
import { appendBytes, type PackLocation, type PackTarget } from './page-pack.js';
import { decodeHighlight, encodeHighlight, HIGHLIGHT_KEY, highlightIndexFile, readHighlightBytes, readHighlightIndex, type HighlightUse } from './highlight-pack.js';

export interface HighlightCacheStore {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
}

/** A store backed by the cache folder, which reports what it did. */
export interface HighlightPackStore extends HighlightCacheStore {
  /** What this store used and appended since the last call; undefined when nothing. */
  drain(): HighlightUse | undefined;
}

/** Blocks kept in memory per thread; the map is emptied when full. */
const MAX_REMEMBERED = 2000;

/**
 * The blocks this thread highlighted or read lately, in front of `backing` when given.
 * Docs repeat their install commands and request samples from page to page (the
 * benchmark corpus: 3856 blocks, 67 different), and each copy should cost neither a
 * tokenization nor, with a cache folder, a read.
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

/**
 * The cache folder `dir`'s blocks, the recent ones of this thread kept in memory; new
 * blocks go to `pack` (this export's, opened by the main thread), none when it is absent.
 */
export function createHighlightCache(dir: string, pack?: PackTarget): HighlightPackStore {
  const store = packStore(dir, pack);
  return { ...remembered(store), drain: () => store.drain() };
}

function packStore(dir: string, pack?: PackTarget): HighlightPackStore {
  // Read on the first lookup: a thread whose pages all come from the page cache never asks.
  let index: Map<string, PackLocation> | undefined;
  const fresh = new Map<string, PackLocation>();
  let used = new Set<string>();
  let added: HighlightUse['added'] = [];
  return {
    get(key) {
      if (!HIGHLIGHT_KEY.test(key)) return undefined;
      index ??= readHighlightIndex(highlightIndexFile(dir));
      const loc = fresh.get(key) ?? index.get(key);
      const bytes = loc && readHighlightBytes(dir, loc);
      const html = bytes && decodeHighlight(key, bytes);
      if (html !== undefined && !fresh.has(key)) used.add(key);
      return html;
    },
    set(key, html) {
      if (!pack || pack.fd < 0 || !HIGHLIGHT_KEY.test(key)) return;
      const loc = appendBytes(pack, encodeHighlight(key, html));
      if (!loc) return;
      fresh.set(key, loc);
      added.push([key, loc.offset, loc.length]);
    },
    drain() {
      if (!used.size && !added.length) return undefined;
      const out = { used: [...used], added };
      used = new Set();
      added = [];
      return out;
    },
  };
}
