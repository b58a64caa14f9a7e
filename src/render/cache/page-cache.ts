/**
 * The rendered-page cache: the RenderedPage of every page (the body, not the layout,
 * which depends on the whole site and is redrawn every time; it is cheap), kept in a
 * few pack files under `<cacheDir>/pages/` rather than one file per page (creating two
 * inodes per page, temp file and rename, cost about half a second of a 1000-page cold
 * export on ext4):
 *
 *   pages/index.json   key -> pack, offset, length, head length of every entry live after the last export
 *   pages/<run>.pack   the entries one export appended (page-pack.ts), named
 *                      <base-36 time>-<pid>-<random>.pack, never written again after that run
 *   pages/index.lock   exists while an export replaces the index (milliseconds)
 *
 * A run reads its hits through the index it loaded, one positional read per entry (as
 * fast as one read of each whole pack, measured, without holding packs in memory), of
 * the entry's head only (a page's body is read when asked for: a warm export needs the
 * bodies of the few pages whose layout changed, and the heads of all of them); its
 * render threads append the misses to the run's pack; at the end of a successful export
 * `commit` writes a new index of the entries live now (the site's current keys: hits
 * carried over, new entries from the run's pack), then deletes the packs it no longer
 * names. Only after the new index is in place: a run killed before that leaves the old
 * index and its packs as they were, plus a pack no index names, deleted later.
 *
 * Bounded size: a pack still named whose live entries fill less than half of it has
 * them copied into the run's pack, and the run's pack holds only live entries, so the
 * packs an index names add up to at most twice the live entries' bytes. On top of that:
 * the index, and packs of runs that are still going or were killed in the last
 * STALE_MS, which no index names yet.
 *
 * Concurrent exports into one cache folder (export jobs of one project, with
 * `exportConcurrency` above 1 or several worker processes) are safe: each run writes
 * only its own pack; the index is replaced atomically under an O_EXCL lock file, so
 * commits take turns; under the lock a run checks that every pack its new index names
 * still exists (taking the location from the index on disk, or dropping the entry,
 * when another run has pruned it), and it deletes only packs that an index named (so
 * finished ones) or that nobody wrote to for STALE_MS (so not another run's pack in
 * the making). The last commit wins; entries of the other run are lost, not wrong.
 * Any error here costs time, never the export. Nothing is fsynced: after a power cut an
 * entry that reads back as zeros or garbage fails its key and length checks, a miss.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { closeRunPack, createRunPack, existsPack, pruneUnnamedPacks, readPackIndex, serializePackIndex, withLock } from './pack-files.js';
import { appendBytes, decodeEntry, decodeHead, readBytes, type CachedPage, type PageLocation, type PackTarget } from './page-pack.js';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';

// 2: rows carry the head length (an index of format 1 reads as empty: one cold export).
// 3: the Markdown is no longer in the head line but after it (page-pack.ts).
const INDEX_FORMAT = 'quire-page-index-3';
const LEGACY_DIR = /^[0-9a-f]{2}$/;

/** Where the index of the page cache under `cacheDir` lives: no file, no earlier export to read from. */
export function pageIndexFile(cacheDir: string): string {
  return join(cacheDir, 'pages', 'index.json');
}

function readIndex(file: string): Map<string, PageLocation> {
  // A head length of 0 (not known when the entry was indexed) has the entry read whole.
  return readPackIndex(file, INDEX_FORMAT, 4, 'render.page-cache.read-index', (loc, row) => (row[3] > 0 && row[3] < loc.length ? { ...loc, head: row[3] } : loc));
}

const serializeIndex = (entries: Map<string, PageLocation>) => serializePackIndex(entries, INDEX_FORMAT, (l) => [l.head ?? 0]);

export class PageCache {
  private readonly dir: string;
  private readonly indexFile: string;
  /** The index as this run loaded it. */
  private loaded = new Map<string, PageLocation>();
  /** Entries this run appended to its own pack. */
  private readonly fresh = new Map<string, PageLocation>();
  /** Open packs for reading (null: missing or unreadable). */
  private readonly readers = new Map<string, { fd: number; size: number } | null>();
  private own: PackTarget | undefined;
  private committed = false;

  constructor(cacheDir: string) {
    this.dir = join(cacheDir, 'pages');
    this.indexFile = pageIndexFile(cacheDir);
  }

  /** Reads the index left by the last export (none, or a bad one: every page is a miss). */
  load(): void {
    this.loaded = readIndex(this.indexFile);
  }

  private reader(pack: string): { fd: number; size: number } | null {
    let r = this.readers.get(pack);
    if (r === undefined) {
      try {
        const fd = openSync(join(this.dir, pack), 'r');
        r = { fd, size: fstatSync(fd).size };
      } catch (err) {
        if (!isMissing(err)) noteIgnored('render.page-cache.open-pack', err); // its pages are rendered again
        r = null;
      }
      this.readers.set(pack, r);
    }
    return r;
  }

  /** The bytes at `loc` (its first `length` of them), when its pack holds the whole entry. */
  private read(loc: PageLocation, length = loc.length): Buffer | undefined {
    const r = this.reader(loc.pack);
    if (!r || loc.offset + loc.length > r.size) return undefined;
    try {
      return readBytes(r.fd, loc.offset, length);
    } catch (err) {
      noteIgnored('render.page-cache.read', err); // a miss: the page is rendered again
      return undefined;
    }
  }

