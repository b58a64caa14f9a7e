/**
 * What bench/real.ts prints: per site the details (navigation pages not written,
 * diagnostics by kind, broken references with their verdict, timings and parser paths)
 * and one row of the Markdown summary table, with issue 21's goals checked.
 */
import type { CrawlResult } from './crawl.js';
import type { DiagnosticKind } from './diagnostic-kinds.js';
import type { ExportRun } from './run-export.js';

export interface SiteResult {
  name: string;
  /** Pages the navigation names, and API pages Mintlify generates from it. */
  navPages: number;
  navGenerated: number;
  /** Pages the export wrote (its report's pagesRendered). */
  written: number;
  /** Navigation pages with no output file: "source" when the source has no such page either. */
  notWritten: { page: string; verdict: 'source' | 'quire' }[];
  unresolved: string[];
  kinds: DiagnosticKind[];
  crawl?: CrawlResult;
  cold: ExportRun;
  warm?: ExportRun;
  changed?: string;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pct = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)}%` : '-');
const sum = (list: { count: number }[]) => list.reduce((n, x) => n + x.count, 0);

/** Issue 21's goals: Mintlify's own docs cold <= 5 s wall, <= 8 s CPU, <= 500 MB; others >= 200 pages/s; warm < 1 s. */
export function goals(r: SiteResult): string {
  const missed: string[] = [];
  if (r.name.startsWith('mintlify+docs')) {
    if (r.cold.wallMs > 5000) missed.push('wall > 5 s');
    if (r.cold.cpuMs > 8000) missed.push('CPU > 8 s');
    if (r.cold.maxRssMb > 500) missed.push('RSS > 500 MB');
  } else if (r.written / (r.cold.wallMs / 1000) < 200) missed.push('< 200 pages/s');
  if (!r.warm || r.warm.wallMs >= 1000) missed.push('warm >= 1 s');
  return missed.length ? `missed: ${missed.join(', ')}` : 'met';
}

export function parserShare(run: ExportRun): string {
  const p = run.report?.parsers;
  if (!p) return '-';
  const parsed = p.fast + p.micromark;
  return `${pct(p.fast, parsed)} / ${pct(p.micromark, parsed)}`;
}

export function siteDetails(r: SiteResult, all: boolean): string {
  const lines: string[] = [];
  const cap = <T>(list: T[], n: number) => (all ? list : list.slice(0, n));
  const more = (list: unknown[], n: number) => (!all && list.length > n ? [`    ... and ${list.length - n} more (--all lists every one)`] : []);
  if (r.cold.error) return `  export failed: ${r.cold.error}`;
  const report = r.cold.report!;
  lines.push(`  navigation: ${r.navPages + r.navGenerated} pages (${r.navPages} named, ${r.navGenerated} generated from OpenAPI); pages written: ${r.written}; output files: ${report.files.length}`);
  for (const u of r.unresolved) lines.push(`    not followed: ${u}`);
  for (const verdict of ['quire', 'source'] as const) {
    const list = r.notWritten.filter((n) => n.verdict === verdict);
    if (list.length === 0) continue;
    lines.push(`  navigation pages not written, ${verdict === 'quire' ? "Quire's (the source has them)" : 'dead in the source too (no such page)'}: ${list.length}`);
    for (const n of cap(list, 40)) lines.push(`    ${n.page}`);
    lines.push(...more(list, 40));
  }
  const errors = r.kinds.filter((k) => k.severity === 'error');
  lines.push(`  diagnostics: ${sum(errors)} errors in ${errors.length} kinds, ${sum(r.kinds) - sum(errors)} warnings in ${r.kinds.length - errors.length} kinds`);
  for (const k of r.kinds) lines.push(`    ${k.severity.padEnd(7)} ${String(k.count).padStart(5)}  ${k.kind}\n                   e.g. ${k.example.slice(0, 220)}`);
  if (r.crawl) {
    const c = r.crawl;
    const quire = c.broken.filter((b) => b.verdict === 'quire');
    const source = c.broken.filter((b) => b.verdict === 'source');
    lines.push(`  crawl: ${c.htmlFiles} HTML files, ${c.references} references, ${c.internal} into the site checked; broken: ${sum(quire)} Quire's (${quire.length} targets), ${sum(source)} dead in the source too (${source.length} targets)`);
    for (const [label, list, n] of [["Quire's", quire, 60], ['dead in the source too', source, 25]] as const) {
      for (const b of cap([...list], n)) lines.push(`    ${label}: ${b.missing} ${b.target} x${b.count} (<${b.tag}> "${b.href}" in ${b.from}; ${b.why})`);
      lines.push(...more([...list], n));
    }
  }
  const cold = r.cold;
  const p = report.parsers;
  lines.push(`  cold: ${s(cold.wallMs)} wall (export's own ${s(report.durationMs)}), CPU ${s(cold.cpuMs)}, peak RSS ${Math.round(cold.maxRssMb)} MB, ${Math.round(r.written / (cold.wallMs / 1000))} pages/s`);
  if (p) lines.push(`  parser paths: fast ${p.fast} (${pct(p.fast, p.fast + p.micromark)}), micromark ${p.micromark} (${pct(p.micromark, p.fast + p.micromark)}), none (generated or failed) ${p.none}, cached ${p.cached}`);
  if (r.warm?.error) lines.push(`  warm: export failed: ${r.warm.error}`);
  else if (r.warm) lines.push(`  warm (${r.changed} changed): ${s(r.warm.wallMs)} wall, CPU ${s(r.warm.cpuMs)}, peak RSS ${Math.round(r.warm.maxRssMb)} MB; ${r.warm.report?.features['page-cache']?.reason ?? ''}`);
  lines.push(`  goals (issue 21): ${goals(r)}`);
  return lines.join('\n');
}

export const TABLE_HEAD = [
  '| site | nav pages | written | nav not written (Quire\'s / source) | errors | warnings | refs checked | broken: Quire\'s (targets) | broken: dead in source (targets) | cold wall | CPU | peak RSS | pages/s | warm | fast / micromark | goals |',
  '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|',
].join('\n');

export function tableRow(r: SiteResult): string {
  if (r.cold.error) return `| ${r.name} | ${r.navPages + r.navGenerated} | export failed: ${r.cold.error.slice(0, 80)} |`;
  const errors = r.kinds.filter((k) => k.severity === 'error');
  const broken = (v: 'quire' | 'source') => {
    const list = r.crawl?.broken.filter((b) => b.verdict === v) ?? [];
    return `${sum(list)} (${list.length})`;
  };
  const notWritten = (v: 'quire' | 'source') => r.notWritten.filter((n) => n.verdict === v).length;
  return `| ${[
    r.name,
    r.navPages + r.navGenerated,
    r.written,
    `${notWritten('quire')} / ${notWritten('source')}`,
    sum(errors),
    sum(r.kinds) - sum(errors),
    r.crawl?.internal ?? '-',
    broken('quire'),
    broken('source'),
    s(r.cold.wallMs),
    s(r.cold.cpuMs),
    `${Math.round(r.cold.maxRssMb)} MB`,
    Math.round(r.written / (r.cold.wallMs / 1000)),
    r.warm?.report ? s(r.warm.wallMs) : '-',
    parserShare(r.cold),
    goals(r),
  ].join(' | ')} |`;
}
