/**
 * Reads the many small text files of a docs folder (every page, at the start of an
 * export). Node 20's fs/promises readFile costs about 90 µs of CPU per file (open,
 * fstat, read and close, each a promise through the thread pool); a synchronous read
 * costs about 15 µs (measured on 10000 corpus pages: 0.95 s against 0.15 s). Files are
 * read synchronously in small batches, yielding to the event loop between batches, so
 * a server process exporting meanwhile keeps answering (a batch takes about a millisecond).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

const BATCH = 64;

/** Contents of `files` (relative to `root`), in a Map keyed by those paths. A file that cannot be read rejects. */
export async function readTextFiles(root: string, files: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < files.length; i += BATCH) {
    if (i > 0) await yieldToLoop();
    for (const f of files.slice(i, i + BATCH)) out.set(f, readFileSync(join(root, f), 'utf8'));
  }
  return out;
}
