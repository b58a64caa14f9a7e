/**
 * Lists the files of a docs folder once, sorted, as posix paths relative to the root.
 * Hidden entries (`.git`, `.github`), `node_modules` and the given excluded folders
 * (the output and cache folders when they sit inside the root) are skipped.
 */
import { readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

export async function walkFiles(root: string, exclude: string[] = []): Promise<string[]> {
  const absRoot = resolve(root);
  const skip = new Set(exclude.map((e) => resolve(e)));
  const out: string[] = [];
  async function visit(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skip.has(abs)) await visit(abs);
      } else if (entry.isFile()) {
        out.push(relative(absRoot, abs).split(sep).join('/'));
      }
    }
  }
  await visit(absRoot);
  return out.sort();
}
