/**
 * Packs an exported site folder into a bundle: one gzip'd tar holding
 * `quire-manifest.json` first and then every file of the site at the archive root.
 * Deterministic: the same site and options give the same bytes (sorted entries, mtime
 * from `createdAt`, owner 0/0 `root`, modes 0644, gzip header without time or name).
 * Streaming with constant memory; written to a temp file beside `outFile`, then renamed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { InvalidError } from '../../core/errors.js';
import { BUNDLE_FORMAT_VERSION, MANIFEST_NAME, comparePaths, unsafeEntryPathReason, type BundleFile, type BundleManifest } from './manifest.js';
import { orNullIfMissing } from '../../core/missing-file.js';

export interface PackBundleOptions {
  /** The exported site folder. */
  siteDir: string;
  /** Where the archive goes, e.g. `.../bundle.tar.gz`. */
  outFile: string;
  jobId: string;
  domain: string;
  version: string | null;
  /** ISO 8601 time of the job; also the mtime of every entry. */
  createdAt: string;
  engineVersion: string;
  /** Stops packing (the temp file is removed). */
  signal?: AbortSignal;
}

export interface PackedBundle {
  /** sha256 (hex) of the archive file. */
  sha256: string;
  sizeBytes: number;
  manifest: BundleManifest;
}

/** gzip level used for bundles; fixed because it shows in the gzip header. */
const GZIP_LEVEL = 6;

export async function packBundle(opts: PackBundleOptions): Promise<PackedBundle> {
  const mtimeMs = Date.parse(opts.createdAt);
  if (Number.isNaN(mtimeMs)) throw new InvalidError(`createdAt is not a date: ${JSON.stringify(opts.createdAt)}`);
  // Whole seconds: tar stores seconds, and the mtime must not depend on sub-second noise.
  const mtime = new Date(Math.floor(mtimeMs / 1000) * 1000);

  const paths = await listSiteFiles(opts.siteDir);
  const files: BundleFile[] = [];
  for (const path of paths) {
    opts.signal?.throwIfAborted();
    files.push({ path, ...(await hashFile(join(opts.siteDir, path))) });
  }
  const manifest: BundleManifest = {
    formatVersion: BUNDLE_FORMAT_VERSION,
    jobId: opts.jobId,
    domain: opts.domain,
    version: opts.version,
    createdAt: opts.createdAt,
    engineVersion: opts.engineVersion,
    files,
  };

  const tempFile = join(dirname(opts.outFile), `.${basename(opts.outFile)}.${randomBytes(6).toString('hex')}.tmp`);
  const archiveHash = createHash('sha256');
  let sizeBytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _enc, done) {
      archiveHash.update(chunk);
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  const pack = tar.pack();
  const header = (name: string, size: number): Partial<tar.Header> & { name: string } => ({
    name, size, mtime, mode: 0o644, uid: 0, gid: 0, uname: 'root', gname: 'root', type: 'file',
  });
  const written = pipeline(pack, createGzip({ level: GZIP_LEVEL, memLevel: zlibConstants.Z_DEFAULT_MEMLEVEL }), measure, createWriteStream(tempFile, { flags: 'wx' }), { signal: opts.signal });
  try {
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    await addEntry(pack, header(MANIFEST_NAME, manifestBytes.length), manifestBytes);
    for (const file of files) {
      opts.signal?.throwIfAborted();
      await pipeline(createReadStream(join(opts.siteDir, file.path)), pack.entry(header(file.path, file.size)));
    }
    pack.finalize();
    await written;
    await rename(tempFile, opts.outFile);
  } catch (err) {
    pack.destroy();
    await written.catch(() => undefined); // the error that stopped packing is the one reported
    await rm(tempFile, { force: true });
    throw err;
  }
  return { sha256: archiveHash.digest('hex'), sizeBytes, manifest };
}

function addEntry(pack: tar.Pack, header: Partial<tar.Header> & { name: string }, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry(header, body, (err) => (err ? reject(err) : resolve()));
  });
}

/** Every regular file below `root`, relative and `/`-separated, sorted; links refused. */
async function listSiteFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const rel = prefix + entry.name;
      if (entry.isDirectory()) await walk(join(dir, entry.name), rel + '/');
      else if (entry.isFile()) found.push(rel);
      else throw new InvalidError(`site folder holds ${rel}, which is not a regular file or folder (links are not packed)`);
    }
  };
  const rootStat = await orNullIfMissing(lstat(root));
  if (!rootStat?.isDirectory()) throw new InvalidError(`site folder ${root} does not exist`);
  await walk(root, '');
  for (const rel of found) {
    const reason = unsafeEntryPathReason(rel);
    if (reason) throw new InvalidError(`site file ${JSON.stringify(rel)} cannot be packed: ${reason}`);
    if (rel === MANIFEST_NAME) throw new InvalidError(`site folder already holds ${MANIFEST_NAME}`);
  }
  return found.sort(comparePaths);
}

async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}
