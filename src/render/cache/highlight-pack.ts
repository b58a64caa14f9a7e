/**
 * The highlighted-code cache on disk: every block's `<pre>` in a few pack files under
 * `<cacheDir>/highlight/`, not one file per block (a cold export of Mintlify's docs
 * created 1,933 files, each a temp file and a rename):
 *
 *   highlight/index.json  key -> pack, offset, length, day last used, of every entry kept
 *   highlight/<run>.pack  the entries one export's render threads appended (page-pack.ts
 *                         appendBytes: each writer reserves its range atomically)
 *   highlight/index.lock  exists while an export replaces the index
 *
 * Render threads read the index themselves and read a hit with one positional read
 * (highlight-cache.ts), and tell the main thread which entries they used and appended;
 * at the end of a successful export `commit` merges that into the index on disk (other
 * exports' entries are kept: a block is worth keeping whether or not this export used
 * it), drops entries nobody used for 30 days, compacts packs less than half live (and
 * small ones, so runs that add a block or two do not leave a pack each) into this run's
 * pack, and deletes the packs no longer named. Any error here costs time, never the
 * export; an entry that does not read back as its key (a pack cut short, another
 * program's bytes) is a miss, highlighted again.
 */
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { appendBytes, readBytes, type PackLocation, type PackTarget } from './page-pack.js';
import { closeRunPack, createRunPack, existsPack, pruneUnnamedPacks, readPackIndex, serializePackIndex, withLock } from './pack-files.js';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';

const INDEX_FORMAT = 'quire-highlight-index-1';
export const HIGHLIGHT_KEY = /^[0-9a-f]{64}$/;
const DAY_MS = 86_400_000;
/** Entries no export used for this long are dropped; a block still in use is highlighted again. */
export const HIGHLIGHT_MAX_AGE_MS = 30 * DAY_MS;
/** A pack smaller than this is copied into the run's pack at commit (bounds the number of packs). */
const SMALL_PACK = 256 * 1024;
/** The layout before packs: `highlight/<2 hex>/<key>` and a sweep marker. */
const LEGACY = /^([0-9a-f]{2}|\.swept)$/;

export interface HighlightEntry extends PackLocation {
  /** Day (ms / 86400000) the entry was last written or read by an export. */
  day: number;
}

/** What a render thread did with the cache since it last said: keys it read, entries it appended to the run's pack. */
export interface HighlightUse {
  used: string[];
  /** [key, offset, length] in the run's pack. */
  added: [string, number, number][];
}

export const highlightIndexFile = (dir: string) => join(dir, 'index.json');

/** The entries of an index file; an unreadable or malformed one is empty, a malformed entry is left out. */
export function readHighlightIndex(file: string): Map<string, HighlightEntry> {
  return readPackIndex(file, INDEX_FORMAT, 4, 'render.highlight-cache.read-index', (loc, row) => ({ ...loc, day: row[3] }));
}

/** An entry's bytes: the key, a newline, the HTML. */
export function encodeHighlight(key: string, html: string): Buffer {
  return Buffer.from(`${key}\n${html}`);
}

/** The HTML of an entry's bytes, when they are the entry of `key`. */
export function decodeHighlight(key: string, bytes: Buffer): string | undefined {
  if (bytes.length <= key.length || bytes[key.length] !== 10 || bytes.toString('latin1', 0, key.length) !== key) return undefined;
  return bytes.toString('utf8', key.length + 1);
}

/** The bytes at `loc` in `dir` (undefined when the pack is gone or holds fewer); `fd` when the pack is open already. */
export function readHighlightBytes(dir: string, loc: PackLocation, fd?: number): Buffer | undefined {
  let own: number | undefined;
  try {
    return readBytes(fd ?? (own = openSync(join(dir, loc.pack), 'r')), loc.offset, loc.length);
  } catch (err) {
    if (!isMissing(err)) noteIgnored('render.highlight-cache.read', err); // a miss: highlighted again
    return undefined;
  } finally {
    if (own !== undefined) closeSync(own);
  }
}

/** The main thread's side of one export's highlight cache. */
export class HighlightPacks {
  readonly dir: string;
  private loaded = new Map<string, HighlightEntry>();
  private readonly used = new Set<string>();
  private readonly fresh = new Map<string, PackLocation>();
  private own: PackTarget | undefined;
  private committed = false;

  constructor(cacheDir: string) {
    this.dir = join(cacheDir, 'highlight');
  }

