/**
 * `npm run bench:search [-- --only NAME] [--sites DIR]`: site search quality and cost on
 * real Mintlify sites (default /work/real), Quire's index against Pagefind's (the
 * `pagefind` npm package) built from the same exported HTML in the same run (issue 19).
 *
 * Per site: `quire export` (cache kept in the work folder, so a second run is quick), then
 * Pagefind indexes each page Quire indexed (the `<main>` element; on a versioned site
 * each page carries its version as a Pagefind filter, so both search one version), then
 * both answer every query (bench/search/queries.ts) in headless Chromium, in the scope of
 * the query's page: Quire with its language and version index, Pagefind with the index
 * of the harness page's `<html lang>` and the version filter. Figures: top-1 and top-3
 * hit rates of title queries and of held-apart ones (a heading, a distinctive phrase),
 * mean reciprocal rank over the top 10, and for a sample of queries each in a fresh
 * browser context (cold): bytes the server sent (gzip for text, as hosts serve it) to
 * show ten results with their excerpts, and the time; warm query time is the median
 * over all queries. Run it alone: `flock /tmp/quire-cpu.lock npm run bench:search`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as pagefind from 'pagefind';
import { launchBrowser } from '../test/helpers/browser.js';
import { QUIRE, run } from './lib.js';
import { findSites } from './real/sites.js';
import { buildQueries, readPages, type BenchPage, type BenchQuery } from './search/queries.js';
import { serveCounting } from './search/counting-server.js';
import { harnessPage, type EngineName } from './search/harness.js';

const COLD_SAMPLE = 20;

interface Figures {
  engine: EngineName;
  titles: number;
  titleTop1: number;
  titleTop3: number;
  held: number;
  heldTop1: number;
  heldTop3: number;
  mrr: number;
  coldBytes: number;
  coldMs: number;
  warmMs: number;
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function pagefindIndex(out: string, pages: BenchPage[], versioned: boolean): Promise<void> {
  const { index, errors } = await pagefind.createIndex({ rootSelector: 'main' });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  for (const p of pages) {
    let html = readFileSync(join(out, p.url), 'utf8');
    if (versioned && p.scope.version) html = html.replace(/<main\b[^>]*>/, (m) => `${m}<span data-pagefind-filter="version:${p.scope.version!.replace(/"/g, '')}"></span>`);
    const added = await index.addHTMLFile({ url: `/${p.url}`, content: html });
    if (added.errors.length) throw new Error(`pagefind ${p.url}: ${added.errors.join('; ')}`);
  }
  const written = await index.writeFiles({ outputPath: join(out, 'pagefind') });
  if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
}

async function benchSite(name: string, root: string, work: string): Promise<Figures[]> {
  const out = join(work, name, 'site');
  mkdirSync(out, { recursive: true });
  const t0 = performance.now();
  await run(process.execPath, [QUIRE, 'export', root, '--out', out, '--cache-dir', join(work, name, 'cache'), '--json']);
  const pages = readPages(out);
  const titleOf = new Map(pages.map((p) => [`${p.scope.id} ${p.url}`, p.title]));
  const versioned = pages.some((p) => p.scope.version);
  const t1 = performance.now();
  await pagefindIndex(out, pages, versioned);
  console.log(`${name}: ${pages.length} pages in ${new Set(pages.map((p) => p.scope.id)).size} index(es); export ${((t1 - t0) / 1000).toFixed(0)} s, pagefind ${((performance.now() - t1) / 1000).toFixed(0)} s`);
  const queries = buildQueries(pages);
  const engineFile = readdirSync(join(out, 'assets')).find((f) => /^search\.[0-9a-f]+\.js$/.test(f));
  if (!engineFile) throw new Error(`${name}: no search engine in ${out}/assets`);
  for (const lang of new Set(pages.map((p) => p.scope.lang))) writeFileSync(join(out, `__bench-${lang}.html`), harnessPage(lang, `assets/${engineFile}`));
  const server = await serveCounting(out);
  const browser = await launchBrowser();
  const figures: Figures[] = [];
  try {
    for (const engine of ['quire', 'pagefind'] as EngineName[]) {
      const ranks: number[] = [];
      const warm: number[] = [];
      const byScope = new Map<string, BenchQuery[]>();
      for (const q of queries) byScope.set(q.scope.id, [...(byScope.get(q.scope.id) ?? []), q]);
      for (const list of byScope.values()) {
        const scope = list[0].scope;
        const page = await browser.newPage();
        await page.goto(`${server.url}__bench-${scope.lang}.html`);
        // one query first, so the times below are of a loaded engine (cold is measured apart)
        await page.evaluate(([e, q, sc, version]) => (globalThis as unknown as { benchRun: (...a: unknown[]) => Promise<unknown> }).benchRun(e, [q], sc, version),
          [engine, list[0].text, scope.id, versioned ? scope.version ?? null : null] as const);
        const answers = await page.evaluate(([e, qs, sc, version]) => (globalThis as unknown as { benchRun: (...a: unknown[]) => Promise<{ urls: string[]; ms: number }[]> }).benchRun(e, qs, sc, version),
          [engine, list.map((q) => q.text), scope.id, versioned ? scope.version ?? null : null] as const);
        await page.close();
        answers.forEach((a, i) => {
          const q = list[i];
          const want = titleOf.get(`${scope.id} ${q.target}`);
          const rank = a.urls.findIndex((u) => u === q.target || (q.kind === 'title' && titleOf.get(`${scope.id} ${u}`) === want));
          ranks.push(rank);
          warm.push(a.ms);
        });
        list.forEach((q, i) => ((q as BenchQuery & { rank?: Record<string, number> }).rank = { ...(q as { rank?: Record<string, number> }).rank, [engine]: ranks[ranks.length - list.length + i] }));
      }
      const ordered = [...byScope.values()].flat();
      const of = (kind: (k: BenchQuery['kind']) => boolean) => ordered.map((q, i) => [q, ranks[i]] as const).filter(([q]) => kind(q.kind)).map(([, r]) => r);
      const titleRanks = of((k) => k === 'title');
      const heldRanks = of((k) => k !== 'title');
      const rate = (rs: number[], n: number) => (rs.length ? rs.filter((r) => r >= 0 && r < n).length / rs.length : NaN);
      // cold: a fresh context per query (no cache), the server counting what it sends
      const coldBytes: number[] = [];
      const coldMs: number[] = [];
      const step = Math.max(1, Math.floor(ordered.length / COLD_SAMPLE));
      for (let i = 0; i < ordered.length && coldBytes.length < COLD_SAMPLE; i += step) {
        const q = ordered[i];
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${server.url}__bench-${q.scope.lang}.html`);
        server.reset();
        const [answer] = await page.evaluate(([e, text, sc, version]) => (globalThis as unknown as { benchRun: (...a: unknown[]) => Promise<{ ms: number }[]> }).benchRun(e, [text], sc, version),
          [engine, q.text, q.scope.id, versioned ? q.scope.version ?? null : null] as const);
        coldBytes.push(server.bytes());
        coldMs.push(answer.ms);
        await context.close();
      }
      figures.push({
        engine, titles: titleRanks.length, titleTop1: rate(titleRanks, 1), titleTop3: rate(titleRanks, 3), held: heldRanks.length,
        heldTop1: rate(heldRanks, 1), heldTop3: rate(heldRanks, 3), mrr: ranks.reduce((s, r) => s + (r >= 0 ? 1 / (r + 1) : 0), 0) / Math.max(1, ranks.length),
        coldBytes: median(coldBytes), coldMs: median(coldMs), warmMs: median(warm),
      });
    }
    const misses = queries.filter((q) => q.kind === 'title' && (q as { rank?: Record<string, number> }).rank?.quire !== 0).slice(0, 8);
    for (const q of misses) console.log(`  quire title miss: "${q.text}" (${q.scope.id}) rank ${(q as { rank?: Record<string, number> }).rank?.quire}`);
  } finally {
    await browser.close();
    await server.close();
  }
  return figures;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string', multiple: true }, sites: { type: 'string', multiple: true }, work: { type: 'string' } } });
  const { sites, notes } = findSites(values.sites ?? (process.env.QUIRE_REAL_SITES ?? '/work/real').split(':'));
  for (const n of notes) console.log(n);
  const work = values.work ?? '/tmp/quire-bench-search';
  const rows: string[] = [];
  for (const site of sites.filter((s) => !values.only || values.only.some((o) => s.name.includes(o)))) {
    for (const f of await benchSite(site.name, site.root, work)) {
      rows.push(`| ${site.name} | ${f.engine} | ${f.titles} | ${pct(f.titleTop1)} | ${pct(f.titleTop3)} | ${f.held} | ${pct(f.heldTop1)} | ${pct(f.heldTop3)} | ${f.mrr.toFixed(3)} | ${(f.coldBytes / 1024).toFixed(1)} | ${f.coldMs.toFixed(0)} | ${f.warmMs.toFixed(1)} |`);
      console.log(rows[rows.length - 1]);
    }
  }
  console.log('\n| site | engine | title queries | title top-1 | title top-3 | held-apart | held top-1 | held top-3 | MRR | cold KB/query | cold ms | warm ms |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

await main();
