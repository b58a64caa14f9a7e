/**
 * Lists the files of a docs folder once, sorted, as posix paths relative to the root.
 * Hidden entries (`.git`, `.github`), `node_modules` and the given excluded folders
 * (the output and cache folders when they sit inside the root) are skipped. Symbolic
 * links are never followed (a tenant's repository may link to anything on the machine):
 * they are handed back in `links` so the export can name them.
 */
import { readdir, readlink } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** A symbolic link met while listing, and whether its target (as text) leaves the root. */
export interface SkippedLink {
  path: string;
  outside: boolean;
}

export async function walkFiles(root: string, exclude: string[] = [], links?: SkippedLink[]): Promise<string[]> {
  const absRoot = resolve(root);
  const skip = new Set(exclude.map((e) => resolve(e)));
  const out: string[] = [];
  const found: SkippedLink[] = [];
  async function visit(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(abs)) await visit(abs);
      } else if (entry.isFile()) {
        out.push(relative(absRoot, abs).split(sep).join('/'));
      } else if (entry.isSymbolicLink()) {
        const target = await readlink(abs).catch(() => ''); // vanished meanwhile: checked as a link to nothing
        const lexical = isAbsolute(target) ? resolve(target) : resolve(dir, target);
        const rel = relative(absRoot, lexical);
        found.push({ path: relative(absRoot, abs).split(sep).join('/'), outside: rel.startsWith('..') || isAbsolute(rel) });
      }
    }
  }
  await visit(absRoot);
  links?.push(...found.sort((a, b) => (a.path < b.path ? -1 : 1)));
  return out.sort();
}
