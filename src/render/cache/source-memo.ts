/**
 * The facts of every page source (source/source-facts.ts) kept in the export's cache folder
 * with the stat of the file they were taken from (stat-memo.ts says when a stat is trusted),
 * so a warm export reads, hashes and parses only the pages whose stat changed. On Mintlify's
 * docs (~1,070 pages) reading and deriving them all cost ~0.3 s of the export thread's ~2 s,
 * and most of what it collected as garbage (issue 21). Nothing here reads a file the scan
 * would not read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sourceFacts, type SourceFacts } from '../source/source-facts.js';
import { sha256 } from './cache-key.js';
import { memoStat, StatMemo } from './stat-memo.js';
import { readTextFiles } from '../output/read-text-files.js';
import { readConfinedText } from '../source/confined-path.js';

const FORMAT = 'quire-source-facts-1';
/** Files read between two yields to the event loop (output/read-text-files.ts). */
const BATCH = 64;

/** Where the memo lives in a cache folder. */
export function sourceMemoFile(cacheDir: string): string {
  return join(cacheDir, 'source-facts.bin');
}

/** What sourceFactsOf found: every file's facts, and the texts it had to read. */
export interface ScannedSources {
  facts: Map<string, SourceFacts>;
  /** The texts read this time (file -> text): the files the memo did not hold as they are. */
  texts: Map<string, string>;
  /**
   * Writes the memo, once the export is done: the files too young to trust when they were read
   * (a checkout or a copy just made) are checked again then (stat-memo.ts StatMemo.save).
   */
  saveMemo: (now?: number) => Promise<void>;
}

/**
 * The facts of `files` (root-relative page sources). With `cacheDir`, those the memo holds with
 * their current stat are taken from it and only the others are read (`readAll`: every file is
 * read, as a cold export wants every text); saveMemo keeps it with this export's files only.
 * A file that cannot be read rejects, as reading it always did.
 */
export async function sourceFactsOf(root: string, files: string[], cacheDir: string | undefined, { readAll = false, now = Date.now() } = {}): Promise<ScannedSources> {
  const memo = cacheDir ? new StatMemo<SourceFacts>(sourceMemoFile(cacheDir), FORMAT, root, 'render.source-memo') : undefined;
  if (!readAll) await memo?.load();
  const facts = new Map<string, SourceFacts>();
  const texts = new Map<string, string>();
  for (let i = 0; i < files.length; i += BATCH) {
    if (i > 0) await yieldToLoop();
    for (const f of files.slice(i, i + BATCH)) {
      const path = join(root, f);
      const st = memo ? memoStat(path, now) : undefined;
      const known = memo?.take(f, st);
      if (known) {
        facts.set(f, known);
        continue;
      }
      // Synchronous: ~15 µs a file against ~90 µs through fs/promises (output/read-text-files.ts). What is
      // no longer the regular file the walk listed (a link since) is read confined, or refused as any page
      // that leads out of the folder is.
      const text = !memo || st ? readFileSync(path, 'utf8') : await readConfinedText(root, f);
      // A copy: the strings sourceFacts slices out of the text (frontmatter, title, class names)
      // would otherwise keep the whole text alive for the rest of the export (V8's sliced strings),
      // every page's on a cold export: ~20 MB more peak RSS on Mintlify's docs.
      const found = structuredClone(sourceFacts(f, text));
      texts.set(f, text);
      facts.set(f, found);
      memo?.put(f, st, found, found.hash);
    }
  }
  return { facts, texts, saveMemo: async (later?: number) => memo?.save(later) };
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
