/**
 * Embedded blob driver: blobs are files under one directory. Writes go to a temporary
 * file next to the target, are flushed, then renamed over it, so a reader never sees a
 * partial bundle and a crash leaves at most a stray temporary file. Keys are checked
 * and resolved inside the directory, never outside it. Links are served by Quire and
 * signed with HMAC-SHA256 (sign-link.ts).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidError, NotFoundError } from '../../core/errors.js';
import { linkTtl, resolveRange } from '../checks.js';
import { buildSignedUrl, checkSignedRequest } from '../sign-link.js';
import { assertBlobKey, type BlobEntry, type BlobInfo, type BlobStore, type ByteRange, type LinkCheck, type PresignedLink } from '../types.js';

/** Temporary files start with a dot, which no key segment may (see `isValidBlobKey`). */
const isTempName = (name: string) => name.startsWith('.');

export interface FsBlobStoreOptions {
  /** Directory holding the blobs (created when missing). */
  dir: string;
  /** Base of the links, e.g. `https://quire.example.com`. */
  publicUrl: string;
  /** HMAC key of the links (see `loadOrCreateSigningSecret`). */
  secret: Buffer;
}

export class FsBlobStore implements BlobStore {
  readonly driver = 'fs' as const;
  private readonly root: string;

  constructor(private readonly options: FsBlobStoreOptions) {
    this.root = resolve(options.dir);
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new InvalidError(`Invalid blob key: ${key}`);
    return path;
  }

  async put(key: string, file: string, options: { signal?: AbortSignal } = {}): Promise<{ size: number }> {
    const target = this.pathOf(key);
    options.signal?.throwIfAborted();
    await mkdir(dirname(target), { recursive: true });
    const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await pipeline(createReadStream(file), createWriteStream(temp, { flags: 'wx', mode: 0o640 }), { signal: options.signal });
      options.signal?.throwIfAborted();
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { size: (await stat(target)).size };
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    try {
      const s = await stat(this.pathOf(key));
      if (!s.isFile()) return undefined;
      return { size: s.size, lastModified: s.mtime, etag: `"${s.ino.toString(16)}-${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"` };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const info = await this.stat(key);
    if (!info) throw new NotFoundError(`Blob not found: ${key}`);
    const r = resolveRange(range, info.size);
    return createReadStream(this.pathOf(key), r ? { start: r.start, end: r.end } : {});
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    // Remove folders the key left empty, up to the root.
    for (let dir = dirname(path); dir !== this.root && dir.startsWith(this.root + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break; // not empty (another key lives there) or already gone: the folders above stay
      }
    }
  }

  async *list(prefix = ''): AsyncIterable<BlobEntry> {
    const keys: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        const key = relative(this.root, path).split(sep).join('/');
        if (entry.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(path);
        } else if (entry.isFile() && !isTempName(entry.name) && key.startsWith(prefix)) {
          keys.push(key);
        }
      }
    };
    await walk(this.root);
    for (const key of keys.sort()) {
      const info = await this.stat(key);
      if (info) yield { key, ...info };
    }
  }

  async deleteOlderThan(cutoff: Date, prefix = ''): Promise<number> {
    let removed = 0;
    for await (const entry of this.list(prefix)) {
      if (entry.lastModified < cutoff) {
        await this.delete(entry.key);
        removed += 1;
      }
    }
    return removed;
  }

  /** `downloadName` is not carried by fs links: the bundle route names the file. */
  async presignGet(key: string, ttlSeconds: number): Promise<PresignedLink> {
    assertBlobKey(key);
    const expires = Math.floor(Date.now() / 1000) + linkTtl(ttlSeconds);
    return {
      url: buildSignedUrl(this.options.publicUrl, key, expires, this.options.secret),
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  checkLink(pathAndQuery: string, now?: Date): LinkCheck {
    return checkSignedRequest(pathAndQuery, this.options.secret, now);
  }
}
