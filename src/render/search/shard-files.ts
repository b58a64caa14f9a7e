/**
 * One search shard's files, built from its documents in page order (same documents,
 * same bytes). The format is what browser/search-engine.ts reads in the browser:
 *
 * - `index.json`: `{ version, pages: [[url, title, length, boost?]], terms: [[firstTerm, file]],
 *   fragments: [[file, firstPage]] }`. `length` is the page's word count (for ranking),
 *   `boost` its search boost (`boost` in frontmatter or on a group) when not 1.
 * - `terms.<hash>.json`: a slice of the sorted dictionary, `[[term, [page, weight, ...]]]`.
 *   A term's weight in a page counts its words, title words 5 times and heading words 3
 *   times (level 2) or twice (deeper). Each heading is also an entry of its own, its terms
 *   after U+0001 (`headingKey`). The browser loads only the slices a query needs.
 * - `pages.<hash>.json`: the text of a run of pages, `[[[anchor, heading, text], ...]]`
 *   per page, for the result's section and excerpt; loaded for the results shown.
 *
 * Slice and run files are named by their content, so hosts may cache them for good.
 */
import { hashedName } from '../theme/content-hash.js';
import type { SearchSection } from './search-text.js';
import { eachTerm, headingKey, termsOf, type Analyzer } from './search-terms.js';

export const SEARCH_FORMAT_VERSION = 3;

/** What one page puts into the index. */
export interface IndexedPage {
  url: string;
  title: string;
  sections: SearchSection[];
  /** Multiplies the page's score (Mintlify's `boost`). @default 1 */
  boost?: number;
}

/** Aim of a dictionary slice's size: a query loads one or two per word. */
const TERMS_BYTES = 12 * 1024;
/** Aim of a page-text run's size: a result list loads up to ten of them, so small (most pages are 1-4 KB). */
const PAGES_BYTES = 8 * 1024;

const TITLE_WEIGHT = 5;
function headingWeight(level: number): number {
  return level <= 2 ? 3 : 2;
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function buildShardFiles(pages: IndexedPage[], analyzer: Analyzer): Map<string, Uint8Array> {
  /** term -> [page, weight, page, weight, ...], pages ascending. */
  const postings = new Map<string, number[]>();
  const lengths: number[] = [];
  pages.forEach((page, i) => {
    const weights = new Map<string, number>();
    let length = 0;
    const add = (text: string, weight: number) =>
      eachTerm(text, (term) => {
        weights.set(term, (weights.get(term) ?? 0) + weight);
        length++;
      }, true, analyzer);
    add(page.title, TITLE_WEIGHT);
    for (const s of page.sections) {
      if (s.heading) {
        add(s.heading, headingWeight(s.level));
        // the heading whole, so a query that is a heading finds it (search-query.ts)
        const key = headingKey(termsOf(s.heading, analyzer));
        if (key.length > 1) weights.set(key, Math.max(weights.get(key) ?? 0, 1));
      }
      add(s.text, 1);
    }
    lengths.push(length);
    for (const [term, weight] of weights) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(i, weight);
    }
  });

  const files = new Map<string, Uint8Array>();
  const encoder = new TextEncoder();
  /** JSON entries cut into files of about `bytes` each (`name` plus a content hash): each file's name and first entry index. */
  const cut = (name: string, entries: string[], bytes: number): [string, number][] => {
    const out: [string, number][] = [];
    let first = 0;
    let size = 0;
    entries.forEach((entry, i) => {
      size += entry.length + 1;
      if (size < bytes && i < entries.length - 1) return;
      const content = encoder.encode(`[${entries.slice(first, i + 1).join(',')}]`);
      const file = hashedName(name, content);
      files.set(file, content);
      out.push([file, first]);
      first = i + 1;
      size = 0;
    });
    return out;
  };

  const sorted = [...postings.keys()].sort(byCodeUnit);
  const terms = cut('terms.json', sorted.map((term) => `[${JSON.stringify(term)},[${postings.get(term)!.join(',')}]]`), TERMS_BYTES)
    .map(([file, first]): [string, string] => [sorted[first], file]);
  const fragments = cut('pages.json', pages.map((page) => JSON.stringify(page.sections.map((s) => [s.anchor, s.heading, s.text]))), PAGES_BYTES);

  const index = {
    version: SEARCH_FORMAT_VERSION,
    pages: pages.map((p, i) => (p.boost !== undefined && p.boost !== 1 ? [p.url, p.title, lengths[i], p.boost] : [p.url, p.title, lengths[i]])),
    terms,
    fragments,
  };
  files.set('index.json', encoder.encode(JSON.stringify(index)));
  return new Map([...files].sort(([a], [b]) => byCodeUnit(a, b)));
}
