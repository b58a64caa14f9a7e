/**
 * Writes the export into the output folder. The folder is emptied first, but only
 * when it is empty already or holds a previous export (a `sitemap.xml` and a
 * `404.html`), so a mistyped `--out` never wipes an unrelated folder; it may not be
 * the docs folder or one of its parents either.
 */
import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { InvalidError } from '../../core/errors.js';

export type OutputContent = string | Uint8Array | { copyFrom: string };

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

export async function prepareOutDir(outDir: string, root: string): Promise<void> {
  const out = resolve(outDir);
  const docs = resolve(root);
  const rel = relative(out, docs);
  if (rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel))) {
    throw new InvalidError(`output folder ${outDir} is the docs folder or one of its parents; choose another --out`);
  }
  if (!(await exists(out))) {
    await mkdir(out, { recursive: true });
    return;
  }
  if (!(await stat(out)).isDirectory()) throw new InvalidError(`output path ${outDir} exists and is not a folder`);
  const entries = await readdir(out);
  if (entries.length === 0) return;
  if (!entries.includes('sitemap.xml') || !entries.includes('404.html')) {
    throw new InvalidError(`output folder ${outDir} is not empty and does not hold a previous export; refusing to overwrite it`);
  }
  await Promise.all(entries.map((e) => rm(join(out, e), { recursive: true, force: true })));
}

/** Writes every file (paths relative to outDir, posix), a few at a time. */
export async function writeOutputFiles(outDir: string, files: Map<string, OutputContent>): Promise<void> {
  const dirs = new Set<string>();
  for (const path of files.keys()) dirs.add(dirname(join(outDir, path)));
  for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
  const entries = [...files];
  const CONCURRENCY = 32;
  let next = 0;
  async function lane(): Promise<void> {
    while (next < entries.length) {
      const [path, content] = entries[next++];
      const target = join(outDir, path);
      if (typeof content === 'object' && 'copyFrom' in content) await copyFile(content.copyFrom, target);
      else await writeFile(target, content);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
}
