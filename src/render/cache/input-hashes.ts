/**
 * Hashes of the docs folder's files a cached result was made from (the API plan, the
 * config): read through the same confinement as the reader that made it, so a file that
 * now leads outside the folder, or is missing, hashes as unreadable (with why) and no
 * longer matches what was read.
 */
import { readFile } from 'node:fs/promises';
import { sha256 } from './cache-key.js';
import { confinedFile } from '../source/confined-path.js';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import { replaceFile } from '../../core/replace-file.js';

/** A hash of a file of the docs folder (root-relative), or of why it cannot be read. */
export async function inputHash(root: string, file: string): Promise<string> {
  try {
    return sha256('file', await readFile(await confinedFile(root, file)));
  } catch (err) {
    return sha256('unreadable', (err as Error).message);
  }
}

/** Path -> inputHash of each of `files`. */
export async function inputHashes(root: string, files: readonly string[]): Promise<Record<string, string>> {
  const hashes = await Promise.all(files.map((f) => inputHash(root, f)));
  return Object.fromEntries(files.map((f, i) => [f, hashes[i]]));
}

/** Whether every file still has the hash it had (see inputHash). */
export async function stillHashes(root: string, hashes: Record<string, string>): Promise<boolean> {
  const now = await inputHashes(root, Object.keys(hashes));
  return Object.entries(hashes).every(([file, hash]) => now[file] === hash);
}

/** A result kept as JSON in the cache folder, or undefined when there is none or it cannot be read (noted as `site`). */
export async function readKept<T>(file: string, site: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (err) {
    if (!isMissing(err)) noteIgnored(site, err); // made again
    return undefined;
  }
}

/** Keeps `value` as JSON in `file`; a cache that cannot be written only costs time (noted as `site`). */
export async function keep(file: string, value: unknown, site: string): Promise<void> {
  try {
    await replaceFile(file, JSON.stringify(value));
  } catch (err) {
    noteIgnored(site, err);
  }
}
