/**
 * How text becomes search terms, one module for both sides: the indexer imports it
 * here, and the site's search engine (search-query.ts, bundled for the browser) too, so
 * a query is cut into terms exactly as the pages were. No Node or DOM API in here.
 *
 * - A word is a run of letters and digits, joined by `.`, `_`, `-` or an apostrophe
 *   (`api-key`, `snake_case`, `v1.2`, `user's`). A run in a script written without
 *   spaces (Han, kana, Thai, Lao, Khmer, Myanmar) is cut into words by
 *   `Intl.Segmenter` (ICU's dictionaries), so `検索エンジンを使う` gives `検索`, `エンジン`...
 * - A joined or camelCase word (`retryLimit`, `HTTPServer`) is indexed as its parts
 *   of two characters or more and as the whole word run together (`retrylimit`), so a
 *   query finds it by a part or by the whole. A joined word in a query stands for its
 *   whole: `retry_limit` finds `retryLimit` and `retry-limit`.
 * - Terms are lowercased, reduced to their stem by the analyzer's language stemmer
 *   (search/stemmers.ts; none for a language without one) and accents folded
 *   (`café` -> `cafe`). English folds first (Porter2 works on a-z); the other Snowball
 *   stemmers know their own letters (`häuser` -> `haus`), so they stem first.
 */

export type Stemmer = (word: string) => string;

/** Called per term: `raw` is the folded word before stemming. */
export type OnTerm = (term: string, start: number, end: number, raw: string) => void;

/** A language's way of turning words into terms. */
export interface Analyzer {
  /** BCP 47 tag, as the index's scope names it. */
  lang: string;
  stem(word: string): string;
  /** Words seen before, with their terms, for a query [0] and for pages [1]. */
  memo: [Map<string, [string, string][]>, Map<string, [string, string][]>];
  segmenter: { segment(text: string): Iterable<{ segment: string; index: number; isWordLike?: boolean }> } | undefined;
}

