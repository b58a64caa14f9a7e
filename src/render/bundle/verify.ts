/**
 * Reads a bundle archive as a stream and checks it against its own manifest before
 * anything of it is trusted: the manifest must be the first entry; every other entry
 * must be a regular file (or a folder) at a safe path, listed in the manifest, seen
 * once, with the listed size and sha256; every listed file must be present; counts,
 * sizes and the compression ratio stay under limits (archive bombs). Used by
 * `extractBundle` (which writes the files) and `verifyBundle` (which only checks).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { InvalidError } from '../../core/errors.js';
import { MANIFEST_NAME, parseManifest, unsafeEntryPathReason, type BundleFile, type BundleManifest } from './manifest.js';

export interface BundleLimits {
  /** Entries in the archive, the manifest included. @default 100_000 */
  maxEntries?: number;
  /** Sum of the sizes of all files. @default 2 GiB */
  maxBytes?: number;
  /** Size of any one file. @default 512 MiB */
  maxFileBytes?: number;
  /** Decompressed bytes per compressed byte beyond the first MiB (gzip bombs). @default 200 */
  maxRatio?: number;
}

export const DEFAULT_BUNDLE_LIMITS: Required<BundleLimits> = {
  maxEntries: 100_000,
  maxBytes: 2 * 1024 ** 3,
  maxFileBytes: 512 * 1024 ** 2,
  maxRatio: 200,
};

const MAX_MANIFEST_BYTES = 64 * 1024 ** 2;
const RATIO_SLACK_BYTES = 1024 ** 2;

/** What to do with each verified folder and file (the file's data is only trusted once the returned promise resolves and its hash matched). */
export interface BundleSink {
  manifest(manifest: BundleManifest, raw: Buffer): Promise<void>;
  folder(path: string): Promise<void>;
  /** Where the file's bytes go; the walker pipes them in and waits for it to finish. */
  file(file: BundleFile): Promise<Writable>;
}

