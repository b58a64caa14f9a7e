/**
 * Extracts a bundle archive safely: every entry is checked by `walkBundle` (manifest,
 * paths, types, sizes, hashes, limits) while it streams into a fresh temp folder beside
 * `destDir`; only when the whole archive verified is the folder renamed into place.
 * On any refusal the temp folder is deleted and an InvalidError thrown, so nothing of a
 * bad bundle ever appears at `destDir`.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InvalidError } from '../../core/errors.js';
import { MANIFEST_NAME, type BundleManifest } from './manifest.js';
import { walkBundle, type BundleLimits } from './verify.js';

/**
 * Verifies `archive` and extracts it to `destDir` (which must not exist, or be an empty
 * folder). The folder then holds the site files plus `quire-manifest.json`.
 */
export async function extractBundle(archive: string, destDir: string, limits?: BundleLimits): Promise<BundleManifest> {
  const parent = dirname(destDir);
  await mkdir(parent, { recursive: true });
  const temp = join(parent, `.${basename(destDir)}.extract-${randomBytes(6).toString('hex')}`);
  await mkdir(temp);
  const made = new Set<string>(['']);
  const ensureFolder = async (rel: string): Promise<void> => {
    if (made.has(rel)) return;
    await mkdir(join(temp, rel), { recursive: true, mode: 0o755 });
    for (let p = rel; p !== '' && !made.has(p); p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '') made.add(p);
  };
  try {
    const manifest = await walkBundle(archive, {
      manifest: async (_m, raw) => writeFile(join(temp, MANIFEST_NAME), raw, { flag: 'wx', mode: 0o644 }),
      folder: ensureFolder,
      file: async (file) => {
        const slash = file.path.lastIndexOf('/');
        if (slash !== -1) await ensureFolder(file.path.slice(0, slash));
        return createWriteStream(join(temp, file.path), { flags: 'wx', mode: 0o644 });
      },
    }, limits);
    await moveIntoPlace(temp, destDir);
    return manifest;
  } catch (err) {
    await rm(temp, { recursive: true, force: true });
    throw err;
  }
}

async function moveIntoPlace(temp: string, destDir: string): Promise<void> {
  const existing = await readdir(destDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (existing !== null) {
    if (existing.length > 0) throw new InvalidError(`cannot extract the bundle into ${destDir}: the folder is not empty`);
    await rmdir(destDir);
  }
  await rename(temp, destDir);
}