// Marks belong to their letter: Devanagari vowel signs, Thai tone marks.
export const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:[._'\u2019-]+[\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*/gu;
const SPLIT = /[._'\u2019-]|\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
const PART = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{N}]+|[\p{Lu}\p{N}]+|[\p{L}\p{M}\p{N}]+/gu;
/** Scripts written without spaces between words. */
export const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const LETTERS = /^[\p{L}\p{M}]+$/u;

/** Latin letters with diacritics (and ligatures such as `ﬁ`): what folding touches. */
const ACCENTED = /[\u00C0-\u024F\u1E00-\u1EFF\uFB00-\uFB06]/g;

/**
 * Lowercased, accents of Latin letters folded (`é` -> `e`). Only Latin: a kana's voicing
 * mark (`ジ`) or a Devanagari vowel sign is part of the letter, not an accent.
 */
export function fold(word: string): string {
  const w = word.toLowerCase();
  return /[\u00C0-\uFB06]/.test(w) ? w.replace(ACCENTED, (c) => c.normalize('NFKD').replace(/\p{M}+/gu, '')) : w;
}

/** An analyzer for `lang` stemming with `stemmer` (none: words are only lowercased and folded). */
export function createAnalyzer(lang: string, stemmer?: Stemmer): Analyzer {
  const english = /^en\b/i.test(lang);
  const stem = (word: string): string => {
    if (!stemmer) return fold(word);
    if (english) {
      const folded = fold(word);
      return folded.length >= 3 && /^[a-z]+$/.test(folded) ? stemmer(folded) : folded;
    }
    const lower = word.toLowerCase();
    return fold(lower.length >= 3 && LETTERS.test(lower) ? stemmer(lower) : lower);
  };
  let segmenter: Analyzer['segmenter'];
  const Seg = (Intl as unknown as { Segmenter?: new (l: string, o: object) => Analyzer['segmenter'] }).Segmenter;
  if (Seg) {
    try {
      segmenter = new Seg(lang, { granularity: 'word' });
    } catch {
      segmenter = new Seg('en', { granularity: 'word' }); // an unknown tag: ICU's dictionaries do not depend on it
    }
  }
  return { lang, stem, memo: [new Map<string, [string, string][]>(), new Map<string, [string, string][]>()], segmenter };
}

/**
 * A word's terms as [term, raw] pairs. A joined word gives its parts (two characters
 * or more) and the whole word run together when indexing; in a query only the whole.
 */
export function wordTerms(a: Analyzer, word: string, index: boolean): [string, string][] {
  if (!SPLIT.test(word)) return [[a.stem(word), fold(word)]];
  const parts: string[] = [];
  for (const piece of word.split(/[._'\u2019-]+/)) {
    for (const found of piece.match(PART) ?? []) parts.push(found);
  }
  const whole = parts.join('');
  const joined = a.stem(whole);
  const out: [string, string][] = [];
  if (index) {
    for (const part of parts) {
      const term = part.length < 2 ? '' : a.stem(part);
      if (term && term !== joined) out.push([term, fold(part)]);
    }
  }
  out.push([joined, fold(whole)]);
  return out;
}

// A site repeats its vocabulary (a cap keeps a site of unique tokens from growing the memo without end).
export const MAX_KNOWN = 200_000;

/**
 * `s` as a string of its own, for a memo's key. A word matched or cut out of a page's text is,
 * past 12 characters, a view into that text in V8 (a sliced string), which keeps the whole
 * text alive: the memos' keys kept 462 of Mintlify's docs' pages' HTML (13.7 MB) to the end of
 * the export. Sliced again, a concatenation is cut from a flat copy of it (V8 flattens it
 * first): the key keeps only itself and a character.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

/**
 * The words of runs with no spaces (WORD matches), cut by Intl.Segmenter: per run, each word
 * with its offset in the run. The runs are segmented as one text, joined by line breaks (a
 * word boundary in every case, UAX #29 WB3a/b): one segmenter call per text, not per run.
 * Over the 267 Chinese pages of Mintlify's docs the words and offsets are the same as run by
 * run, 2.6 times faster (ICU's per-call set-up dominated: many runs are a few characters
 * between Latin words). Hence too a run's words depend on the run alone (index-terms.ts keeps
 * them). Without Intl.Segmenter each character is a word.
 */
export function segmentRuns(a: Analyzer, runs: readonly string[]): [string, number][][] {
  const words = runs.map((): [string, number][] => []);
  if (!a.segmenter) {
    runs.forEach((run, r) => {
      for (let i = 0; i < run.length; i++) words[r].push([run[i], i]);
    });
    return words;
  }
  const starts: number[] = [];
  let at = 0;
  for (const run of runs) {
    starts.push(at);
    at += run.length + 1;
  }
  let r = 0;
  for (const s of a.segmenter.segment(runs.join('\n'))) {
    while (r + 1 < starts.length && starts[r + 1] <= s.index) r++;
    if (s.isWordLike !== false && /[\p{L}\p{N}]/u.test(s.segment)) words[r].push([s.segment, s.index - starts[r]]);
  }
  return words;
}

/** Calls `emit` for each word of `text` in order; `unspaced` for a word cut from a run with no spaces. */
export function eachWord(text: string, a: Analyzer, emit: (word: string, start: number, unspaced: boolean) => void): void {
  const re = new RegExp(WORD.source, 'gu');
  if (!UNSPACED.test(text)) {
    for (let m = re.exec(text); m; m = re.exec(text)) emit(m[0], m.index, false);
    return;
  }
  const matches: RegExpExecArray[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) matches.push(m);
  const runs = matches.filter((m) => UNSPACED.test(m[0]));
  const cut = segmentRuns(a, runs.map((run) => run[0]));
  let r = 0;
  for (const m of matches) {
    if (runs[r] !== m) emit(m[0], m.index, false);
    else for (const [w, offset] of cut[r++]) emit(w, m.index + offset, true);
  }
}

/** Calls `fn` for each term of `text`, in order; `index` says whether it is a page (else a query). */
export function eachTerm(text: string, fn: OnTerm, index: boolean, a: Analyzer): void {
  const memo = a.memo[index ? 1 : 0];
  const word = (w: string, start: number, plain: boolean) => {
    const end = start + w.length;
    let terms = memo.get(w);
    if (terms === undefined) {
      terms = plain ? [[fold(w), fold(w)]] : wordTerms(a, w, index);
      if (memo.size < MAX_KNOWN) memo.set(ownString(w), terms);
    }
    for (const [term, raw] of terms) fn(term, start, end, raw);
  };
  eachWord(text, a, (w, start, unspaced) => word(w, start, unspaced && UNSPACED.test(w)));
}

/** The terms of `text` in order (a query's, unless `index`). */
export function termsOf(text: string, a: Analyzer, index = false): string[] {
  const out: string[] = [];
  eachTerm(text, (term) => out.push(term), index, a);
  return out;
}

/**
 * The dictionary entry of a heading as a whole: its query terms after U+0001, which sorts
 * before every word, so these entries never meet a word's lookup or prefix.
 */
export function headingKey(terms: string[]): string {
  return `\u0001${terms.join(' ')}`;
}
