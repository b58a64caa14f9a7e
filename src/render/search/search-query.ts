/**
 * Answers a query from an exported site's search index (search-scopes.ts, shard-files.ts)
 * with ranked results. No Node or DOM API: the browser's engine (browser/search-engine.ts)
 * runs it over `fetch`, Node code (search-bundle.ts: the MCP tool, bench:search) over the
 * files of a bundle, so both rank alike.
 *
 * - Scopes: the ones named, else those of the language and version asked for, else all.
 * - A query is cut into terms by each scope's analyzer, as its pages were. A term also
 *   matches longer ones it begins (`conf` finds `configuration`), weakly unless it is the
 *   word still being typed; that word, typed past its stem (`deploym`), matches the stem.
 * - A page must hold every word; if none does, pages holding some of them come, those
 *   with more first. Among them the score is `boost x (title + text)`: `title` is 100 for a
 *   title made of the query's words (`Code groups` for `code groups`), less the more other
 *   words the title has, and small when it holds only some, 2 more when its words are
 *   the query's as typed and not only by stem; or 50 when that is more and a heading is
 *   the query's words (two or more); `text` is BM25 over the page's words (title words
 *   count 5 times, headings 3 or 2), averaged per query word, so a page's text rarely
 *   outweighs a title. An exact word always beats a prefix.
 * - Phrases (search-phrase.ts): among the best candidates, those holding the query's words
 *   side by side gain up to 30; a quoted part of the query puts the pages holding it
 *   word for word first.
 */
import { createAnalyzer, eachTerm, headingKey, termsOf, type Analyzer, type Stemmer } from './search-terms.js';
import { describe, type SearchResult, type Section } from './search-excerpt.js';
import { PHRASE_SCORE, phraseFit, quotedParts } from './search-phrase.js';
import type { ScopeEntry } from './search-scopes.js';

export type { SearchResult } from './search-excerpt.js';
export type { ScopeEntry } from './search-scopes.js';

export interface SearchSource {
  /** A JSON file of the index by its path under `search/` (`scopes.json`, `en/index.json`). */
  json(path: string): Promise<unknown>;
  /** The stemmer a scope names (undefined: it has none). */
  stemmer(scope: ScopeEntry): Promise<Stemmer | undefined>;
}

export interface QueryOptions {
  /** @default 10 */
  limit?: number;
  /** Scope ids (`en`, `fr--v2`) to search; wins over `language` and `version`. */
  scopes?: string[];
  /** A language code as docs.json writes it, or its BCP 47 tag (`fr`, `zh-CN`). */
  language?: string;
  version?: string;
}

export interface RankedResult extends SearchResult {
  scope: string;
  language?: string;
  version?: string;
  score: number;
}

/** What a heading made of the query's words (two or more) is worth: less than such a title, and not added to a title's. */
const HEADING_SCORE = 50;
/** What a title holding the query's words as typed (not only their stems) adds. */
const SURFACE_SCORE = 2;
/** Candidates whose text is checked for the query's words side by side (search-phrase.ts), past the results asked for. */
const PROXIMITY_EXTRA = 10;
/** Candidates checked for a quoted phrase. */
const QUOTED_CHECKS = 50;
const K1 = 1.2;
const B = 0.75;

interface ShardMeta {
  pages: [url: string, title: string, length: number, boost?: number][];
  terms: [firstTerm: string, file: string][];
  fragments: [file: string, firstPage: number][];
}
interface Shard {
  dir: string;
  meta: ShardMeta;
}
interface Scope {
  entry: ScopeEntry;
  analyzer: Analyzer;
  shards: Shard[];
  /** Pages of all shards, and their average length (BM25's): worked out once, on loading. */
  total: number;
  average: number;
  /** Title terms per shard and page, worked out when first needed. */
  titles: Map<string, TitleTerms>;
}
interface TitleTerms {
  /** Its terms (index-side: a joined word's parts too). */
  all: Set<string>;
  /** Its words, folded but not stemmed. */
  raw: Set<string>;
  /** How many words (query-side terms) it has. */
  words: number;
}
/** A page that matches a query, before its text is loaded. */
interface Candidate {
  sc: Scope;
  shard: Shard;
  page: number;
  /** Query words it holds. */
  held: number;
  /** Quoted phrases it holds side by side (search-phrase.ts). */
  tier: number;
  score: number;
  boost?: number;
  /** Dictionary terms that matched it (the excerpt marks them). */
  terms: Set<string>;
  url: string;
  /** The section holding the query's words closest together, when one does: the excerpt's. */
  section?: number;
}

function ranking(a: Candidate, b: Candidate): number {
  return b.held - a.held || b.tier - a.tier || b.score - a.score || byText(a.url, b.url) || byText(a.sc.entry.id, b.sc.entry.id);
}

