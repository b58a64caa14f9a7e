/**
 * Test helper: writes gzip'd tar archives entry by entry with tar-stream, so tests can
 * build both well-formed bundles and hostile ones (traversal, links, devices, bombs).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { MANIFEST_NAME, type BundleManifest } from '../../../src/render/bundle/manifest.js';

export interface CraftedEntry {
  name: string;
  body?: Buffer | string;
  type?: tar.Header['type'];
  linkname?: string;
  /** Declared size when it should differ from the body (devices, links). */
  size?: number;
}

export async function writeArchive(file: string, entries: CraftedEntry[]): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), createWriteStream(file));
  for (const entry of entries) {
    const body = entry.body === undefined ? undefined : Buffer.from(entry.body);
    await new Promise<void>((resolve, reject) => {
      const header = { name: entry.name, type: entry.type ?? 'file', linkname: entry.linkname, size: entry.size ?? body?.length ?? 0, mode: 0o644 };
      const cb = (err?: Error | null): void => (err ? reject(err) : resolve());
      pack.entry(header, body ?? Buffer.alloc(0), cb);
    });
  }
  pack.finalize();
  await done;
}

export function sha256(body: Buffer | string): string {
  return createHash('sha256').update(body).digest('hex');
}

/** A manifest listing `files` (sorted), as packBundle would write it. */
export function manifestFor(files: Record<string, Buffer | string>, over: Partial<BundleManifest> = {}): BundleManifest {
  return {
    formatVersion: 1,
    jobId: 'se_0123456789abcdef',
    domain: 'docs.example.com',
    version: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    engineVersion: 'test',
    files: Object.keys(files).sort().map((path) => ({ path, size: Buffer.byteLength(files[path]), sha256: sha256(files[path]) })),
    ...over,
  };
}

export function manifestEntry(manifest: BundleManifest): CraftedEntry {
  return { name: MANIFEST_NAME, body: JSON.stringify(manifest) };
}

/** A well-formed bundle of `files` (manifest first, files in order). */
export async function writeBundle(file: string, files: Record<string, Buffer | string>, over: Partial<BundleManifest> = {}): Promise<BundleManifest> {
  const manifest = manifestFor(files, over);
  await writeArchive(file, [manifestEntry(manifest), ...manifest.files.map((f) => ({ name: f.path, body: files[f.path] }))]);
  return manifest;
}
