/**
 * The indexer's side of search-terms.ts: a page's terms without their offsets, as fast as
 * the export can get them. Kept out of search-terms.ts, which the site's search engine
 * bundles for the browser: the browser never indexes, and its bundle stays as it was.
 */
import { fold, MAX_KNOWN, ownString, segmentRuns, UNSPACED, WORD, wordTerms, type Analyzer } from './search-terms.js';
import { oneByte } from '../one-byte.js';

/** What the indexer keeps per analyzer. */
interface Memo {
  /** Words seen before, with their terms (eachTerm's memo holds offsets' raw words too). */
  terms: Map<string, string[]>;
  /** Runs of a script written without spaces cut before, with their words (segmentRuns: a run's words depend on it alone). */
  runs: Map<string, string[]>;
}

const memos = new WeakMap<Analyzer, Memo>();

/**
 * The terms of a page's `text`, in the order eachTerm gives them with `index` (the same
 * terms), without their offsets or raw words: what the indexer needs. Words come from one
 * `match` (strings only, no match object per word) and a word's terms are looked up once
 * per distinct word (a word's terms memoized without the raw words). A run with no spaces
 * (Chinese, Japanese, Thai...) is cut into words once per distinct run: a site repeats its
 * phrases (Mintlify's Chinese pages: 88,894 runs, 26,769 distinct, half the characters).
 */
export function eachIndexTerm(text: string, fn: (term: string) => void, a: Analyzer): void {
  let memo = memos.get(a);
  if (!memo) memos.set(a, (memo = { terms: new Map(), runs: new Map() }));
  const known = memo.terms;
  const emit = (w: string) => {
    let terms = known.get(w);
    if (terms === undefined) {
      // A word with an unspaced-script letter came from the segmenter (see eachTerm's `plain`).
      terms = UNSPACED.test(w) ? [fold(w)] : wordTerms(a, w, true).map(([term]) => term);
      if (known.size < MAX_KNOWN) known.set(ownString(w), terms);
    }
    for (let i = 0; i < terms.length; i++) fn(terms[i]);
  };
  if (!UNSPACED.test(text)) {
    // Cut from a page with a character past U+00FF, a Latin-1 text is two-byte: WORD runs 4-6 times slower on it (one-byte.ts).
    const words = oneByte(text).match(WORD) ?? [];
    for (let i = 0; i < words.length; i++) emit(words[i]);
    return;
  }
  // A text with a script written without spaces: its runs (eachWord's) cut by Intl.Segmenter,
  // those not cut before in one call (segmentRuns), then every word in order.
  const words = text.match(WORD) ?? [];
  const isRun = words.map((w) => UNSPACED.test(w));
  const fresh = new Set<string>();
  words.forEach((w, i) => {
    if (isRun[i] && !memo.runs.has(w)) fresh.add(w);
  });
  // This text's new runs, kept for the next texts while the memo has room.
  const cut = new Map<string, string[]>();
  if (fresh.size) {
    const runs = [...fresh];
    segmentRuns(a, runs).forEach((segments, r) => {
      const runWords = segments.map(([w]) => w);
      cut.set(runs[r], runWords);
      if (memo.runs.size < MAX_KNOWN) memo.runs.set(ownString(runs[r]), runWords);
    });
  }
  words.forEach((w, i) => {
    if (!isRun[i]) return emit(w);
    for (const runWord of cut.get(w) ?? memo.runs.get(w)!) emit(runWord);
  });
}
