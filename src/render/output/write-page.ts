/**
 * Writes one page file as a render thread hands it over, synchronously: the export's
 * main thread has little else to do while pages render, and on a file system slow to
 * create files (ext4 after many deletions: ~1.4 s of kernel time for a 1000-page
 * export) that time is better spent here, on the other core, than in the render thread
 * that sets the export's pace. One file per message from a render thread, so the event
 * loop turns between them. Folders are made when first needed, not up front.
 */
import { closeSync, fstatSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function writeAndStat(path: string, content: Uint8Array | string): { size: number; mtimeMs: number } {
  const fd = openSync(path, 'w');
  try {
    writeFileSync(fd, content);
    // The size and mtime of the file just written, from its descriptor: no second path lookup.
    const { size, mtimeMs } = fstatSync(fd);
    return { size, mtimeMs };
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a page's bytes (or text, as UTF-8) to `path` and gives the file's size and mtime
 * (for the output manifest).
 */
export function writePageFile(path: string, content: Uint8Array | string): { size: number; mtimeMs: number } {
  try {
    return writeAndStat(path, content);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dirname(path), { recursive: true });
    return writeAndStat(path, content);
  }
}
