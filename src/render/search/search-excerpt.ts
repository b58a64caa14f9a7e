/**
 * What the search engine shows of a result: the section of the page with the most hits
 * (a hit in its heading counts three times) and about 24 words of it around the hits,
 * as `[text, hit]` pairs for the page to escape and mark.
 */
import { eachTerm, type Analyzer } from './search-terms.js';

const EXCERPT_WORDS = 24;

/** One part of a page in a shard's page-text file: [anchor, heading, text]. */
export type Section = [anchor: string, heading: string, text: string];

export interface SearchResult {
  url: string;
  title: string;
  section: string | undefined;
  excerpt: [text: string, hit: boolean][];
}

/** Where the words of `text` whose terms are in `hits` start and end. */
function hitRanges(text: string, hits: Set<string>, a: Analyzer): [number, number][] {
  const ranges: [number, number][] = [];
  eachTerm(text, (term, start, end) => {
    if (hits.has(term) && (!ranges.length || ranges[ranges.length - 1][0] !== start)) ranges.push([start, end]);
  }, true, a);
  return ranges;
}

function excerpt(text: string, ranges: [number, number][]): [string, boolean][] {
  const words: [start: number, end: number, hit: boolean][] = [];
  const re = /\S+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) words.push([m.index, m.index + m[0].length, false]);
  let r = 0;
  for (const word of words) {
    while (r < ranges.length && ranges[r][1] <= word[0]) r++;
    if (r < ranges.length && ranges[r][0] < word[1]) word[2] = true;
  }
  // the window of EXCERPT_WORDS words with the most hits, the first of equals
  let from = 0;
  let best = -1;
  let count = 0;
  for (let i = 0; i < words.length; i++) {
    if (words[i][2]) count++;
    if (i >= EXCERPT_WORDS && words[i - EXCERPT_WORDS][2]) count--;
    const start = Math.max(0, i - EXCERPT_WORDS + 1);
    if (count > best) {
      best = count;
      from = start;
    }
  }
  // start a little before the first hit of the window, when it does not reach the end
  let firstHit = -1;
  for (let h = from; h < Math.min(words.length, from + EXCERPT_WORDS); h++) {
    if (words[h][2]) {
      firstHit = h;
      break;
    }
  }
  if (firstHit > from + 3) from = Math.min(firstHit - 3, Math.max(0, words.length - EXCERPT_WORDS));
  const to = Math.min(words.length, from + EXCERPT_WORDS);
  const parts: [string, boolean][] = [];
  if (from > 0) parts.push(['\u2026 ', false]);
  for (let k = from; k < to; k++) {
    const word = text.slice(words[k][0], words[k][1]);
    const space = k + 1 < to ? ' ' : '';
    const last = parts[parts.length - 1];
    if (words[k][2]) parts.push([word, true], [space, false]);
    else if (last && !last[1]) last[0] += word + space;
    else parts.push([word + space, false]);
  }
  if (to < words.length) {
    const tail = parts[parts.length - 1];
    if (tail && !tail[1]) tail[0] += ' \u2026';
    else parts.push([' \u2026', false]);
  }
  return parts.filter((p) => p[0] !== '');
}

/**
 * The result of one page, from its sections and the dictionary terms that matched it;
 * `section`: the one to show (where a phrase of the query is), else the one with most hits.
 */
export function describe(entry: { url: string; title: string }, sections: Section[], hits: Set<string>, a: Analyzer, section?: number): SearchResult {
  let best = section !== undefined && section >= 0 && section < sections.length ? section : 0;
  let bestScore = best === section ? Infinity : 0;
  let ranges: [number, number][] = [];
  for (let i = 0; i < sections.length && bestScore < Infinity; i++) {
    const inText = hitRanges(sections[i][2], hits, a);
    const score = hitRanges(sections[i][1], hits, a).length * 3 + inText.length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
      ranges = inText;
    }
  }
  const s: Section = sections[best] ?? ['', '', ''];
  if (!ranges.length) ranges = hitRanges(s[2], hits, a);
  return {
    url: s[0] ? `${entry.url}#${s[0]}` : entry.url,
    title: entry.title,
    section: s[0] ? s[1] : undefined,
    excerpt: excerpt(s[2], ranges),
  };
}
