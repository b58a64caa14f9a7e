/**
 * How text becomes search terms, one module for both sides: the indexer imports it
 * here, and the site's search engine (render/browser/search-engine.ts) bundles it, so
 * a query is cut into terms exactly as the pages were. No Node or DOM API in here.
 *
 * - A word is a run of letters and digits, joined by `.`, `_`, `-` or an apostrophe
 *   (`api-key`, `snake_case`, `v1.2`, `user's`).
 * - A joined or camelCase word (`retryLimit`, `HTTPServer`) is indexed as its parts
 *   of two characters or more and as the whole word run together (`retrylimit`), so a
 *   query finds it by a part or by the whole. A joined word in a query stands for its
 *   whole: `retry_limit` finds `retryLimit` and `retry-limit`.
 * - Terms are lowercased, accents folded (`café` -> `cafe`), and plain a-z words reduced
 *   to their English stem by the Porter2 (Snowball English) stemmer of the `porter2`
 *   package, whose source ships with the engine under its MIT notice.
 */
import { stem as porter2Stem } from 'porter2';

/** Called per term: `raw` is the folded word before stemming. */
export type OnTerm = (term: string, start: number, end: number, raw: string) => void;

const WORD = /[\p{L}\p{N}]+(?:[._'\u2019-]+[\p{L}\p{N}]+)*/gu;
const SPLIT = /[._'\u2019-]|\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
const PART = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{N}]+|[\p{Lu}\p{N}]+|[\p{L}\p{N}]+/gu;

/** Lowercased, accents folded. */
export function fold(word: string): string {
  const w = word.toLowerCase();
  return /[\u0080-\uffff]/.test(w) ? w.normalize('NFKD').replace(/\p{M}+/gu, '') : w;
}

/** The English stem of a plain a-z word of three letters or more; any other word as it is. */
export function stem(word: string): string {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
  return porter2Stem(word);
}

/**
 * A word's terms as [term, raw] pairs. A joined word gives its parts (two characters
 * or more) and the whole word run together when indexing; in a query only the whole.
 */
function wordTerms(word: string, index: boolean): [string, string][] {
  if (!SPLIT.test(word)) {
    const raw = fold(word);
    return [[stem(raw), raw]];
  }
  const parts: string[] = [];
  for (const piece of word.split(/[._'\u2019-]+/)) {
    for (const found of piece.match(PART) ?? []) parts.push(fold(found));
  }
  const whole = parts.join('');
  const joined = stem(whole);
  const out: [string, string][] = [];
  if (index) {
    for (const part of parts) {
      const term = part.length < 2 ? '' : stem(part);
      if (term && term !== joined) out.push([term, part]);
    }
  }
  out.push([joined, whole]);
  return out;
}

// Words seen before, with their terms: a site repeats its vocabulary (a cap keeps a
// site of unique tokens from growing it without end).
const MAX_KNOWN = 200_000;
const known = [new Map<string, [string, string][]>(), new Map<string, [string, string][]>()];

/** Calls `fn` for each term of `text`, in order; `index` says whether it is a page (else a query). */
export function eachTerm(text: string, fn: OnTerm, index: boolean): void {
  const memo = known[index ? 1 : 0];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    const word = m[0];
    const start = m.index;
    const end = start + word.length;
    let terms = memo.get(word);
    if (terms === undefined) {
      terms = wordTerms(word, index);
      if (memo.size < MAX_KNOWN) memo.set(word, terms);
    }
    for (const [term, raw] of terms) fn(term, start, end, raw);
  }
}