  load(): void {
    this.loaded = readHighlightIndex(highlightIndexFile(this.dir));
  }

  /** The pack this run's render threads append to, created on first use. */
  runPack(): PackTarget | undefined {
    this.own ??= createRunPack(this.dir, 'render.highlight-cache.create-pack');
    return this.own;
  }

  /** Takes what a render thread reported. */
  note(use: HighlightUse): void {
    for (const key of use.used) this.used.add(key);
    if (!this.own) return;
    for (const [key, offset, length] of use.added) if (HIGHLIGHT_KEY.test(key)) this.fresh.set(key, { pack: this.own.pack, offset, length });
  }

  /** Ends a successful export: merges this run's entries into the index on disk, compacts and prunes (see the header). */
  async commit(now = Date.now()): Promise<void> {
    try {
      mkdirSync(this.dir, { recursive: true });
      await withLock(join(this.dir, 'index.lock'), () => this.replaceIndex(now));
      if (this.committed) this.removeLegacyEntries();
    } catch (err) {
      noteIgnored('render.highlight-cache.commit', err); // a cache that cannot be written only costs time
    }
  }

  private replaceIndex(now: number): void {
    const onDisk = readHighlightIndex(highlightIndexFile(this.dir));
    const today = Math.floor(now / DAY_MS);
    const merged = new Map([...this.loaded, ...onDisk]);
    for (const key of this.used) {
      const e = merged.get(key);
      if (e) merged.set(key, { ...e, day: today });
    }
    for (const [key, loc] of this.fresh) merged.set(key, { ...loc, day: today });
    const exists = new Map<string, boolean>();
    const next = new Map<string, HighlightEntry>();
    for (const [key, e] of merged) {
      if ((today - e.day) * DAY_MS > HIGHLIGHT_MAX_AGE_MS) continue;
      let ok = exists.get(e.pack);
      if (ok === undefined) exists.set(e.pack, (ok = existsPack(this.dir, e.pack, 'render.highlight-cache.stat-pack')));
      if (ok) next.set(key, e);
    }
    this.compact(next);
    const file = highlightIndexFile(this.dir);
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, serializePackIndex(next, INDEX_FORMAT, (e) => [e.day]));
    renameSync(tmp, file);
    this.committed = true;
    const finished = new Set([...this.loaded.values(), ...onDisk.values()].map((l) => l.pack));
    if (this.own) finished.add(this.own.pack);
    pruneUnnamedPacks(this.dir, new Set([...next.values()].map((l) => l.pack)), finished);
  }

  /** Copies the live entries of packs at most half live, or small, into this run's pack. */
  private compact(next: Map<string, HighlightEntry>): void {
    const liveBytes = new Map<string, number>();
    for (const l of next.values()) liveBytes.set(l.pack, (liveBytes.get(l.pack) ?? 0) + l.length);
    // one small pack alone is left as it is: copying it would only make another
    const mergeSmall = liveBytes.size > 1;
    liveBytes.delete(this.own?.pack ?? '');
    for (const [pack, bytes] of liveBytes) {
      let fd: number;
      let size: number;
      try {
        fd = openSync(join(this.dir, pack), 'r');
        size = statSync(join(this.dir, pack)).size;
      } catch (err) {
        noteIgnored('render.highlight-cache.open-pack', err);
        continue;
      }
      try {
        if (bytes * 2 >= size && (size >= SMALL_PACK || !mergeSmall)) continue;
        const target = this.runPack();
        if (!target) return;
        const moving = [...next].filter(([, l]) => l.pack === pack).sort((a, b) => a[1].offset - b[1].offset);
        for (const [key, loc] of moving) {
          const entry = readHighlightBytes(this.dir, loc, fd);
          // never carry bytes that do not read back as the entry they claim to be
          const moved = entry && decodeHighlight(key, entry) !== undefined ? appendBytes(target, entry) : undefined;
          if (moved) next.set(key, { ...moved, day: loc.day });
          else next.delete(key);
        }
      } finally {
        closeSync(fd);
      }
    }
  }

  /** One file per block and the sweep marker, the layout before packs: removed once. */
  private removeLegacyEntries(): void {
    for (const name of readdirSync(this.dir)) {
      if (LEGACY.test(name)) rmSync(join(this.dir, name), { recursive: true, force: true });
    }
  }

  /** Closes this run's pack; it goes unless an index names it. */
  close(): void {
    closeRunPack(this.dir, this.own, this.committed);
  }
}
