/**
 * Where fetched media are kept: a content-addressed folder (`blobs/<sha256>`) and one
 * small record per URL (`urls/<sha256 of the URL>.json`) naming its blob, type and when
 * it was fetched. Kept in the export's cache folder it outlives the export, so a
 * re-export takes a URL fetched within `maxAgeMs` from here instead of fetching it
 * again; without a cache folder it lives in the export's own work folder. Every file is
 * written to a temporary name and renamed, so exports sharing the folder never read a
 * half-written one.
 *
 * An export claims each blob it bundles (a hard link in its own work folder, a copy
 * across file systems) the moment it takes it, and copies the claim into its output:
 * another export pruning the store meanwhile (media-prune.ts) removes only the store's
 * name, never a file an export still needs.
 */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readFile, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256 } from '../cache/cache-key.js';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import { replaceFile } from '../../core/replace-file.js';

export interface StoredMedia {
  /** sha256 of the stored bytes (after SVG sanitizing). */
  sha256: string;
  /** Media type as answered, without parameters. */
  type: string;
  ext: string;
  size: number;
  /** When it was fetched (ms since the epoch). */
  fetchedAt: number;
  /** Elements an SVG lost to the sanitizer (sanitize-svg.ts). */
  removed?: string[];
  /** Attributes an SVG lost to the sanitizer (`onload`, `href`). */
  removedAttributes?: string[];
  /** The engine (engineCode) whose sanitizer cleaned an SVG: another engine's record is fetched again. */
  sanitizedBy?: string;
}

export class MediaStore {
  constructor(
    readonly dir: string,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  blobPath(hash: string): string {
    return join(this.dir, 'blobs', hash);
  }

  private urlPath(url: string): string {
    return join(this.dir, 'urls', `${sha256(url)}.json`);
  }

  /** The stored answer for `url` when it is recent enough and its blob is still whole. */
  async lookup(url: string): Promise<StoredMedia | undefined> {
    try {
      const entry = JSON.parse(await readFile(this.urlPath(url), 'utf8')) as StoredMedia;
      if (this.now() - entry.fetchedAt > this.maxAgeMs || !/^[0-9a-f]{64}$/.test(entry.sha256)) return undefined;
      if ((await stat(this.blobPath(entry.sha256))).size !== entry.size) return undefined;
      return entry;
    } catch (err) {
      // Not fetched before, or an unreadable record: the URL is fetched again.
      if (!isMissing(err)) noteIgnored('render.media-store.lookup', err);
      return undefined;
    }
  }

  /** Stores an answer for `url` and gives its record. */
  async put(url: string, body: Uint8Array, meta: Pick<StoredMedia, 'type' | 'ext' | 'removed' | 'removedAttributes' | 'sanitizedBy'>): Promise<StoredMedia> {
    const hash = createHash('sha256').update(body).digest('hex');
    const entry: StoredMedia = { sha256: hash, ...meta, size: body.byteLength, fetchedAt: this.now() };
    const blob = this.blobPath(hash);
    // The same bytes from another URL or an earlier export are there already: not written twice.
    const have = await stat(blob).then((s) => s.size === body.byteLength, () => false);
    // Touched, so a prune running meanwhile takes it for one being written and leaves it.
    if (have) await utimes(blob, new Date(), new Date()).catch((err: unknown) => noteIgnored('render.media-store.touch', err));
    else await this.writeAtomic(blob, body);
    await this.writeAtomic(this.urlPath(url), JSON.stringify(entry));
    return entry;
  }

  /**
   * This export's own name for a stored blob, in `claimDir`; undefined when the blob is
   * gone (pruned since it was looked up: the caller fetches the URL again).
   */
  async claim(hash: string, claimDir: string): Promise<string | undefined> {
    const own = join(claimDir, hash);
    await mkdir(claimDir, { recursive: true });
    try {
      await link(this.blobPath(hash), own);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return own; // claimed already by this export (two URLs, same bytes)
      if (isMissing(err)) return undefined;
      // Another file system (EXDEV) or no hard links there: a copy of its own.
      try {
        await copyFile(this.blobPath(hash), own);
      } catch (again) {
        if (isMissing(again)) return undefined;
        throw again;
      }
    }
    return own;
  }

  private async writeAtomic(path: string, data: Uint8Array | string): Promise<void> {
    await replaceFile(path, data, 0o600);
  }
}
