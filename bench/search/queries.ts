/**
 * The queries of bench:search, taken from an exported site's own pages (the text Quire's
 * index holds of each searchable page: its title and its sections by heading):
 *
 * - title: every page's title; the answer is that page, or any page of the same language
 *   and version with exactly the same title (no title query can tell those apart).
 * - heading: for a seeded third of the pages, a heading of two words or more that no
 *   other page of the scope has.
 * - phrase: for the same pages, three consecutive words of the text, each of four letters
 *   or more, the window whose words are rarest in the scope (the distinctive phrase a
 *   reader remembers).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScopeEntry } from '../../src/render/search/search-query.js';

export interface BenchQuery {
  kind: 'title' | 'heading' | 'phrase';
  text: string;
  scope: ScopeEntry;
  /** Output file of the page that answers it (`guides/intro.html`). */
  target: string;
}

export interface BenchPage {
  url: string;
  title: string;
  scope: ScopeEntry;
  sections: [anchor: string, heading: string, text: string][];
  boost?: number;
}

/** Every indexed page of an export, read from its index files. */
export function readPages(out: string): BenchPage[] {
  const read = (p: string) => JSON.parse(readFileSync(join(out, 'search', p), 'utf8')) as unknown;
  const pages: BenchPage[] = [];
  for (const scope of (read('scopes.json') as { scopes: ScopeEntry[] }).scopes) {
    for (let s = 0; s < scope.shards; s++) {
      const dir = s === 0 ? `${scope.id}/` : `${scope.id}/shard-${s}/`;
      const meta = read(`${dir}index.json`) as { pages: [string, string, number, number?][]; fragments: [string, number][] };
      for (const [file, first] of meta.fragments) {
        (read(dir + file) as BenchPage['sections'][]).forEach((sections, i) => {
          const [url, title, , boost] = meta.pages[first + i];
          pages.push({ url, title, scope, sections, ...(boost !== undefined ? { boost } : {}) });
        });
      }
    }
  }
  return pages;
}

/** A seeded generator (mulberry32): the same queries on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (text: string) => text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];

export function buildQueries(pages: BenchPage[], maxTitles = 400): BenchQuery[] {
  const rand = random(19);
  const out: BenchQuery[] = [];
  const byScope = new Map<string, BenchPage[]>();
  for (const p of pages) byScope.set(p.scope.id, [...(byScope.get(p.scope.id) ?? []), p]);
  // Large sites: a seeded sample of the titles, spread over the scopes as the pages are.
  const share = Math.min(1, maxTitles / Math.max(1, pages.length));
  for (const list of byScope.values()) {
    const df = new Map<string, number>();
    const headings = new Map<string, number>();
    for (const p of list) {
      for (const w of new Set(p.sections.flatMap((s) => words(s[2])))) df.set(w, (df.get(w) ?? 0) + 1);
      for (const s of p.sections) if (s[1]) headings.set(s[1].toLowerCase(), (headings.get(s[1].toLowerCase()) ?? 0) + 1);
    }
    for (const p of list) {
      if (!p.title.trim()) continue;
      if (rand() < share) out.push({ kind: 'title', text: p.title, scope: p.scope, target: p.url });
      if (rand() >= share / 3) continue;
      const heading = p.sections.map((s) => s[1]).find((h) => h && words(h).length >= 2 && headings.get(h.toLowerCase()) === 1 && h.toLowerCase() !== p.title.toLowerCase());
      if (heading) out.push({ kind: 'heading', text: heading, scope: p.scope, target: p.url });
      let best: { text: string; rarity: number } | undefined;
      for (const s of p.sections) {
        const run = s[2].split(/\s+/);
        for (let i = 0; i + 3 <= run.length; i++) {
          const window = run.slice(i, i + 3);
          if (!window.every((w) => /^\p{L}{4,}$/u.test(w))) continue;
          const rarity = window.reduce((sum, w) => sum + 1 / (df.get(w.toLowerCase()) ?? 1), 0);
          if (!best || rarity > best.rarity) best = { text: window.join(' '), rarity };
        }
      }
      if (best) out.push({ kind: 'phrase', text: best.text, scope: p.scope, target: p.url });
    }
  }
  return out;
}
