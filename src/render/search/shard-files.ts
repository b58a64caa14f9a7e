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
import { headingKey, termsOf, type Analyzer } from './search-terms.js';
import { eachIndexTerm } from './index-terms.js';

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

/**
 * What a page's body (its sections, not its title) puts into a shard: its terms with their
 * weights, its word count and its entry of the page-text files. It depends only on the
 * sections and the analyzer, so it is kept between exports by the body's content key
 * (page-terms-cache.ts): a shard rebuilt after an edit works out only the edited page's.
 */
export interface BodyTerms {
  /** Each term once, in the order first met. */
  terms: string[];
  /** The weight of each term of `terms`. */
  weights: number[];
  /** Words of the sections (the title's are added per shard). */
  length: number;
  /** The page's entry of `pages.<hash>.json`. */
  fragment: string;
}

export function bodyTerms(sections: SearchSection[], analyzer: Analyzer): BodyTerms {
  const weights = new Map<string, number>();
  let length = 0;
  const add = (text: string, weight: number) =>
    eachIndexTerm(text, (term) => {
      weights.set(term, (weights.get(term) ?? 0) + weight);
      length++;
    }, analyzer);
  for (const s of sections) {
    if (s.heading) {
      add(s.heading, headingWeight(s.level));
      // the heading whole, so a query that is a heading finds it (search-query.ts)
      const key = headingKey(termsOf(s.heading, analyzer));
      if (key.length > 1) weights.set(key, Math.max(weights.get(key) ?? 0, 1));
    }
    add(s.text, 1);
  }
  return { terms: [...weights.keys()], weights: [...weights.values()], length, fragment: JSON.stringify(sections.map((s) => [s.anchor, s.heading, s.text])) };
}

export function buildShardFiles(pages: IndexedPage[], analyzer: Analyzer): Map<string, Uint8Array> {
  return buildShardFilesFrom(pages.map((p) => ({ url: p.url, title: p.title, boost: p.boost, body: bodyTerms(p.sections, analyzer) })), analyzer);
}

/**
 * A shard's files from each page's title and body terms. The title's terms are added to
 * the body's: weights are sums and a heading's entry (U+0001...) never meets a title word,
 * so the result is the same as working out the whole page at once.
 */
export function buildShardFilesFrom(pages: (Omit<IndexedPage, 'sections'> & { body: BodyTerms })[], analyzer: Analyzer): Map<string, Uint8Array> {
  /** term -> [page, weight, page, weight, ...], pages ascending. */
  const postings = new Map<string, number[]>();
  const lengths: number[] = [];
  const post = (term: string, page: number, weight: number) => {
    const list = postings.get(term);
    if (list) list.push(page, weight);
    else postings.set(term, [page, weight]);
  };
  pages.forEach((page, i) => {
    const title = new Map<string, number>();
    let length = page.body.length;
    eachIndexTerm(page.title, (term) => {
      title.set(term, (title.get(term) ?? 0) + TITLE_WEIGHT);
      length++;
    }, analyzer);
    lengths.push(length);
    const { terms, weights } = page.body;
    for (let t = 0; t < terms.length; t++) {
      const extra = title.get(terms[t]);
      if (extra !== undefined) title.delete(terms[t]);
      post(terms[t], i, weights[t] + (extra ?? 0));
    }
    for (const [term, weight] of title) post(term, i, weight);
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
  const fragments = cut('pages.json', pages.map((page) => page.body.fragment), PAGES_BYTES);

  const index = {
    version: SEARCH_FORMAT_VERSION,
    pages: pages.map((p, i) => (p.boost !== undefined && p.boost !== 1 ? [p.url, p.title, lengths[i], p.boost] : [p.url, p.title, lengths[i]])),
    terms,
    fragments,
  };
  files.set('index.json', encoder.encode(JSON.stringify(index)));
  return new Map([...files].sort(([a], [b]) => byCodeUnit(a, b)));
}
