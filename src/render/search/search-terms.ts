/**
 * How text becomes search terms, written once as browser JavaScript: the site's search
 * engine (search-engine.ts) ships this source, and the indexer runs the very same
 * source here (`textTerms()`), so a query is cut into terms exactly as the pages were.
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
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installedPackageDir } from '../installed-package.js';

/** Calls `fn(term, start, end, raw)` per term: `raw` is the folded word before stemming. */
export type EachTerm = (text: string, fn: (term: string, start: number, end: number, raw: string) => void, index: boolean) => void;

const TERMS_JS = String.raw`
var WORD = /[\p{L}\p{N}]+(?:[._'\u2019-]+[\p{L}\p{N}]+)*/gu;
var SPLIT = /[._'\u2019-]|\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
var PART = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{N}]+|[\p{Lu}\p{N}]+|[\p{L}\p{N}]+/gu;
function fold(word) {
  var w = word.toLowerCase();
  return /[^\x00-\x7f]/.test(w) ? w.normalize('NFKD').replace(/\p{M}+/gu, '') : w;
}
function stem(word) {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
  return porter2.stem(word);
}
// A word's terms as [term, raw] pairs. A joined word gives its parts (two characters
// or more) and the whole word run together when indexing; in a query only the whole.
function wordTerms(word, index) {
  if (!SPLIT.test(word)) {
    var raw = fold(word);
    return [[stem(raw), raw]];
  }
  var parts = [];
  var pieces = word.split(/[._'\u2019-]+/);
  for (var i = 0; i < pieces.length; i++) {
    var found = pieces[i].match(PART);
    if (found) for (var j = 0; j < found.length; j++) parts.push(fold(found[j]));
  }
  var whole = parts.join('');
  var joined = stem(whole);
  var out = [];
  if (index) {
    for (var k = 0; k < parts.length; k++) {
      var term = parts[k].length < 2 ? '' : stem(parts[k]);
      if (term && term !== joined) out.push([term, parts[k]]);
    }
  }
  out.push([joined, whole]);
  return out;
}
// Words seen before, with their terms: a site repeats its vocabulary (a cap keeps a
// site of unique tokens from growing it without end).
var known = [new Map(), new Map()];
function eachTerm(text, fn, index) {
  var memo = known[index ? 1 : 0];
  WORD.lastIndex = 0;
  for (var m; (m = WORD.exec(text)); ) {
    var word = m[0], start = m.index, end = start + word.length;
    var terms = memo.get(word);
    if (terms === undefined) {
      terms = wordTerms(word, index);
      if (memo.size < 200000) memo.set(word, terms);
    }
    for (var t = 0; t < terms.length; t++) fn(terms[t][0], start, end, terms[t][1]);
  }
}
`;

/** The stemmer package's source, run in a scope of its own with `porter2.stem` as its export. */
function porter2Js(): { source: string; notice: string } {
  const dir = installedPackageDir('porter2');
  const code = readFileSync(join(dir, 'dist', 'index.js'), 'utf8');
  const notice = readFileSync(join(dir, 'LICENSE'), 'utf8').trim();
  return { source: `var porter2 = (function () { var exports = {};\n${code}\nreturn exports; })();`, notice };
}

let cached: { source: string; notice: string } | undefined;

/** Browser JavaScript defining `fold`, `stem` and `eachTerm` (and the stemmer's notice, a comment). */
export function termsSource(): { source: string; notice: string } {
  if (!cached) {
    const stemmer = porter2Js();
    cached = { source: `${stemmer.source}\n${TERMS_JS.trim()}\n`, notice: stemmer.notice };
  }
  return cached;
}

let compiled: { eachTerm: EachTerm } | undefined;

/** The same `eachTerm`, compiled here for the indexer. */
export function textTerms(): { eachTerm: EachTerm } {
  // The browser runs termsSource() as text; compiling the very same text here keeps the
  // indexer's terms identical to the browser's.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source is Quire's own constant, not input
  compiled ??= (new Function(`${termsSource().source}\nreturn { eachTerm: eachTerm };`) as () => { eachTerm: EachTerm })();
  return compiled;
}
