/**
 * Results kept in the export's cache folder, read and written here (a failure only costs
 * the work they save: the config, the API plan, the site's styles), and hashes of the docs
 * folder's files a kept result was made from (the API plan, the config): read through the
 * same confinement as the reader that made it, so a file that now leads outside the folder,
 * or is missing, hashes as unreadable (with why) and no longer matches what was read.
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

/** A text kept in the cache folder, or undefined when there is none or it cannot be read (noted as `site`). */
export async function readKeptText(file: string, site: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if (!isMissing(err)) noteIgnored(site, err); // made again
    return undefined;
  }
}

/** A result kept as JSON in the cache folder, or undefined when there is none or it cannot be read or parsed (noted as `site`). */
export async function readKept<T>(file: string, site: string): Promise<T | undefined> {
  const text = await readKeptText(file, site);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    noteIgnored(site, err); // made again
    return undefined;
  }
}

/** Keeps `text` in `file`; a cache that cannot be written only costs time (noted as `site`). */
export async function keepText(file: string, text: string, site: string): Promise<void> {
  try {
    await replaceFile(file, text);
  } catch (err) {
    noteIgnored(site, err);
  }
}

/** Keeps `value` as JSON in `file` (see keepText). */
export function keep(file: string, value: unknown, site: string): Promise<void> {
  return keepText(file, JSON.stringify(value), site);
}
