/**
 * Writes a file so that a reader sees the old content or the new, never half of it: the
 * bytes go to a temp file beside it (named by process and a counter, so two writers of one
 * process or of two never share one), which then replaces the file by rename. The folder
 * is made when missing. Errors are the caller's: caches ignore them, they only cost time.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

let counter = 0;

export async function replaceFile(path: string, data: string | Uint8Array, mode?: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${++counter}.tmp`;
  try {
    await writeFile(tmp, data, mode === undefined ? undefined : { mode });
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
