/**
 * The indexer's side of search-terms.ts: a page's terms without their offsets, as fast as
 * the export can get them. Kept out of search-terms.ts, which the site's search engine
 * bundles for the browser: the browser never indexes, and its bundle stays as it was.
 */
import { eachWord, fold, MAX_KNOWN, UNSPACED, WORD, wordTerms, type Analyzer } from './search-terms.js';
import { oneByte } from '../one-byte.js';

/** Per analyzer: words seen before, with their terms (eachTerm's memo holds offsets' raw words too). */
const memos = new WeakMap<Analyzer, Map<string, string[]>>();

/**
 * The terms of a page's `text`, in the order eachTerm gives them with `index` (the same
 * terms), without their offsets or raw words: what the indexer needs. Words come from one
 * `match` (strings only, no match object per word) and a word's terms are looked up once
 * per distinct word (a word's terms memoized without the raw words).
 */
export function eachIndexTerm(text: string, fn: (term: string) => void, a: Analyzer): void {
  let memo = memos.get(a);
  if (!memo) memos.set(a, (memo = new Map<string, string[]>()));
  const emit = (w: string) => {
    let terms = memo.get(w);
    if (terms === undefined) {
      // A word with an unspaced-script letter came from the segmenter (see eachTerm's `plain`).
      terms = UNSPACED.test(w) ? [fold(w)] : wordTerms(a, w, true).map(([term]) => term);
      if (memo.size < MAX_KNOWN) memo.set(w, terms);
    }
    for (let i = 0; i < terms.length; i++) fn(terms[i]);
  };
  // A text with a script written without spaces: eachWord's way, which cuts its runs with Intl.Segmenter.
  if (UNSPACED.test(text)) return eachWord(text, a, emit);
  // Cut from a page with a character past U+00FF, a Latin-1 text is two-byte: WORD runs 4-6 times slower on it (one-byte.ts).
  const words = oneByte(text).match(WORD) ?? [];
  for (let i = 0; i < words.length; i++) emit(words[i]);
}