interface QueryWord {
  term: string;
  raw: string;
  partial: boolean;
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
export function matchWeight(q: QueryWord, t: string): number {
  if (t === q.term) return 1;
  if (q.term.length >= 2 && t.length > q.term.length && t.startsWith(q.term)) return q.partial ? 0.4 + (0.4 * q.term.length) / t.length : 0.25;
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
  return [...new Set(out)];
}

/** The query's words; the one it ends on (no space after it yet) may still be being typed. */
export function queryWords(query: string, a: Analyzer): QueryWord[] {
  const seen = new Map<string, QueryWord>();
  eachTerm(query, (term, _start, end, raw) => {
    const word = seen.get(term) ?? { term, raw, partial: false };
    word.partial = end === query.length && term === raw;
    seen.set(term, word);
  }, false, a);
  return [...seen.values()];
}

/** The title part of a page's score: see the module comment. */
function titleScore(words: QueryWord[], title: TitleTerms): number {
  let quality = 0;
  let held = 0;
  let surface = 0;
  for (const q of words) {
    let best = 0;
    for (const t of title.all) best = Math.max(best, matchWeight(q, t));
    quality += best;
    if (best > 0) held++;
    if (title.raw.has(q.raw)) surface++;
  }
  quality /= words.length;
  if (held < words.length) return 10 * quality * (held / words.length);
  // the words as typed, not only their stems (`Indexing` before `Indexes`): a tie-breaker
  return (40 + 60 * Math.min(1, words.length / Math.max(1, title.words))) * quality + SURFACE_SCORE * (surface / words.length);
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function createSearch(source: SearchSource) {
  let manifest: Promise<ScopeEntry[]> | null = null;
  const loaded = new Map<string, Promise<Scope>>();
  const files = new Map<string, Promise<unknown>>();

  /** A file, read once (and again after a failure). */
  function once<T>(path: string, read: (data: unknown) => T): Promise<T> {
    let got = files.get(path) as Promise<T> | undefined;
    if (!got) {
      got = source.json(path).then(read);
      got.catch(() => files.delete(path)); // the next search reads it again; this one rejects itself
      files.set(path, got);
    }
    return got;
  }
  function scopes(): Promise<ScopeEntry[]> {
    if (!manifest) {
      manifest = source.json('scopes.json').then((m) => (m as { scopes: ScopeEntry[] }).scopes);
      // not kept, so the next search reads it again; this one rejects itself
      manifest.catch(() => (manifest = null));
    }
    return manifest;
  }
  function scope(entry: ScopeEntry): Promise<Scope> {
    let got = loaded.get(entry.id);
    if (!got) {
      got = (async () => {
        const dirs = Array.from({ length: entry.shards }, (_, s) => (s === 0 ? `${entry.id}/` : `${entry.id}/shard-${s}/`));
        const [stemmer, shards] = await Promise.all([
          source.stemmer(entry),
          Promise.all(dirs.map(async (dir) => ({ dir, meta: (await source.json(`${dir}index.json`)) as ShardMeta }))),
        ]);
        let total = 0;
        let length = 0;
        for (const shard of shards) {
          total += shard.meta.pages.length;
          for (const p of shard.meta.pages) length += p[2];
        }
        return { entry, analyzer: createAnalyzer(entry.lang, stemmer), shards, total, average: total ? length / total : 1, titles: new Map() };
      })();
      got.catch(() => loaded.delete(entry.id)); // as above: the search that asked reports it
      loaded.set(entry.id, got);
    }
    return got;
  }
  const slice = (shard: Shard, i: number) => once(shard.dir + shard.meta.terms[i][1], (e) => new Map(e as [string, number[]][]));
  const run = (shard: Shard, i: number) => once(shard.dir + shard.meta.fragments[i][0], (p) => p as Section[][]);

  /** Which scopes a query searches. */
  async function chosen(options: QueryOptions): Promise<ScopeEntry[]> {
    const all = await scopes();
    if (options.scopes) {
      const named = all.filter((s) => options.scopes!.includes(s.id));
      return named.length ? named : all; // a reader on a page whose scope has no index searches them all
    }
    const lang = options.language?.toLowerCase();
    const picked = all.filter((s) =>
      (!lang || s.language?.toLowerCase() === lang || s.lang.toLowerCase() === lang) && (options.version === undefined || s.version === options.version));
    return picked.length || (!lang && options.version === undefined) ? picked : all;
  }

  /** Every page of a scope that matches the query, scored. */
  async function scoreScope(sc: Scope, query: string, limit: number): Promise<Candidate[]> {
    const words = queryWords(query, sc.analyzer);
    if (!words.length) return [];
    // pages with a heading that is the query, word for word
    const phrase = headingKey(termsOf(query, sc.analyzer));
    const headed = await Promise.all(sc.shards.map(async (shard) => {
      const i = lastAtMost(shard.meta.terms, phrase);
      if (words.length < 2 || i < 0) return new Set<number>();
      const postings = (await slice(shard, i)).get(phrase) ?? [];
      return new Set(postings.filter((_, k) => k % 2 === 0));
    }));
    const matched = await Promise.all(sc.shards.map((shard) => Promise.all(words.map(async (q) => {
      if (!shard.meta.terms.length) return [];
      const maps = await Promise.all(slicesFor(shard.meta, q).map((i) => slice(shard, i)));
      const found: { term: string; weight: number; postings: number[] }[] = [];
      for (const map of maps) map.forEach((postings, t) => {
        const w = matchWeight(q, t);
        if (w > 0) found.push({ term: t, weight: w, postings });
      });
      return found;
    }))));
    const { total, average } = sc;
    const df = new Map<string, number>();
    sc.shards.forEach((_, s) => {
      const counted = new Set<string>(); // a term two query words both match counts once
      for (const found of matched[s]) for (const f of found) {
        if (counted.has(f.term)) continue;
        counted.add(f.term);
        df.set(f.term, (df.get(f.term) ?? 0) + f.postings.length / 2);
      }
    });
    const out: Candidate[] = [];
    sc.shards.forEach((shard, s) => {
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
        const [url, title, , boost] = pages[page];
        const key = `${s}:${page}`;
        let t = sc.titles.get(key);
        if (!t) {
          const all = new Set<string>();
          const raw = new Set<string>();
          let count = 0;
          eachTerm(title, (term) => all.add(term), true, sc.analyzer);
          eachTerm(title, (_term, _start, _end, word) => {
            raw.add(word);
            count++;
          }, false, sc.analyzer);
          sc.titles.set(key, (t = { all, raw, words: count }));
        }
        const text = row.best.reduce((a, b) => a + b, 0) / words.length;
        const held = row.best.filter((x) => x > 0).length;
        const heading = headed[s].has(page) ? HEADING_SCORE : 0;
        out.push({ sc, shard, page, held, tier: 0, boost, score: (boost ?? 1) * (Math.max(titleScore(words, t), heading) + text), terms: row.terms, url });
      });
    });
    const full = out.filter((r) => r.held === words.length);
    return byPhrase(sc, query, words, (full.length ? full : out).sort(ranking), limit);
  }

