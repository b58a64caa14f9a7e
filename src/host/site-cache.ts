/**
 * The cache folder of `quire host`: every verified bundle installed once in its own
 * immutable folder `sites/<archive sha256>/` (extracted site + precompressed variants),
 * and `current.json` pointing at the one being served. The last good site therefore
 * survives restarts, expired links and missing networks (air-gapped deployments).
 *
 *   cacheDir/current.json            {id, previous, installedAt, source}
 *   cacheDir/sites/<id>/site/        the extracted bundle (quire-manifest.json included)
 *   cacheDir/sites/<id>/compressed/  <path>.br / <path>.gz
 *   cacheDir/sites/<id>/variants.json written last: marks a complete install
 *   cacheDir/downloads/              archives while they download
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidError } from '../core/errors.js';
import { extractBundle } from '../render/bundle/extract.js';
import { MANIFEST_NAME, parseManifest, type BundleManifest } from '../render/bundle/manifest.js';
import type { BundleLimits } from '../render/bundle/verify.js';
import { precompressSite, type VariantTable } from './precompress.js';
import { parseRedirects } from './redirects.js';
import { isMissing, orNullIfMissing } from '../core/missing-file.js';
import { noteIgnored } from '../core/ignored-errors.js';

export interface CachePointer {
  id: string;
  previous: string | null;
  installedAt: string;
  source: string;
}

export interface InstalledSite {
  id: string;
  dir: string;
  manifest: BundleManifest;
  /** True when this archive was already installed (same bytes as before). */
  reused: boolean;
  /** Time spent verifying + extracting, and writing compressed variants (0 when reused). */
  extractMs: number;
  precompressMs: number;
}

export class SiteCache {
  constructor(readonly root: string) {}

  siteDir(id: string): string {
    return join(this.root, 'sites', id);
  }

  /** A fresh path for a download in progress. */
  async downloadPath(): Promise<string> {
    await mkdir(join(this.root, 'downloads'), { recursive: true });
    return join(this.root, 'downloads', `${Date.now()}-${randomBytes(6).toString('hex')}.tar.gz`);
  }

  /**
   * Verifies and installs `archive` under `id` (its sha256), unless that install already
   * exists. Refuses a bundle whose manifest version differs from `pinnedVersion`.
   */
  async install(archive: string, id: string, opts: { limits: BundleLimits; precompress: boolean; pinnedVersion: string | null }): Promise<InstalledSite> {
    const dir = this.siteDir(id);
    if (await isComplete(dir)) {
      const manifest = await readInstalledManifest(dir);
      checkVersion(manifest, opts.pinnedVersion);
      return { id, dir, manifest, reused: true, extractMs: 0, precompressMs: 0 };
    }
    const building = join(this.root, 'sites', `.${id}.building-${randomBytes(6).toString('hex')}`);
    try {
      const started = performance.now();
      const manifest = await extractBundle(archive, join(building, 'site'), opts.limits);
      const extractMs = Math.round(performance.now() - started);
      checkVersion(manifest, opts.pinnedVersion);
      if (manifest.files.some((f) => f.path === 'redirects.json')) {
        parseRedirects(await readFile(join(building, 'site', 'redirects.json'), 'utf8'));
      }
      const compressStarted = performance.now();
      const variants: VariantTable = opts.precompress ? await precompressSite(join(building, 'site'), join(building, 'compressed'), manifest.files) : {};
      const precompressMs = Math.round(performance.now() - compressStarted);
      await writeFile(join(building, 'variants.json'), JSON.stringify(variants));
      await rm(dir, { recursive: true, force: true }); // an incomplete earlier install
      await rename(building, dir);
      return { id, dir, manifest, reused: false, extractMs, precompressMs };
    } catch (err) {
      await rm(building, { recursive: true, force: true });
      throw err;
    }
  }

  async readPointer(): Promise<CachePointer | null> {
    try {
      const pointer = JSON.parse(await readFile(join(this.root, 'current.json'), 'utf8')) as CachePointer;
      return typeof pointer.id === 'string' && /^[0-9a-f]{64}$/.test(pointer.id) ? pointer : null;
    } catch (err) {
      // No pointer (first start) or an unreadable one: either way no site is installed
      // yet and the bundle is fetched again.
      if (!isMissing(err)) noteIgnored('host.site-cache.read-pointer', err);
      return null;
    }
  }

  /** Points `current.json` at `id` (atomically: temp file + rename). */
  async writePointer(pointer: CachePointer): Promise<void> {
    const temp = join(this.root, `.current.json.${randomBytes(6).toString('hex')}`);
    await writeFile(temp, JSON.stringify(pointer, null, 2) + '\n');
    await rename(temp, join(this.root, 'current.json'));
  }

  /** Removes every installed site except `keep`, plus leftover downloads and half-built installs. */
  async prune(keep: string[]): Promise<void> {
    const sites = (await orNullIfMissing(readdir(join(this.root, 'sites')))) ?? [];
    for (const name of sites) {
      if (!keep.includes(name)) await rm(join(this.root, 'sites', name), { recursive: true, force: true });
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.siteDir(id), { recursive: true, force: true });
  }

  async clearDownloads(): Promise<void> {
    await rm(join(this.root, 'downloads'), { recursive: true, force: true });
  }
}

export function checkVersion(manifest: BundleManifest, pinned: string | null): void {
  if (pinned !== null && manifest.version !== pinned) {
    throw new InvalidError(`bundle version ${JSON.stringify(manifest.version)} does not match the pinned version ${JSON.stringify(pinned)} (staticExport.version); bundle refused`);
  }
}

async function isComplete(dir: string): Promise<boolean> {
  return (await orNullIfMissing(stat(join(dir, 'variants.json'))))?.isFile() ?? false;
}

async function readInstalledManifest(dir: string): Promise<BundleManifest> {
  return parseManifest(await readFile(join(dir, 'site', MANIFEST_NAME), 'utf8'));
}
