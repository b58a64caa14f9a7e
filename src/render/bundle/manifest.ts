/**
 * The bundle manifest: `quire-manifest.json`, the first entry of every bundle archive.
 * It lists every file of the site with its size and sha256 so that whoever receives the
 * archive (`quire host`, `quire remote export --download`) can check it file by file.
 * This module holds the type, the entry-path rules shared by packing and extraction,
 * and the parser that validates a manifest read from an untrusted archive.
 */
import { z } from 'zod';
import { InvalidError } from '../../core/errors.js';

/** Name of the manifest entry; always the first entry of the archive. */
export const MANIFEST_NAME = 'quire-manifest.json';

export const BUNDLE_FORMAT_VERSION = 1;

export interface BundleFile {
  /** Path relative to the site root, `/`-separated, e.g. `guides/intro.html`. */
  path: string;
  size: number;
  /** Lower-case hex sha256 of the file's bytes. */
  sha256: string;
}

export interface BundleManifest {
  formatVersion: 1;
  jobId: string;
  domain: string;
  /** The export `version` requested for the job, or null. */
  version: string | null;
  /** ISO 8601 UTC time the export job was created. */
  createdAt: string;
  /** Version of the export engine that rendered the site. */
  engineVersion: string;
  /** Every file of the site, sorted by path, excluding the manifest itself. */
  files: BundleFile[];
}

/**
 * Returns why `path` may not name a file inside a bundle, or null when it is safe:
 * relative, `/`-separated, no empty, `.` or `..` segment, no backslash, no drive letter,
 * no control character.
 */
export function unsafeEntryPathReason(path: string): string | null {
  if (path.length === 0) return 'empty path';
  if (path.length > 4096) return 'path longer than 4096 characters';
  if (path.startsWith('/')) return 'absolute path';
  if (path.includes('\\')) return 'backslash in path';
  if (/^[a-zA-Z]:/.test(path)) return 'drive letter in path';
   
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'control character in path';
  for (const segment of path.split('/')) {
    if (segment === '..') return '".." segment in path';
    if (segment === '.') return '"." segment in path';
    if (segment === '') return 'empty segment in path';
  }
  return null;
}

/** Byte-order comparison, the order of `files` (independent of locale). */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const manifestSchema = z.object({
  formatVersion: z.literal(BUNDLE_FORMAT_VERSION),
  jobId: z.string(),
  domain: z.string(),
  version: z.string().nullable(),
  createdAt: z.string(),
  engineVersion: z.string(),
  files: z.array(
    z.object({
      path: z.string(),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lower-case hex characters'),
    }),
  ),
});

/**
 * Parses and validates a manifest read from an archive. Throws InvalidError naming the
 * first problem: bad JSON, a wrong field, an unsafe or duplicate path, unsorted files.
 */
export function parseManifest(text: string): BundleManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new InvalidError(`bundle manifest ${MANIFEST_NAME} is not valid JSON`, { cause: err });
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    throw new InvalidError(`bundle manifest ${MANIFEST_NAME} is invalid at ${where}: ${issue.message}`);
  }
  const manifest = parsed.data;
  let previous: string | null = null;
  const paths = new Set(manifest.files.map((f) => f.path));
  for (const file of manifest.files) {
    const reason = unsafeEntryPathReason(file.path);
    if (reason) throw new InvalidError(`bundle manifest lists an unsafe path ${JSON.stringify(file.path)}: ${reason}`);
    if (file.path === MANIFEST_NAME) throw new InvalidError(`bundle manifest lists itself`);
    if (previous !== null && comparePaths(previous, file.path) >= 0) {
      throw new InvalidError(`bundle manifest files are not sorted and unique at ${JSON.stringify(file.path)}`);
    }
    previous = file.path;
    // `a` as a file and `a/b` below it cannot both exist on disk.
    for (let i = file.path.indexOf('/'); i !== -1; i = file.path.indexOf('/', i + 1)) {
      if (paths.has(file.path.slice(0, i))) {
        throw new InvalidError(`bundle manifest lists ${JSON.stringify(file.path.slice(0, i))} both as a file and as a folder`);
      }
    }
  }
  return manifest;
}