  /** Whether the index this run loaded has an entry for `key` (it may still read back as a miss). */
  has(key: string): boolean {
    return this.loaded.has(key);
  }

  /** The entry for `key`; of an entry whose head length is known, only the head is read until its body is asked for. */
  get(key: string): CachedPage | undefined {
    const loc = this.loaded.get(key);
    if (!loc) return undefined;
    if (loc.head === undefined) {
      const bytes = this.read(loc);
      return bytes && decodeEntry(key, bytes);
    }
    const head = this.read(loc, loc.head + 1);
    return head && decodeHead(key, head, loc.length, (from, length) => this.rest(key, loc, from, length));
  }

  /**
   * Bytes of an entry whose head was read (its Markdown, its body). Packs are only ever
   * appended to, so bytes there a moment ago are there now; should they not be, the export
   * stops with this error rather than write a page without them.
   */
  private rest(key: string, loc: PageLocation, from: number, length: number): Buffer {
    const r = this.reader(loc.pack);
    const bytes = r && readBytes(r.fd, loc.offset + from, length);
    if (!bytes) throw new Error(`page cache: the entry ${key.slice(0, 12)} in ${join(this.dir, loc.pack)} was cut short while this export read it; export again`);
    return bytes;
  }

  /** The pack this run's render threads append to, created on first use. */
  runPack(): PackTarget | undefined {
    this.own ??= createRunPack(this.dir, 'render.page-cache.create-pack');
    return this.own;
  }

  /** Records an entry a render thread appended to this run's pack. */
  added(key: string, loc: PageLocation): void {
    if (loc.pack === this.own?.pack) this.fresh.set(key, loc);
  }

  /**
   * Ends a successful export: writes the index of the entries of `live` (the keys of
   * every page of the site now), compacting and pruning packs (see the header).
   */
  async commit(live: Iterable<string>): Promise<void> {
    try {
      mkdirSync(this.dir, { recursive: true });
      await withLock(`${this.indexFile.slice(0, -'.json'.length)}.lock`, () => this.replaceIndex(live));
      if (this.committed) this.removeLegacyEntries();
    } catch {
      // a cache that cannot be written only costs time
    }
  }

  /** Under the lock: the new index, then the packs it does not name. */
  private replaceIndex(live: Iterable<string>): void {
    const onDisk = readIndex(this.indexFile);
    const next = new Map<string, PageLocation>();
    const exists = new Map<string, boolean>();
    const packExists = (pack: string) => {
      let e = exists.get(pack);
      if (e === undefined) exists.set(pack, (e = existsPack(this.dir, pack, 'render.page-cache.stat-pack')));
      return e;
    };
    for (const key of live) {
      const loc = this.fresh.get(key) ?? this.loaded.get(key);
      if (!loc) continue;
      // Pruned by another run since this one loaded the index: it may have moved the entry.
      const found = packExists(loc.pack) ? loc : onDisk.get(key);
      if (found && packExists(found.pack)) next.set(key, found);
    }
    this.compact(next);
    const tmp = `${this.indexFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, serializeIndex(next));
    renameSync(tmp, this.indexFile);
    this.committed = true;
    this.prune(next, onDisk);
  }

  /** Copies the live entries of packs at most half live into this run's pack. */
  private compact(next: Map<string, PageLocation>): void {
    const liveBytes = new Map<string, number>();
    for (const l of next.values()) liveBytes.set(l.pack, (liveBytes.get(l.pack) ?? 0) + l.length);
    for (const [pack, bytes] of liveBytes) {
      if (pack === this.own?.pack) continue;
      const size = this.reader(pack)?.size ?? 0;
      if (bytes * 2 >= size) continue;
      const target = this.runPack();
      if (!target) return;
      const moving = [...next].filter(([, l]) => l.pack === pack).sort((a, b) => a[1].offset - b[1].offset);
      for (const [key, loc] of moving) {
        const bytes = this.read(loc);
        // never carry bytes that do not read back as the entry they claim to be
        const moved = bytes && decodeEntry(key, bytes) ? appendBytes(target, bytes) : undefined;
        if (moved) next.set(key, { ...moved, head: bytes!.indexOf(10) });
        else next.delete(key);
      }
    }
  }

  /**
   * Deletes the packs `next` does not name: this run's, those an index named (finished
   * runs), and any nobody wrote to for STALE_MS; and temp files as old.
   */
  private prune(next: Map<string, PageLocation>, onDisk: Map<string, PageLocation>): void {
    const named = new Set([...next.values()].map((l) => l.pack));
    const finished = new Set([...this.loaded.values(), ...onDisk.values()].map((l) => l.pack));
    if (this.own) finished.add(this.own.pack);
    pruneUnnamedPacks(this.dir, named, finished);
  }

  /** One file per page, the layout before pack files: removed once. */
  private removeLegacyEntries(): void {
    for (const name of readdirSync(this.dir)) {
      if (LEGACY_DIR.test(name)) rmSync(join(this.dir, name), { recursive: true, force: true });
    }
  }

  /** Closes every file; this run's pack goes unless an index names it (commit prunes it when unnamed). */
  close(): void {
    for (const r of this.readers.values()) if (r) closeSync(r.fd);
    this.readers.clear();
    closeRunPack(this.dir, this.own, this.committed);
  }
}
