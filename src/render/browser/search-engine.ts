/**
 * The search engine every exported site ships (`assets/search.<hash>.js`, an ES module
 * the site script imports on the first search). It reads the shard files of
 * search/shard-files.ts over plain `fetch`, relative to the site, so it works from any
 * static host with no outside request.
 *
 * `createSearch(searchDirUrl, shards).search(query, limit)` resolves to results
 * `{ url, title, section, excerpt }`, best first:
 * - A query is cut into terms as the pages were (search/search-terms.ts). Every term also
 *   matches longer ones it begins (`conf` finds `configuration`), and a word still being
 *   typed past its stem (`deploym`) matches the stem (`deploy`); exact terms rank higher.
 * - A page must hold every term; if none does, pages holding some of them are shown,
 *   those with more first. Ranking is BM25 over every shard together.
 * - `section` is the heading (and `url` its anchor) of the part of the page with the
 *   most hits, unless that is the part before any heading; `excerpt` is about 24 words
 *   around the hits, as `[text, hit]` pairs for the page to escape and mark.
 */
import { eachTerm, stem } from '../search/search-terms.js';
import { describe, type Section } from './search-excerpt.js';

export type { SearchResult } from './search-excerpt.js';

const K1 = 1.2;
const B = 0.75;

/** A shard's `index.json`. */
interface ShardMeta {
  pages: [url: string, title: string, length: number][];
  terms: [firstTerm: string, file: string][];
  fragments: [file: string, firstPage: number][];
}

interface Shard {
  dir: string;
  meta: ShardMeta;
  files: Map<string, Promise<unknown>>;
}

interface QueryWord {
  term: string;
  raw: string;
  partial: boolean;
}

interface Match {
  term: string;
  weight: number;
  /** [page, tf, page, tf, ...] */
  postings: number[];
}

/** Index of the last entry whose first item is at most `key`, or -1. */
function lastAtMost<T>(list: [T, ...unknown[]][], key: T): number {
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid][0] <= key) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** How well dictionary term t stands for query word q (0: not at all). */
function matchWeight(q: QueryWord, t: string): number {
  if (t === q.term) return 1;
  if (q.term.length >= 2 && t.length > q.term.length && t.startsWith(q.term)) return 0.5 + (0.4 * q.term.length) / t.length;
  if (q.partial && t.length >= 4 && t.length >= q.raw.length - 4 && t.length < q.raw.length && q.raw.startsWith(t)) return 0.8;
  return 0;
}

/** Dictionary slices of a shard that may hold terms matching q. */
function slicesFor(meta: ShardMeta, q: QueryWord): number[] {
  const terms = meta.terms;
  const i = Math.max(0, lastAtMost(terms, q.term));
  const out = [i];
  if (q.term.length >= 2) for (let j = i + 1; j < terms.length && terms[j][0].startsWith(q.term); j++) out.push(j);
  if (q.partial) for (let n = Math.max(4, q.raw.length - 4); n < q.raw.length; n++) out.push(Math.max(0, lastAtMost(terms, q.raw.slice(0, n))));
  return out;
}

/**
 * The query's terms. The word the query ends on (no space after it yet) may be still
 * being typed: it is marked partial unless the stemmer already shortened it.
 */
function queryWords(query: string): QueryWord[] {
  const seen = new Map<string, QueryWord>();
  eachTerm(query, (term, _start, end, raw) => {
    const word = seen.get(term) ?? { term, raw, partial: false };
    word.partial = end === query.length && stem(raw) === raw;
    seen.set(term, word);
  }, false);
  return Array.from(seen.values());
}

async function json(url: string): Promise<unknown> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`search index: ${r.status} for ${url}`);
  return r.json();
}

