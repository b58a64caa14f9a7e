/**
 * Writes one page file as a render thread hands it over, synchronously: the export's
 * main thread has little else to do while pages render, and on a file system slow to
 * create files (ext4 after many deletions: ~1.4 s of kernel time for a 1000-page
 * export) that time is better spent here, on the other core, than in the render thread
 * that sets the export's pace. One file per message from a render thread, so the event
 * loop turns between them. Folders are made when first needed, not up front.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes a page's bytes to `path` and gives the file's size and mtime (for the output manifest). */
export function writePageFile(path: string, bytes: Uint8Array): { size: number; mtimeMs: number } {
  try {
    writeFileSync(path, bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }
  const { size, mtimeMs } = statSync(path);
  return { size, mtimeMs };
}
