/**
 * The facts of every page source (source/source-facts.ts) kept in the export's cache folder
 * with the stat of the file they were taken from (size, mtime, ctime, inode, device), so a
 * warm export reads, hashes and parses only the pages whose stat changed. On Mintlify's docs
 * (~1,070 pages) reading and deriving them all cost ~0.3 s of the export thread's ~2 s, and
 * most of what it collected garbage (issue 21).
 *
 * As git's index (and engine-code-memo.ts) do: a stat that matches is trusted. An edit changes
 * ctime, which `touch` cannot set back, so an edit that keeps size and mtime is seen; a file
 * replaced (renamed over, or by a link) has another inode or is no regular file, and a link is
 * never trusted. A file changed within the timestamp tick of the moment it was statted could
 * keep its stat, so facts of a file younger than RACY_MS are not kept (the next export reads it
 * again). The stat is taken before the read: a file changed between the two has a newer stat
 * than the one kept. Entries are keyed by root-relative path under the memo's own root and
 * engine: another docs folder or another build of Quire starts afresh. The cache folder is
 * Quire's own, never the tenant's: what it holds is trusted as the page cache is. A memo that
 * cannot be read or written only costs the reading it saves; nothing here reads a file that
 * the scan would not read.
 */
import { lstatSync, readFileSync, type BigIntStats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import { replaceFile } from '../../core/replace-file.js';
import { sourceFacts, type SourceFacts } from '../source/source-facts.js';
import { RACY_MS } from './engine-code-memo.js';
import { engineCode } from './engine-version.js';
import { sha256 } from './cache-key.js';
import { readTextFiles } from '../output/read-text-files.js';
import { readConfinedText } from '../source/confined-path.js';

const FORMAT = 'quire-source-facts-1';
/** Files read between two yields to the event loop (output/read-text-files.ts). */
const BATCH = 64;

interface StoredMemo {
  format: string;
  root: string;
  engine: string;
  /** Path -> [stat, facts]. */
  entries: Map<string, [string, SourceFacts]>;
}

/** Where the memo lives in a cache folder. */
export function sourceMemoFile(cacheDir: string): string {
  return join(cacheDir, 'source-facts.bin');
}

/** The stat a memo entry is matched by, and whether it may be kept (a regular file older than RACY_MS at `now`). */
function statOf(path: string, now: number): { stat: string; keep: boolean } | undefined {
  let st: BigIntStats;
  try {
    st = lstatSync(path, { bigint: true });
  } catch {
    return undefined; // read below, which says why it cannot be
  }
  if (!st.isFile()) return undefined;
  const newest = Math.max(Number(st.mtimeMs), Number(st.ctimeMs));
  return { stat: `${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.ino}:${st.dev}`, keep: now - newest >= RACY_MS };
}

async function readMemo(file: string, root: string): Promise<StoredMemo['entries']> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    if (!isMissing(err)) noteIgnored('render.source-memo.read', err);
    return new Map();
  }
  try {
    const stored = deserialize(bytes) as Partial<StoredMemo>;
    if (stored.format === FORMAT && stored.root === root && stored.engine === engineCode() && stored.entries instanceof Map) return stored.entries;
  } catch (err) {
    noteIgnored('render.source-memo.read', err); // made again
  }
  return new Map();
}

/** What sourceFactsOf found: every file's facts, and the texts it had to read. */
export interface ScannedSources {
  facts: Map<string, SourceFacts>;
  /** The texts read this time (file -> text): the files the memo did not hold as they are. */
  texts: Map<string, string>;
}

/**
 * The facts of `files` (root-relative page sources). With `cacheDir`, those the memo holds with
 * their current stat are taken from it and only the others are read (`readAll`: every file is
 * read, as a cold export wants every text); the memo is then kept with this export's files only.
 * A file that cannot be read rejects, as reading it always did.
 */
export async function sourceFactsOf(root: string, files: string[], cacheDir: string | undefined, { readAll = false, now = Date.now() } = {}): Promise<ScannedSources> {
  const memoFile = cacheDir ? sourceMemoFile(cacheDir) : undefined;
  const known = memoFile && !readAll ? await readMemo(memoFile, root) : new Map<string, [string, SourceFacts]>();
  const facts = new Map<string, SourceFacts>();
  const texts = new Map<string, string>();
  const kept = new Map<string, [string, SourceFacts]>();
  let changed = known.size !== files.length;
  for (let i = 0; i < files.length; i += BATCH) {
    if (i > 0) await yieldToLoop();
    for (const f of files.slice(i, i + BATCH)) {
      const path = join(root, f);
      const st = memoFile ? statOf(path, now) : undefined;
      const hit = st ? known.get(f) : undefined;
      if (st && hit && hit[0] === st.stat) {
        facts.set(f, hit[1]);
        kept.set(f, hit);
        continue;
      }
      changed = true;
      // Synchronous: ~15 µs a file against ~90 µs through fs/promises (output/read-text-files.ts). What is
      // no longer the regular file the walk listed (a link since) is read confined, or refused as any page
      // that leads out of the folder is.
      const text = !memoFile || st ? readFileSync(path, 'utf8') : await readConfinedText(root, f);
      const found = sourceFacts(f, text);
      texts.set(f, text);
      facts.set(f, found);
      if (st?.keep) kept.set(f, [st.stat, found]);
    }
  }
  if (memoFile && changed) {
    try {
      await replaceFile(memoFile, serialize({ format: FORMAT, root, engine: engineCode(), entries: kept } satisfies StoredMemo));
    } catch (err) {
      noteIgnored('render.source-memo.write', err);
    }
  }
  return { facts, texts };
}

/**
 * Reads into `sources` the texts of `files` the scan did not read (a warm export reads only the
 * changed ones): the pages to render need theirs. Returns the files whose text no longer has the
 * hash the scan took (changed since): their pages render from what is there now, but their
 * keys were made from what was there before, so they are not cached under them.
 */
export async function readRest(root: string, files: string[], sources: Map<string, string>, facts: ReadonlyMap<string, SourceFacts>): Promise<Set<string>> {
  const changed = new Set<string>();
  const rest = files.filter((f) => !sources.has(f));
  if (rest.length === 0) return changed;
  for (const [f, text] of await readTextFiles(root, rest)) {
    sources.set(f, text);
    if (facts.get(f)?.hash !== sha256(text)) changed.add(f);
  }
  return changed;
}
