/**
 * The site's styles kept in the export's cache folder between exports, so that a warm
 * export whose stylesheets did not change starts no esbuild (a child process: on Mintlify's
 * docs ~0.1 s of CPU beside the export's, and ~0.2 s on the scan's path):
 *
 * - `site-css.json`: the last bundle of the site's own stylesheets (site-css.ts), with a
 *   hash of every file it read. It is taken again when the engine, the deployment and the
 *   site's file list (which decides which `url()` resolves) are the same and every one of
 *   those files, read again through the same confinement, still has its hash.
 * - `tailwind.min.css`: the last minified Tailwind utilities, by their text.
 *
 * One file each, the last result: they never grow. An unreadable or stale file only
 * costs the work it would have saved.
 */
import { join } from 'node:path';
import { sha256 } from '../cache/cache-key.js';
import { engineCode } from '../cache/engine-version.js';
import { installedPackageVersion } from '../installed-package.js';
import { keep, keepText, readKept, readKeptText } from '../cache/input-hashes.js';
import type { Deployment } from '../types.js';
import { bundleSiteCss, readStylesheet, readText, siteCssFiles, type SiteCss } from './site-css.js';

const FORMAT = 'quire-site-css-1';

interface StoredSiteCss {
  format: string;
  key: string;
  /** Path -> sha256 of what the bundle read there (site-css.ts `readText`). */
  reads: Record<string, string>;
  result: SiteCss;
}

async function stillReads(root: string, reads: Record<string, string>): Promise<boolean> {
  for (const [path, hash] of Object.entries(reads)) {
    if (sha256(readText(await readStylesheet(root, path))) !== hash) return false;
  }
  return true;
}

/** bundleSiteCss, or its result kept in `cacheDir` while it still holds (see the header). */
export async function cachedSiteCss(root: string, files: string[], deployment: Deployment, cacheDir: string | undefined): Promise<SiteCss> {
  if (!cacheDir || siteCssFiles(files).length === 0) return bundleSiteCss(root, files, deployment);
  const file = join(cacheDir, 'site-css.json');
  const key = sha256(FORMAT, engineCode(), `esbuild@${installedPackageVersion('esbuild')}`, deployment, ...files);
  const stored = await readKept<StoredSiteCss>(file, 'render.styles-cache.read-site-css');
  if (stored?.format === FORMAT && stored.key === key && stored.reads && stored.result && (await stillReads(root, stored.reads))) return stored.result;
  const reads = new Map<string, string>();
  const result = await bundleSiteCss(root, files, deployment, reads);
  const hashes = Object.fromEntries([...reads].map(([path, read]) => [path, sha256(read)]));
  await keep(file, { format: FORMAT, key, reads: hashes, result } satisfies StoredSiteCss, 'render.styles-cache.write');
  return result;
}

/** `minify(css)`, or its result for the same text kept in `cacheDir` (see the header). */
export async function cachedMinify(css: string, cacheDir: string | undefined, minify: (css: string) => Promise<string>): Promise<string> {
  if (!cacheDir) return minify(css);
  const file = join(cacheDir, 'tailwind.min.css');
  // The key on the first line, as tailwind-css.ts keeps its compile.
  const head = `/* ${sha256(FORMAT, `esbuild@${installedPackageVersion('esbuild')}`, css)} */\n`;
  const stored = await readKeptText(file, 'render.styles-cache.read-minified');
  if (stored?.startsWith(head)) return stored.slice(head.length);
  const out = await minify(css);
  await keepText(file, head + out, 'render.styles-cache.write');
  return out;
}