/** `readJson` loads one index file by URL (plain `fetch` in the browser; `quire host`'s MCP endpoint reads the bundle). */
export function createSearch(base: string, shardCount: number, readJson: (url: string) => Promise<unknown> = json) {
  let shards: Promise<Shard[]> | null = null;
  function load(): Promise<Shard[]> {
    if (!shards) {
      const dirs: string[] = [];
      for (let s = 0; s < shardCount; s++) dirs.push(new URL(s === 0 ? './' : `shard-${s}/`, base).href);
      shards = Promise.all(dirs.map(async (dir) => ({ dir, meta: (await readJson(`${dir}index.json`)) as ShardMeta, files: new Map() })));
      // a failed index load is retried by the next search, which reports it
      shards.catch(() => {
        shards = null;
      });
    }
    return shards;
  }
  /** A shard file, fetched once (and again after a failure). */
  function once<T>(shard: Shard, file: string, read: (data: unknown) => T): Promise<T> {
    const memo = shard.files;
    let got = memo.get(file) as Promise<T> | undefined;
    if (!got) {
      got = readJson(file).then(read);
      got.catch(() => memo.delete(file)); // not kept, so the next search fetches again; this one rejects itself
      memo.set(file, got);
    }
    return got;
  }
  function slice(shard: Shard, i: number): Promise<Map<string, number[]>> {
    return once(shard, shard.dir + shard.meta.terms[i][1], (entries) => new Map(entries as [string, number[]][]));
  }
  function run(shard: Shard, i: number): Promise<Section[][]> {
    return once(shard, shard.dir + shard.meta.fragments[i][0], (pages) => pages as Section[][]);
  }

  async function search(query: unknown, limit?: number) {
    limit = limit || 10;
    const words = queryWords(typeof query === 'string' ? query : '');
    if (!words.length) return [];
    const list = await load();
    // per shard, per word: the dictionary terms it matches, with their weight and postings
    const matched = await Promise.all(list.map(async (shard) => {
      if (!shard.meta.terms.length) return words.map((): Match[] => []);
      return Promise.all(words.map(async (q) => {
        const wanted = Array.from(new Set(slicesFor(shard.meta, q)));
        const maps = await Promise.all(wanted.map((i) => slice(shard, i)));
        const found: Match[] = [];
        for (const map of maps) {
          map.forEach((postings, t) => {
            const w = matchWeight(q, t);
            if (w > 0) found.push({ term: t, weight: w, postings });
          });
        }
        return found;
      }));
    }));
    let total = 0;
    let length = 0;
    const df = new Map<string, number>();
    list.forEach((shard, s) => {
      total += shard.meta.pages.length;
      for (const p of shard.meta.pages) length += p[2];
      // a term two query words both match counts once
      const counted = new Set<string>();
      for (const found of matched[s]) {
        for (const f of found) {
          if (counted.has(f.term)) continue;
          counted.add(f.term);
          df.set(f.term, (df.get(f.term) ?? 0) + f.postings.length / 2);
        }
      }
    });
    const average = total ? length / total : 1;
    const scored: { shard: Shard; page: number; held: number; score: number; terms: Set<string>; url: string }[] = [];
    list.forEach((shard, s) => {
      const pages = shard.meta.pages;
      const byPage = new Map<number, { best: number[]; terms: Set<string> }>();
      matched[s].forEach((found, w) => {
        for (const f of found) {
          const n = df.get(f.term)!;
          const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5));
          for (let i = 0; i < f.postings.length; i += 2) {
            const page = f.postings[i];
            const tf = f.postings[i + 1];
            const norm = (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * pages[page][2]) / average));
            const score = f.weight * idf * norm;
            let row = byPage.get(page);
            if (!row) byPage.set(page, (row = { best: new Array<number>(words.length).fill(0), terms: new Set() }));
            if (score > row.best[w]) row.best[w] = score;
            row.terms.add(f.term);
          }
        }
      });
      byPage.forEach((row, page) => {
        const held = row.best.filter((x) => x > 0).length;
        const sum = row.best.reduce((a, b) => a + b, 0);
        scored.push({ shard, page, held, score: sum, terms: row.terms, url: pages[page][0] });
      });
    });
    let all = scored.filter((r) => r.held === words.length);
    if (!all.length) all = scored;
    all.sort((a, b) => b.held - a.held || b.score - a.score || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    return Promise.all(all.slice(0, limit).map(async (r) => {
      const fragments = r.shard.meta.fragments;
      const f = lastAtMost(fragments.map((x): [number] => [x[1]]), r.page);
      const sections = (await run(r.shard, f))[r.page - fragments[f][1]];
      const p = r.shard.meta.pages[r.page];
      return describe({ url: p[0], title: p[1] }, sections, r.terms);
    }));
  }

  return { search };
}
