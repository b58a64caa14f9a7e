/**
 * Reads files of a tenant's docs folder without ever leaving it. A repository is hostile
 * input: `snippets/key.mdx -> /srv/quire/secrets/link-signing.key`, a linked folder
 * (`snippets/dir -> /etc`), `../../etc/passwd` in a `$ref` or an `openapi` field.
 *
 * A path is resolved one component at a time from the root with `lstat`: `..` that climbs
 * above the root is refused before the disk is asked anything, and a symbolic link is
 * followed only while its target (taken as text) stays inside the root. Nothing outside
 * the root is ever looked at, so an answer cannot tell whether a path out there exists:
 * a link out of the folder is refused the same way whether its target exists or not.
 * Links inside the root are followed (authors link a shared snippet into two folders).
 */
import { realpathSync } from 'node:fs';
import { lstat, readFile, readlink } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { orNullIfMissing } from '../../core/missing-file.js';

/** Links followed in one path before it is refused (a loop, or a chain made to waste time). */
const MAX_LINKS = 32;

export type ConfinedReason = 'outside' | 'missing' | 'not-a-file';

/** A path of the docs folder that cannot be read, with a message that names it and says why. */
export class ConfinedPathError extends Error {
  constructor(
    /** The path as it was asked for, relative to the root. */
    readonly path: string,
    readonly reason: ConfinedReason,
  ) {
    super(`"${path}" ${whyOf(reason)}`);
    this.name = 'ConfinedPathError';
  }

  /** The message without the path, for callers that name the path their own way. */
  get why(): string {
    return whyOf(this.reason);
  }
}

function whyOf(reason: ConfinedReason): string {
  if (reason === 'outside') return 'leads outside the docs folder (through ".." or a symbolic link) and is not read';
  return reason === 'missing' ? 'does not exist in the docs folder' : 'is not a file';
}

/** True when `target` is `root` or lies below it, as written (nothing is resolved on disk). */
export function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** `rel` (posix or native separators, a leading `/` meaning the root) as components, or null when `..` climbs above the root. */
function components(rel: string): string[] | null {
  const normal = posix.normalize(rel.split(sep).join('/').replace(/^\/+/, '') || '.');
  if (normal === '..' || normal.startsWith('../')) return null;
  return normal.split('/').filter((c) => c !== '' && c !== '.');
}

/**
 * Walks `rel` from the real root: the real absolute path of the file (or folder), or why there
 * is none. `dirs`: paths under the root (made of components that are no links: a link restarts
 * the walk from the root) already found to be folders, and where this walk adds those it finds;
 * a reader of many files shares it (confinedReader).
 */
async function walk(root: string, rel: string, folder = false, dirs?: Set<string>): Promise<{ file: string } | ConfinedReason> {
  const queue = components(rel);
  if (!queue) return 'outside';
  let current = root;
  let links = 0;
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (name === '..') {
      if (current === root) return 'outside';
      current = resolve(current, '..');
      continue;
    }
    const next = join(current, name);
    if (queue.length > 0 && dirs?.has(next)) {
      current = next;
      continue;
    }
    const stats = await orNullIfMissing(lstat(next));
    if (!stats) return 'missing';
    if (stats.isSymbolicLink()) {
      if (++links > MAX_LINKS) return 'outside';
      const target = await readlink(next);
      const lexical = isAbsolute(target) ? resolve(target) : resolve(current, target);
      if (!isInside(root, lexical)) return 'outside';
      // Continue from the root with the link's target, then whatever followed the link.
      queue.unshift(...relative(root, lexical).split(sep).filter(Boolean));
      current = root;
      continue;
    }
    if (queue.length > 0 && !stats.isDirectory()) return 'missing';
    if (queue.length > 0) dirs?.add(next);
    if (queue.length === 0 && !(folder ? stats.isDirectory() : stats.isFile())) return 'not-a-file';
    current = next;
  }
  return current === root ? 'not-a-file' : { file: current };
}

/**
 * The real absolute path of the regular file `rel` names inside `root`.
 * @throws ConfinedPathError when it leads outside, does not exist or is not a file.
 */
export async function confinedFile(root: string, rel: string): Promise<string> {
  const found = await walk(realpathSync.native(resolve(root)), rel);
  if (typeof found === 'string') throw new ConfinedPathError(rel, found);
  return found.file;
}

/**
 * The real absolute path of the folder `rel` names inside `root`, reached as confinedFile
 * reaches a file (a link inside the root is followed, one out of it is refused).
 * @throws ConfinedPathError when it leads outside, does not exist or is not a folder.
 */
export async function confinedFolder(root: string, rel: string): Promise<string> {
  const found = await walk(realpathSync.native(resolve(root)), rel, true);
  if (typeof found === 'string') throw new ConfinedPathError(rel, found);
  return found.file;
}

/**
 * A reader of many files of one docs folder, for one export (the snippets every page's cache
 * key hashes, the component files Tailwind's classes are taken from): each file read once,
 * as UTF-8, or null when it cannot be (missing, outside the folder, not a file, unreadable);
 * the root's real path taken once, and each folder on the way checked once rather than for
 * every file below it. Made anew for each export: a folder may since have become a link.
 */
export function confinedReader(root: string): (rel: string) => Promise<string | null> {
  const real = realpathSync.native(resolve(root));
  const dirs = new Set<string>();
  const memo = new Map<string, Promise<string | null>>();
  return (rel) => {
    let text = memo.get(rel);
    if (!text) {
      // Unreadable reads as missing: the render reports the file where it is used.
      text = walk(real, rel, false, dirs).then((found) => (typeof found === 'string' ? null : readFile(found.file, 'utf8'))).catch(() => null);
      memo.set(rel, text);
    }
    return text;
  };
}

/** Reads a file of the docs folder as UTF-8, confined to it. */
export async function readConfinedText(root: string, rel: string): Promise<string> {
  return readFile(await confinedFile(root, rel), 'utf8');
}

/**
 * `abs` as a path relative to `root` when it lies inside it as written (under the root as
 * given or under its real path), else null: for callers that hold absolute paths.
 */
export function relativeInside(root: string, abs: string): string | null {
  const a = resolve(abs);
  for (const r of [resolve(root), realpathSync.native(resolve(root))]) if (isInside(r, a)) return relative(r, a).split(sep).join('/');
  return null;
}