  /** The text of a page, by section (loaded for its excerpt, or to check a phrase). */
  async function sectionsOf(shard: Shard, page: number): Promise<Section[]> {
    const fragments = shard.meta.fragments;
    const f = lastAtMost(fragments.map((x): [number] => [x[1]]), page);
    return (await run(shard, f))[page - fragments[f][1]] ?? [];
  }

  /**
   * Candidates (ranked) reordered by how close together they hold the query's words
   * (search-phrase.ts): only the best few are checked, those a result list may show.
   */
  async function byPhrase(sc: Scope, query: string, words: QueryWord[], ranked: Candidate[], limit: number): Promise<Candidate[]> {
    const bits = new Map<string, number>();
    const wordsOf = (term: string) => {
      let b = bits.get(term);
      if (b === undefined) {
        b = 0;
        for (let i = 0; i < Math.min(words.length, 30); i++) if (matchWeight(words[i], term) > 0) b |= 1 << i;
        bits.set(term, b);
      }
      return b;
    };
    const bitOf = (term: string) => {
      const i = words.findIndex((w) => w.term === term);
      return i >= 0 && i < 30 ? 1 << i : 0;
    };
    const quoted = quotedParts(query).map((part) => termsOf(part, sc.analyzer).map(bitOf).filter((b) => b)).filter((p) => p.length);
    const phrase = termsOf(query, sc.analyzer).map(bitOf).filter((b) => b);
    const near = new Set(phrase).size >= 2;
    if (!quoted.length && !near) return ranked;
    const checked = ranked.slice(0, quoted.length ? QUOTED_CHECKS : limit + PROXIMITY_EXTRA);
    await Promise.all(checked.map(async (r) => {
      const sections = await sectionsOf(r.shard, r.page);
      const title = r.shard.meta.pages[r.page][1];
      for (const q of quoted) {
        const found = phraseFit(title, sections, q, sc.analyzer, wordsOf);
        if (!found.exact) continue;
        r.tier++;
        r.section ??= found.section;
      }
      if (!near) return;
      const found = phraseFit(title, sections, phrase, sc.analyzer, wordsOf);
      r.score += (r.boost ?? 1) * PHRASE_SCORE * found.fit;
      if (found.fit > 0) r.section ??= found.section;
    }));
    return [...checked.sort(ranking), ...ranked.slice(checked.length)];
  }

  async function search(query: unknown, options: QueryOptions = {}): Promise<RankedResult[]> {
    const text = typeof query === 'string' ? query : '';
    const limit = options.limit || 10;
    if (!text.trim()) return [];
    const list = await Promise.all((await chosen(options)).map(scope));
    const all = (await Promise.all(list.map((sc) => scoreScope(sc, text, limit)))).flat();
    // Each scope's list comes sorted: one scope (the usual case) needs no second sort.
    const ranked = (list.length > 1 ? all.sort(ranking) : all).slice(0, limit);
    return Promise.all(ranked.map(async (r) => {
      const sections = await sectionsOf(r.shard, r.page);
      const p = r.shard.meta.pages[r.page];
      const { entry } = r.sc;
      return {
        ...describe({ url: p[0], title: p[1] }, sections, r.terms, r.sc.analyzer, r.section),
        scope: entry.id,
        ...(entry.language !== undefined ? { language: entry.language } : {}),
        ...(entry.version !== undefined ? { version: entry.version } : {}),
        score: r.score,
      };
    }));
  }

  return { scopes, search };
}
