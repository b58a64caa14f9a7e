/**
 * Confines every path the model names to the workspace. Refuses absolute paths, `..`
 * escapes, anything under `.git/`, and paths whose nearest existing ancestor resolves
 * (through symlinks) outside the workspace. The error messages are for the model, so
 * they name the path as it was written and never the workspace location on disk.
 */
import { lstat, realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { InvalidError } from '../../core/errors.js';
// The export engine's check: the agent's file tools and an export's reads confine paths the same way.
import { isInside } from '../../render/source/confined-path.js';
import { isMissing, orNullIfMissing } from '../../core/missing-file.js';

export interface ResolvedPath {
  /** Absolute path on disk, inside the workspace. */
  absolute: string;
  /** Path relative to the workspace root with forward slashes ('' for the root). */
  relative: string;
}

/**
 * Walks from the root down to `absolute`, one segment at a time, and checks every
 * symlink met on the way: it must resolve, and inside the workspace. A dangling link is
 * refused too, since writing through it would create its target wherever it points.
 */
async function checkSymlinksOnTheWay(root: string, relative: string, requested: string): Promise<void> {
  let current = root;
  for (const segment of relative.split('/').filter(Boolean)) {
    current = path.join(current, segment);
    let stats;
    try {
      stats = await lstat(current);
    } catch (err) {
      if (isMissing(err)) return; // the rest does not exist yet
      throw err;
    }
    if (!stats.isSymbolicLink()) continue;
    let target: string;
    try {
      target = await realpath(current);
    } catch (err) {
      throw new InvalidError(`path "${requested}" goes through a symbolic link that points nowhere`, { cause: err });
    }
    if (!isInside(root, target)) throw new InvalidError(`path "${requested}" leads outside the repository through a symbolic link`);
  }
}

/**
 * Resolves `requested` (relative to the workspace root) to a path inside `root`.
 * `root` must already be a real path.
 */
export async function resolveInWorkspace(root: string, requested: string): Promise<ResolvedPath> {
  if (typeof requested !== 'string') throw new InvalidError('path must be a string');
  const written = requested.trim();
  if (written.includes('\0')) throw new InvalidError(`invalid path "${requested}"`);
  if (path.isAbsolute(written) || /^[a-zA-Z]:[\\/]/.test(written) || written.startsWith('~')) {
    throw new InvalidError(`path "${requested}" is absolute; use a path relative to the repository root`);
  }
  const absolute = path.resolve(root, written === '' ? '.' : written);
  if (!isInside(root, absolute)) throw new InvalidError(`path "${requested}" is outside the repository`);
  const relative = path.relative(root, absolute).split(path.sep).join('/');
  if (relative.split('/').some((segment) => segment === '.git')) {
    throw new InvalidError(`path "${requested}" is inside .git, which is off limits`);
  }
  await checkSymlinksOnTheWay(root, relative, requested);
  return { absolute, relative };
}

/**
 * The entry's stats (`follow`: of what a link points at), or a tool error the model sees
 * when nothing is there. Shared by the tools that work on one existing file.
 */
export async function statExisting(file: ResolvedPath, requested: string, follow = false): Promise<Stats> {
  const stats = await orNullIfMissing((follow ? stat : lstat)(file.absolute));
  if (!stats) throw new InvalidError(`file "${requested}" does not exist`);
  return stats;
}

/** True when the entry itself is a symbolic link (dangling or not). */
export async function isSymlink(absolute: string): Promise<boolean> {
  try {
    return (await lstat(absolute)).isSymbolicLink();
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
}
