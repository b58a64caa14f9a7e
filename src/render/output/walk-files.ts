/**
 * Lists the files of a docs folder once, sorted, as posix paths relative to the root.
 * Hidden entries (`.git`, `.github`), `node_modules` and the given excluded folders
 * (the output and cache folders when they sit inside the root) are skipped. Symbolic
 * links are never followed (a tenant's repository may link to anything on the machine):
 * they are handed back in `met.links` so the export can name them. With `ignored`
 * (source/mint-ignore.ts), the files and folders it matches are not listed (handed back in
 * `met.left`, a folder with its trailing slash), and folders deeper than MAX_DEPTH are not
 * looked into (handed back in `met.tooDeep`).
 */
import { readdir, readlink } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { MAX_DEPTH, type IgnoredPath } from '../source/mint-ignore.js';

/** A symbolic link met while listing, and whether its target (as text) leaves the root. */
export interface SkippedLink {
  path: string;
  outside: boolean;
}

/** What a listing met besides the files it lists, each list sorted. */
export interface WalkMet {
  links?: SkippedLink[];
  /** Files and folders (`dir/`) the ignore rules left out. */
  left?: string[];
  tooDeep?: string[];
}

export async function walkFiles(root: string, exclude: string[] = [], met: WalkMet = {}, ignored?: IgnoredPath): Promise<string[]> {
  const absRoot = resolve(root);
  const skip = new Set(exclude.map((e) => resolve(e)));
  const out: string[] = [];
  const found: SkippedLink[] = [];
  const deep: string[] = [];
  const left: string[] = [];
  // `under`: the folder's path from the root, posix, with a trailing slash ('' for the root); an
  // entry's is then `under + name`, not path.relative per entry (~10 ms of a warm export of
  // Mintlify's docs, JIT cold), and a file's absolute path is not made at all.
  async function visit(dir: string, under: string, depth: number): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const rel = under + entry.name;
      if (entry.isDirectory()) {
        const abs = join(dir, entry.name);
        if (skip.has(abs)) continue;
        if (ignored?.(rel, true)) left.push(`${rel}/`);
        else if (depth >= MAX_DEPTH) deep.push(rel);
        else await visit(abs, `${rel}/`, depth + 1);
      } else if (ignored?.(rel, false)) {
        left.push(rel);
      } else if (entry.isFile()) {
        out.push(rel);
      } else if (entry.isSymbolicLink()) {
        const abs = join(dir, entry.name);
        const target = await readlink(abs).catch(() => ''); // vanished meanwhile: checked as a link to nothing
        const lexical = isAbsolute(target) ? resolve(target) : resolve(dir, target);
        const to = relative(absRoot, lexical);
        found.push({ path: rel, outside: to.startsWith('..') || isAbsolute(to) });
      }
    }
  }
  await visit(absRoot, '', 0);
  met.links?.push(...found.sort((a, b) => (a.path < b.path ? -1 : 1)));
  met.left?.push(...left.sort());
  met.tooDeep?.push(...deep.sort());
  return out.sort();
}