/** Streams `archive` through the checks above, handing entries to `sink`. Throws InvalidError on any refusal. */
export async function walkBundle(archive: string, sink: BundleSink, limits: BundleLimits = {}): Promise<BundleManifest> {
  const lim = { ...DEFAULT_BUNDLE_LIMITS, ...limits };
  // Set inside refuse(); the assertion keeps TypeScript from narrowing it to null for good.
  let refusal = null as InvalidError | null;
  const refuse = (message: string): InvalidError => {
    refusal ??= new InvalidError(`bundle refused: ${message}`);
    return refusal;
  };

  let compressed = 0;
  let decompressed = 0;
  const countIn = new Transform({ transform(chunk: Buffer, _e, done) { compressed += chunk.length; done(null, chunk); } });
  // Headers and padding count too, so the cap leaves room for them beyond maxBytes.
  const maxStreamBytes = lim.maxBytes + lim.maxEntries * 2048 + 64 * 1024 ** 2;
  const countOut = new Transform({
    transform(chunk: Buffer, _e, done) {
      decompressed += chunk.length;
      if (decompressed > RATIO_SLACK_BYTES && decompressed > compressed * lim.maxRatio) {
        return done(refuse(`compression ratio above ${lim.maxRatio}:1 (archive bomb?)`));
      }
      if (decompressed > maxStreamBytes) return done(refuse(`more than ${lim.maxBytes} bytes`));
      done(null, chunk);
    },
  });
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(archive), countIn, createGunzip(), countOut, extract);
  feeding.catch(() => undefined); // reported through the loop below

  let manifest: BundleManifest | null = null;
  const expected = new Map<string, BundleFile>();
  const seen = new Set<string>();
  let entries = 0;
  try {
    for await (const entry of extract) {
      const { header } = entry;
      entries += 1;
      if (entries > lim.maxEntries) throw refuse(`more than ${lim.maxEntries} entries`);
      if (manifest === null) {
        if (header.name !== MANIFEST_NAME || header.type !== 'file') throw refuse(`the first entry must be ${MANIFEST_NAME}, found ${JSON.stringify(header.name)} (missing manifest)`);
        if ((header.size ?? 0) > MAX_MANIFEST_BYTES) throw refuse(`${MANIFEST_NAME} is larger than ${MAX_MANIFEST_BYTES} bytes`);
        const raw = await readAll(entry as unknown as AsyncIterable<Uint8Array>);
        try {
          manifest = parseManifest(raw.toString('utf8'));
        } catch (err) {
          throw refuse((err as Error).message);
        }
        checkManifestLimits(manifest, lim, refuse);
        for (const file of manifest.files) expected.set(file.path, file);
        await sink.manifest(manifest, raw);
        continue;
      }
      const type = header.type ?? 'file';
      const name = type === 'directory' ? header.name.replace(/\/+$/, '') : header.name;
      const unsafe = unsafeEntryPathReason(name);
      if (unsafe) throw refuse(`entry ${JSON.stringify(header.name)}: ${unsafe}`);
      if (type === 'directory') {
        if (expected.has(name)) throw refuse(`folder entry ${JSON.stringify(name)} collides with a file of the manifest`);
        entry.resume();
        await sink.folder(name);
        continue;
      }
      if (type !== 'file' && type !== 'contiguous-file') throw refuse(`entry ${JSON.stringify(name)} is a ${describeType(type, header.linkname)}; only regular files are allowed`);
      if (name === MANIFEST_NAME || seen.has(name)) throw refuse(`duplicate entry ${JSON.stringify(name)}`);
      const file = expected.get(name);
      if (!file) throw refuse(`entry ${JSON.stringify(name)} is not listed in the manifest`);
      if (header.size !== file.size) throw refuse(`entry ${JSON.stringify(name)} has ${header.size} bytes, the manifest says ${file.size}`);
      seen.add(name);
      const hash = createHash('sha256');
      const hashing = new Transform({ transform(chunk: Buffer, _e, done) { hash.update(chunk); done(null, chunk); } });
      await pipeline(entry as unknown as Readable, hashing, await sink.file(file));
      const actual = hash.digest('hex');
      if (actual !== file.sha256) throw refuse(`entry ${JSON.stringify(name)} does not match its sha256 in the manifest (altered after packing?)`);
    }
    await feeding;
  } catch (err) {
    extract.destroy();
    if (refusal) throw refusal;
    if (err instanceof Error && 'syscall' in err) throw err; // disk trouble, not the archive's fault
    throw new InvalidError(`bundle refused: not a valid gzip'd tar archive (${(err as Error).message})`, { cause: err });
  }
  if (manifest === null) throw refuse(`the archive is empty (missing manifest ${MANIFEST_NAME})`);
  if (seen.size !== expected.size) {
    const missing = [...expected.keys()].filter((p) => !seen.has(p));
    throw refuse(`${missing.length} file(s) of the manifest are missing from the archive, e.g. ${JSON.stringify(missing[0])}`);
  }
  return manifest;
}

/** Checks a whole archive without writing anything. */
export function verifyBundle(archive: string, limits?: BundleLimits): Promise<BundleManifest> {
  const discard = (): Writable => new Writable({ write(_c, _e, done) { done(); } });
  return walkBundle(archive, {
    manifest: async () => undefined,
    folder: async () => undefined,
    file: async () => discard(),
  }, limits);
}

function checkManifestLimits(manifest: BundleManifest, lim: Required<BundleLimits>, refuse: (m: string) => Error): void {
  if (manifest.files.length + 1 > lim.maxEntries) throw refuse(`the manifest lists ${manifest.files.length} files, more than the limit of ${lim.maxEntries} entries`);
  let total = 0;
  for (const file of manifest.files) {
    if (file.size > lim.maxFileBytes) throw refuse(`file ${JSON.stringify(file.path)} has ${file.size} bytes, more than the limit of ${lim.maxFileBytes}`);
    total += file.size;
  }
  if (total > lim.maxBytes) throw refuse(`the files add up to ${total} bytes, more than the limit of ${lim.maxBytes}`);
}

function describeType(type: string, linkname: string | null | undefined): string {
  switch (type) {
    case 'symlink': return `symbolic link (to ${JSON.stringify(linkname ?? '')})`;
    case 'link': return `hard link (to ${JSON.stringify(linkname ?? '')})`;
    case 'character-device': return 'character device';
    case 'block-device': return 'block device';
    case 'fifo': return 'fifo';
    default: return `${type} entry`;
  }
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
