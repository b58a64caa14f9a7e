/**
 * Phrases in search: how close together a page holds the query's words. The index keeps
 * no word positions (they would double the dictionary a query downloads), so the engine
 * (search-query.ts) checks the text of its best candidates, the text it loads anyway for
 * their excerpts, and:
 *
 * - a quoted part of a query (`"rate limit"`, an unclosed quote running to the end) puts
 *   the pages holding those words side by side, in that order, first;
 * - a query of two words or more without quotes adds to a page's score the closer its
 *   words stand: the whole bonus for the words in order side by side (in the title, a
 *   heading or a paragraph), less for a few words apart or in another order.
 *
 * Positions count words: the parts of a joined word (`retryLimit`) take one each, and
 * the whole run together its first and last part's, so `retry limit` is a phrase of
 * `retryLimit`, and `full-text search` one of `Full-text search`.
 */
import { eachTerm, type Analyzer } from './search-terms.js';
import type { Section } from './search-excerpt.js';

/** What a page's phrase fit adds to its score, at most: less than a title made of the query's words. */
export const PHRASE_SCORE = 30;
/** A phrase in a heading, in running text: worth less than in the title, as single words are. */
const HEADING_WEIGHT = 0.75;
const TEXT_WEIGHT = 0.5;
/** Words between the first and last of the query's words past which they no longer count as close. */
const NEAR = 4;

/** The quoted parts of a query (`"`, `“…”`); an unclosed quote runs to the end, as when still typing. */
export function quotedParts(query: string): string[] {
  const out: string[] = [];
  const re = /["\u201C\u201D\u201E]([^"\u201C\u201D\u201E]*)(?:["\u201C\u201D\u201E]|$)/g;
  for (let m = re.exec(query); m; m = re.exec(query)) if (m[1].trim()) out.push(m[1]);
  return out;
}

/** For each word position of `text`, the query words (bits) its terms match. */
function positions(text: string, a: Analyzer, wordsOf: (term: string) => number): number[] {
  const out: number[] = [];
  let group: [string, number][] = [];
  const flush = () => {
    if (!group.length) return;
    // a joined word: its parts one position each, the whole (last) at the first part's
    const parts = group.length > 1 ? group.slice(0, -1) : group;
    const at = out.length;
    for (const [term] of parts) out.push(wordsOf(term));
    // the whole at its first part's place and its last's, so it meets the words on either side
    if (group.length > 1) {
      const whole = wordsOf(group[group.length - 1][0]);
      out[at] |= whole;
      out[out.length - 1] |= whole;
    }
    group = [];
  };
  let last = -1;
  eachTerm(text, (term, start) => {
    if (start !== last) flush();
    last = start;
    group.push([term, start]);
  }, true, a);
  flush();
  return out;
}

/** How well one run of text holds `phrase` (query word bits in order): 1 side by side in order, less apart, 0 not near. */
function fitIn(at: number[], phrase: number[]): number {
  const n = phrase.length;
  for (let p = 0; p + n <= at.length; p++) {
    let k = 0;
    while (k < n && at[p + k] & phrase[k]) k++;
    if (k === n) return 1;
  }
  // the shortest run of words holding each of the phrase's words, in any order
  const all = phrase.reduce((x, b) => x | b, 0);
  let best = Infinity;
  for (let p = 0; p < at.length; p++) {
    if (!(at[p] & all)) continue;
    let seen = 0;
    for (let q = p; q < at.length && q - p < n + NEAR; q++) {
      for (const bit of phrase) if (at[q] & bit) seen |= bit;
      if (seen === all) {
        best = Math.min(best, q - p + 1);
        break;
      }
    }
  }
  return best === Infinity ? 0 : (0.5 * n) / best;
}

export interface PhraseFit {
  /** 1: the words side by side in order in the title; less the farther apart, or in a heading or text; 0: not close anywhere. */
  fit: number;
  /** Where: the section's index, or -1 for the title. */
  section: number;
}

/**
 * How closely a page (its title and sections) holds `phrase`, the query word bits in
 * order; in a heading or running text less than in the title, as for single words.
 * `exact`: whether the words stand side by side in order somewhere.
 */
export function phraseFit(title: string, sections: Section[], phrase: number[], a: Analyzer, wordsOf: (term: string) => number): PhraseFit & { exact: boolean } {
  let best: PhraseFit = { fit: fitIn(positions(title, a, wordsOf), phrase), section: -1 };
  let exact = best.fit === 1;
  for (let i = 0; i < sections.length && best.fit < 1; i++) {
    for (const [text, weight] of [[sections[i][1], HEADING_WEIGHT], [sections[i][2], TEXT_WEIGHT]] as const) {
      const fit = fitIn(positions(text, a, wordsOf), phrase);
      exact ||= fit === 1;
      if (fit * weight > best.fit) best = { fit: fit * weight, section: i };
    }
  }
  return { ...best, exact };
}
