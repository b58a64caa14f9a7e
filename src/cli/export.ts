/**
 * `quire export DIR --out OUT [--base-url URL] [--deployment cloud|client-hosted|air-gapped]
 * [--strict] [--cache-dir DIR] [--workers N] [--fetch-allow LIST] [--json]`: runs exportSite on a local docs folder with a
 * progress bar on a terminal and a summary at the end. Exit codes: 0 done, 1 --strict
 * found warnings or broken links (or the export failed), 2 bad usage or a folder that
 * is not a docs site. Messages name the bad value; no stack trace is ever printed.
 */
import { parseArgs } from 'node:util';
import { AppError, InvalidError } from '../core/errors.js';
import { exportSite } from '../render/export-site.js';
import { parseAllowEntry } from '../core/guarded-fetch.js';
import type { Deployment, ExportProgress, ExportReport } from '../render/types.js';

export interface ExportIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

const DEPLOYMENTS: Deployment[] = ['cloud', 'client-hosted', 'air-gapped'];
const USAGE = 'usage: quire export DIR --out OUT [--base-url URL] [--deployment cloud|client-hosted|air-gapped] [--strict] [--cache-dir DIR] [--workers N] [--fetch-allow HOSTS_OR_CIDRS] [--json]';

class UsageProblem extends Error {}

interface ExportFlags {
  root: string;
  out: string;
  baseUrl?: string;
  deployment: Deployment;
  strict: boolean;
  cacheDir?: string;
  /** Render threads; 0 renders on the main thread. Default: render/pool/render-threads.ts (one per core but one). */
  workers?: number;
  /** Non-public hosts and ranges remote OpenAPI documents may come from. */
  fetchAllow: string[];
  json: boolean;
}

function parseFlags(args: string[]): ExportFlags | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string', short: 'o' },
        'base-url': { type: 'string' },
        deployment: { type: 'string' },
        strict: { type: 'boolean', default: false },
        'cache-dir': { type: 'string' },
        workers: { type: 'string' },
        'fetch-allow': { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    throw new UsageProblem((err as Error).message.split('\n')[0]);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length === 0) throw new UsageProblem('missing the docs folder (DIR)');
  if (positionals.length > 1) throw new UsageProblem(`expected one docs folder, got ${positionals.length}: ${positionals.join(' ')}`);
  if (!values.out) throw new UsageProblem('missing --out OUT (the folder to write the site into)');
  const deployment = (values.deployment ?? 'cloud') as Deployment;
  if (!DEPLOYMENTS.includes(deployment)) throw new UsageProblem(`invalid --deployment "${values.deployment}": expected cloud, client-hosted or air-gapped`);
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined) {
    let ok: boolean;
    try {
      ok = /^https?:$/.test(new URL(baseUrl).protocol);
    } catch {
      ok = false; // not a URL at all: reported below like a wrong scheme
    }
    if (!ok) throw new UsageProblem(`invalid --base-url "${baseUrl}": expected an absolute http(s) URL such as https://docs.example.com`);
  }
  let workers: number | undefined;
  if (values.workers !== undefined) {
    workers = Number(values.workers);
    if (!/^\d+$/.test(values.workers) || workers > 64) throw new UsageProblem(`invalid --workers "${values.workers}": expected a whole number from 0 to 64`);
  }
  const fetchAllow = (values['fetch-allow'] ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of fetchAllow) {
    try {
      parseAllowEntry(entry);
    } catch (err) {
      throw new UsageProblem(`invalid --fetch-allow: ${(err as Error).message}`);
    }
  }
  return { root: positionals[0], out: values.out, baseUrl, deployment, strict: values.strict ?? false, cacheDir: values['cache-dir'], workers, fetchAllow, json: values.json ?? false };
}

function progressBar(stream: NodeJS.WritableStream): (p: ExportProgress) => void {
  const tty = (stream as NodeJS.WriteStream).isTTY === true;
  let last = '';
  return (p) => {
    if (!tty) return;
    const width = 28;
    const ratio = p.pagesTotal > 0 ? p.pagesDone / p.pagesTotal : 0;
    const filled = Math.round(ratio * width);
    const line = p.phase === 'done'
      ? ''
      : `${p.phase.padEnd(6)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${p.pagesDone}/${p.pagesTotal} pages`;
    if (line === last) return;
    last = line;
    stream.write(`\r\x1b[2K${line}`);
  };
}

function summary(report: ExportReport, out: string): string {
  const warnings = report.diagnostics.filter((d) => d.severity === 'warning').length;
  const errors = report.diagnostics.length - warnings;
  const lines = [
    `Exported ${report.pagesRendered} page${report.pagesRendered === 1 ? '' : 's'} to ${out} in ${(report.durationMs / 1000).toFixed(1)} s (${report.files.length} files)`,
    `  ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${report.brokenLinks.length} broken link${report.brokenLinks.length === 1 ? '' : 's'}`,
  ];
  const features = Object.keys(report.features).sort();
  if (features.length > 0) {
    lines.push('  features:');
    for (const name of features) {
      const f = report.features[name];
      lines.push(`    ${f.included ? '+' : '-'} ${name}${f.reason ? `: ${f.reason}` : ''}`);
    }
  }
  const LIMIT = 30;
  for (const d of report.diagnostics.slice(0, LIMIT)) {
    lines.push(`  ${d.severity} ${d.file}${d.line ? `:${d.line}` : ''}${d.path ? ` (${d.path})` : ''}: ${d.message}`);
  }
  if (report.diagnostics.length > LIMIT) lines.push(`  ... and ${report.diagnostics.length - LIMIT} more`);
  for (const l of report.brokenLinks.slice(0, LIMIT)) lines.push(`  broken link ${l.file}${l.line ? `:${l.line}` : ''}: ${l.href}`);
  if (report.brokenLinks.length > LIMIT) lines.push(`  ... and ${report.brokenLinks.length - LIMIT} more broken links`);
  return lines.join('\n') + '\n';
}

export async function runExportCommand(args: string[], io: ExportIo): Promise<number> {
  let flags: ExportFlags | 'help';
  try {
    flags = parseFlags(args);
  } catch (err) {
    io.stderr.write(`quire export: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (flags === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const controller = new AbortController();
  const onSignal = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  const bar = progressBar(io.stderr);
  try {
    const report = await exportSite({
      root: flags.root,
      outDir: flags.out,
      baseUrl: flags.baseUrl,
      deployment: flags.deployment,
      cacheDir: flags.cacheDir,
      workers: flags.workers,
      fetchAllow: flags.fetchAllow,
      onProgress: bar,
      signal: controller.signal,
    });
    bar({ phase: 'done', pagesDone: 0, pagesTotal: 0 });
    if (flags.json) io.stdout.write(`${JSON.stringify(report)}\n`);
    else io.stdout.write(summary(report, flags.out));
    const failed = flags.strict && (report.diagnostics.length > 0 || report.brokenLinks.length > 0);
    if (failed && !flags.json) io.stderr.write(`quire export: --strict: ${report.diagnostics.length} warning(s)/error(s) and ${report.brokenLinks.length} broken link(s)\n`);
    return failed ? 1 : 0;
  } catch (err) {
    bar({ phase: 'done', pagesDone: 0, pagesTotal: 0 });
    const message = err instanceof Error ? err.message : String(err);
    if (flags.json) io.stdout.write(`${JSON.stringify({ error: message })}\n`);
    else io.stderr.write(`quire export: ${message}\n`);
    if (err instanceof InvalidError) return 2;
    if (err instanceof AppError) return 1;
    return 1;
  } finally {
    process.removeListener('SIGINT', onSignal);
  }
}
