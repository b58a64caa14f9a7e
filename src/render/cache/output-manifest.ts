/**
 * What the last export with this cache wrote into a given output folder: the hash of
 * the site model (everything the layout draws from) and, per page, the cache key of
 * its body with the size and mtime of the file written. When the model and a page's
 * key are unchanged and its file is still the one written, the file already holds
 * exactly the bytes this export would write: it is neither laid out nor written again.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256 } from './cache-key.js';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import { replaceFile } from '../../core/replace-file.js';

interface ManifestEntry {
  key: string;
  size: number;
  mtimeMs: number;
}

interface ManifestData {
  modelHash: string;
  pages: Record<string, ManifestEntry>;
  /** Other output files (search index, theme, assets) by path; `key` is their content hash. */
  files?: Record<string, ManifestEntry>;
}

export class OutputManifest {
  private previous: ManifestData | undefined;
  private readonly next: Record<string, ManifestEntry> = {};
  private readonly nextFiles: Record<string, ManifestEntry> = {};
  private previousFiles: Record<string, ManifestEntry> = {};
  private readonly file: string;

  constructor(cacheDir: string, private readonly outDir: string, private readonly modelHash: string) {
    this.file = join(cacheDir, 'outputs', `${sha256(outDir).slice(0, 32)}.json`);
  }

  async load(): Promise<void> {
    try {
      const data = JSON.parse(await readFile(this.file, 'utf8')) as ManifestData;
      if (data.modelHash === this.modelHash) this.previous = data;
      // files do not depend on the model: their key is their content
      this.previousFiles = data.files ?? {};
    } catch (err) {
      // No manifest (first export) or an unreadable one: every file is written afresh.
      if (!isMissing(err)) noteIgnored('render.output-manifest.load', err);
      this.previous = undefined;
    }
  }

  /**
   * Whether output file `path` still has the key, size and mtime `entry` recorded. A warm
   * export asks this of every output file (thousands): a synchronous stat costs a few
   * microseconds of CPU, one through fs/promises several times that (libuv's thread pool and a promise).
   */
  private stillHolds(entry: ManifestEntry | undefined, key: string, path: string): boolean {
    if (!entry || entry.key !== key) return false;
    try {
      const s = statSync(join(this.outDir, path));
      return s.size === entry.size && s.mtimeMs === entry.mtimeMs;
    } catch (err) {
      if (!isMissing(err)) noteIgnored('render.output-manifest.stat', err); // the file is written again
      return false;
    }
  }

  /** The entry of output file `path` as it is now, with key `key`; undefined when it cannot be read. */
  private entryOf(key: string, path: string): ManifestEntry | undefined {
    try {
      const s = statSync(join(this.outDir, path));
      return { key, size: s.size, mtimeMs: s.mtimeMs };
    } catch {
      return undefined; // not recorded: the next export simply writes it again
    }
  }

  /** True when `file` (relative to the output folder) still holds what page `page` with body `key` lays out to. */
  async unchanged(page: string, key: string, file: string): Promise<boolean> {
    const entry = this.previous?.pages[page];
    if (!this.stillHolds(entry, key, file)) return false;
    this.next[page] = entry!;
    return true;
  }

  /** Records a page file written by this export (call once the write is done). */
  async written(page: string, key: string, file: string): Promise<void> {
    const entry = this.entryOf(key, file);
    if (entry) this.next[page] = entry;
  }

  /** Records a page file written elsewhere (a render worker), with the size and mtime it saw. */
  recordPage(page: string, key: string, file: { size: number; mtimeMs: number }): void {
    this.next[page] = { key, size: file.size, mtimeMs: file.mtimeMs };
  }

  /** True when output file `path` still holds content with hash `key`; remembered for the next export. */
  async sameFile(path: string, key: string): Promise<boolean> {
    const entry = this.previousFiles[path];
    if (!this.stillHolds(entry, key, path)) return false;
    this.nextFiles[path] = entry!;
    return true;
  }

  async fileWritten(path: string, key: string): Promise<void> {
    const entry = this.entryOf(key, path);
    if (entry) this.nextFiles[path] = entry;
  }

  /** Records an output file written with the size and mtime it has now. */
  recordFile(path: string, key: string, file: { size: number; mtimeMs: number }): void {
    this.nextFiles[path] = { key, size: file.size, mtimeMs: file.mtimeMs };
  }

  async save(): Promise<void> {
    const pages: Record<string, ManifestEntry> = {};
    for (const p of Object.keys(this.next).sort()) pages[p] = this.next[p];
    const files: Record<string, ManifestEntry> = {};
    for (const p of Object.keys(this.nextFiles).sort()) files[p] = this.nextFiles[p];
    try {
      await replaceFile(this.file, JSON.stringify({ modelHash: this.modelHash, pages, files }));
    } catch {
      // a cache that cannot be written only costs time
    }
  }
}
