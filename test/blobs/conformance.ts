/**
 * The blob conformance suite: every driver of the blob port runs these cases (store,
 * stat, read with ranges, list, delete, retention, a multipart-sized file, and
 * presigned links downloaded with `fetch`), so export bundles behave the same in
 * embedded and scale-out mode.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidError, NotFoundError } from '../../src/core/errors.js';
import { MAX_LINK_TTL_SECONDS, type BlobStore } from '../../src/blobs/types.js';

export interface BlobHarness {
  store: BlobStore;
  cleanup(): Promise<void>;
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function collect(iterable: AsyncIterable<{ key: string }>): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of iterable) keys.push(entry.key);
  return keys;
}

export function blobConformance(name: string, createHarness: () => Promise<BlobHarness>): void {
  describe(`blob conformance: ${name}`, () => {
    let h: BlobHarness;
    let dir: string;
    let n = 0;
    /** A local file of `size` random bytes, and its content. */
    const localFile = (size: number) => {
      const content = randomBytes(size);
      const file = join(dir, `file-${n++}`);
      writeFileSync(file, content);
      return { file, content };
    };
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'quire-blob-files-'));
      h = await createHarness();
    });
    afterAll(async () => {
      await h?.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    it('stores a file and gives back its size, validator and bytes', async () => {
      const { file, content } = localFile(100_000);
      expect(await h.store.put('put/se_1/bundle.tar.gz', file)).toEqual({ size: 100_000 });
      const info = await h.store.stat('put/se_1/bundle.tar.gz');
      expect(info?.size).toBe(100_000);
      expect(info?.etag).toMatch(/^".+"$/);
      expect(info?.lastModified).toBeInstanceOf(Date);
      expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(120_000);
      expect((await readAll(await h.store.read('put/se_1/bundle.tar.gz'))).equals(content)).toBe(true);
    });

    it('replaces a blob written twice', async () => {
      const first = localFile(1000);
      const second = localFile(2000);
      await h.store.put('replace/b', first.file);
      await h.store.put('replace/b', second.file);
      expect((await h.store.stat('replace/b'))?.size).toBe(2000);
      expect((await readAll(await h.store.read('replace/b'))).equals(second.content)).toBe(true);
    });

    it('reads inclusive byte ranges and refuses unsatisfiable ones', async () => {
      const { file, content } = localFile(5000);
      await h.store.put('range/b', file);
      expect((await readAll(await h.store.read('range/b', { start: 10, end: 19 }))).equals(content.subarray(10, 20))).toBe(true);
      expect((await readAll(await h.store.read('range/b', { start: 4990, end: 99_999 }))).equals(content.subarray(4990))).toBe(true);
      expect((await readAll(await h.store.read('range/b', { start: 0, end: 0 }))).equals(content.subarray(0, 1))).toBe(true);
      await expect(h.store.read('range/b', { start: 5000, end: 5010 })).rejects.toBeInstanceOf(InvalidError);
      await expect(h.store.read('range/b', { start: 20, end: 10 })).rejects.toBeInstanceOf(InvalidError);
    });

    it('answers missing blobs with undefined, NotFoundError, and a quiet delete', async () => {
      expect(await h.store.stat('missing/b')).toBeUndefined();
      await expect(h.store.read('missing/b')).rejects.toBeInstanceOf(NotFoundError);
      await expect(h.store.read('missing/b', { start: 0, end: 1 })).rejects.toBeInstanceOf(NotFoundError);
      await expect(h.store.delete('missing/b')).resolves.toBeUndefined();
    });

    it('refuses keys that could escape the store', async () => {
      const { file } = localFile(10);
      for (const key of ['../outside', '/abs/path', 'a//b', '', 'a/../b', '.hidden', 'sp ace', 'a/./b']) {
        await expect(h.store.put(key, file), key).rejects.toBeInstanceOf(InvalidError);
        await expect(h.store.stat(key), key).rejects.toBeInstanceOf(InvalidError);
      }
    });

    it('lists by prefix in key order and deletes', async () => {
      const { file } = localFile(10);
      for (const key of ['list/b/2', 'list/a/1', 'list/a/2', 'list/ab', 'other/1']) await h.store.put(key, file);
      expect(await collect(h.store.list('list/a/'))).toEqual(['list/a/1', 'list/a/2']);
      expect(await collect(h.store.list('list/a'))).toEqual(['list/a/1', 'list/a/2', 'list/ab']);
      expect(await collect(h.store.list('list/'))).toEqual(['list/a/1', 'list/a/2', 'list/ab', 'list/b/2']);
      expect(await collect(h.store.list('nothing/'))).toEqual([]);
      const all = await collect(h.store.list());
      expect(all).toContain('other/1');
      expect(all).toEqual([...all].sort());
      await h.store.delete('list/a/1');
      expect(await h.store.stat('list/a/1')).toBeUndefined();
      expect(await collect(h.store.list('list/a/'))).toEqual(['list/a/2']);
    });

    it('removes blobs older than a cutoff under a prefix (retention)', async () => {
      const { file } = localFile(10);
      for (const key of ['ret/x/1', 'ret/y/2', 'keep/1']) await h.store.put(key, file);
      expect(await h.store.deleteOlderThan(new Date(Date.now() - 3_600_000), 'ret/')).toBe(0);
      expect(await h.store.deleteOlderThan(new Date(Date.now() + 3_600_000), 'ret/')).toBe(2);
      expect(await collect(h.store.list('ret/'))).toEqual([]);
      expect(await h.store.stat('keep/1')).toBeDefined();
    });

    it('stores a large file (several multipart parts on S3) intact', async () => {
      const { file, content } = localFile(12 * 1024 * 1024 + 123);
      expect(await h.store.put('large/bundle.tar.gz', file)).toEqual({ size: content.length });
      expect((await h.store.stat('large/bundle.tar.gz'))?.size).toBe(content.length);
      expect(sha256(await readAll(await h.store.read('large/bundle.tar.gz')))).toBe(sha256(content));
      const tail = await readAll(await h.store.read('large/bundle.tar.gz', { start: content.length - 1000, end: content.length - 1 }));
      expect(tail.equals(content.subarray(content.length - 1000))).toBe(true);
    });

    it('hands out a link a plain HTTP client downloads, with its expiry', async () => {
      const { file, content } = localFile(70_000);
      await h.store.put('link/se_2/bundle.tar.gz', file);
      const before = Date.now();
      const link = await h.store.presignGet('link/se_2/bundle.tar.gz', 3600, { downloadName: 'bundle.tar.gz' });
      const expiresAt = Date.parse(link.expiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
      const response = await fetch(link.url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
    });

    it('caps link lifetimes at 7 days and refuses lifetimes under a second', async () => {
      const { file } = localFile(10);
      await h.store.put('link/cap', file);
      const link = await h.store.presignGet('link/cap', 30 * 86_400);
      expect(Date.parse(link.expiresAt)).toBeLessThanOrEqual(Date.now() + MAX_LINK_TTL_SECONDS * 1000);
      expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now() + (MAX_LINK_TTL_SECONDS - 60) * 1000);
      await expect(h.store.presignGet('link/cap', 0)).rejects.toBeInstanceOf(InvalidError);
    });

    it('refuses a link once it has expired', async () => {
      const { file } = localFile(100);
      await h.store.put('link/expiring', file);
      const link = await h.store.presignGet('link/expiring', 2);
      expect((await fetch(link.url)).status).toBe(200);
      // Wait (deadline, not a speed check) until the link's expiry has passed.
      while (Date.now() <= Date.parse(link.expiresAt) + 1000) await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await fetch(link.url);
      expect(response.status).toBe(403);
      await response.arrayBuffer();
    });
  });
}
