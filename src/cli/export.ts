/**
 * `quire export DIR --out OUT [--base-url URL] [--deployment cloud|client-hosted|air-gapped]
 * [--strict] [--cache-dir DIR] [--workers N] [--render-nice N] [--fetch-allow LIST] [--site-scripts] [--remote-media MODE]
 * [--media-max-file-mb N] [--media-max-total-mb N] [--json]` (flags parsed
 * by commander, as every command's): runs exportSite on a local docs folder with a
 * progress bar on a terminal and a summary at the end. Exit codes: 0 done, 1 --strict
 * found warnings or broken links (or the export failed), 2 bad usage or a folder that
 * is not a docs site. Messages name the bad value; no stack trace is ever printed.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { AppError, InvalidError } from '../core/errors.js';
import { isHttpUrl } from '../core/http-url.js';
import { parseAllowEntry } from '../core/allow-entry.js';
import type { Deployment, ExportProgress, ExportReport, RemoteMediaMode } from '../render/types.js';
import type { Io } from './io.js';

const DEPLOYMENTS: Deployment[] = ['cloud', 'client-hosted', 'air-gapped'];

interface ExportFlags {
  out: string;
  baseUrl?: string;
  deployment: Deployment;
  strict?: boolean;
  cacheDir?: string;
  /** Render threads; 0 renders on the main thread. Default: render/pool/render-threads.ts (one per core but one). */
  workers?: number;
  /** Nice value of the render threads, 0 (normal) to 19 (lowest). */
  renderNice?: number;
  /** Non-public hosts and ranges remote OpenAPI documents may come from. */
  fetchAllow?: string[];
  /** Include the site's own .js files on every page (output/site-scripts.ts). */
  siteScripts?: boolean;
  /** Media on other hosts: bundle, omit or keep. Default: bundle when air-gapped, keep otherwise. */
  remoteMedia?: RemoteMediaMode;
  mediaMaxFileMb?: number;
  mediaMaxTotalMb?: number;
  json?: boolean;
}

function httpUrl(value: string): string {
  if (!isHttpUrl(value)) throw new InvalidArgumentError(`"${value}" is not an absolute http(s) URL such as https://docs.example.com`);
  return value;
}

function renderThreads(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 64) throw new InvalidArgumentError(`"${value}" is not a whole number from 0 to 64`);
  return Number(value);
}

/** A nice value for the render threads, as `QUIRE_RENDER_NICE` takes it. */
export function niceValue(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 19) throw new InvalidArgumentError(`"${value}" is not a nice value from 0 (normal priority) to 19 (lowest)`);
  return Number(value);
}

function megabytes(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(`"${value}" is not a whole number of megabytes (1 or more)`);
  return Number(value);
}

function allowList(value: string): string[] {
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    try {
      parseAllowEntry(entry);
    } catch (err) {
      throw new InvalidArgumentError((err as Error).message);
    }
  }
  return entries;
}

/** Adds `quire export DIR --out OUT ...`; the export engine is loaded only when it runs. */
export function registerExportCommand(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command('export')
    .description('export a local docs folder to a static site')
    .argument('<dir>', 'the docs folder (with docs.json or mint.json)')
    .requiredOption('-o, --out <dir>', 'the folder to write the site into')
    .option('--base-url <url>', 'the URL the site will be served from (canonical links, sitemap)', httpUrl)
    .addOption(new Option('--deployment <kind>', 'where the site will be served').choices(DEPLOYMENTS).default('cloud'))
    .option('--strict', 'exit 1 on any warning, error or broken link')
    .option('--cache-dir <dir>', 'page and highlight cache folder')
    .option('--workers <n>', 'render threads; 0 renders on the main thread (default: one per core but one)', renderThreads)
    .option('--render-nice <n>', 'lower the render threads\' priority: nice value from 0 (normal, the default) to 19 (lowest)', niceValue)
    .option('--fetch-allow <list>', 'non-public hosts and CIDR ranges remote OpenAPI documents and media may come from, comma-separated', allowList)
    .addOption(new Option('--remote-media <mode>', 'images, video and audio on other hosts: bundle them, omit them, or keep the references (default: bundle when air-gapped, else keep)').choices(['bundle', 'omit', 'keep']))
    .option('--media-max-file-mb <n>', 'largest remote media file bundled, in MB (default 25)', megabytes)
    .option('--media-max-total-mb <n>', 'all remote media of the export together, in MB (default 500)', megabytes)
    .option('--site-scripts', "include the site's own .js files on every page, as Mintlify does (they run in readers' browsers, never during the export)")
    .option('--json', 'print the report as one JSON object')
    .action(async (root: string, flags: ExportFlags) => setExit(await runExport(root, flags, io)));
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

async function runExport(root: string, flags: ExportFlags, io: Io): Promise<number> {
  // In a thread of its own, whose young generation can be bounded (render/export-thread.ts).
  const { exportSiteInThread } = await import('../render/export-thread.js');
  const controller = new AbortController();
  const onSignal = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  const bar = progressBar(io.stderr);
  try {
    const report = await exportSiteInThread({
      root,
      outDir: flags.out,
      baseUrl: flags.baseUrl,
      deployment: flags.deployment,
      cacheDir: flags.cacheDir,
      workers: flags.workers,
      renderNice: flags.renderNice,
      fetchAllow: flags.fetchAllow ?? [],
      siteScripts: flags.siteScripts === true,
      remoteMedia: {
        mode: flags.remoteMedia,
        ...(flags.mediaMaxFileMb ? { maxFileBytes: flags.mediaMaxFileMb * 1024 * 1024 } : {}),
        ...(flags.mediaMaxTotalMb ? { maxTotalBytes: flags.mediaMaxTotalMb * 1024 * 1024 } : {}),
      },
      onProgress: bar,
      signal: controller.signal,
    });
    bar({ phase: 'done', pagesDone: 0, pagesTotal: 0 });
    if (flags.json) io.stdout.write(`${JSON.stringify(report)}\n`);
    else io.stdout.write(summary(report, flags.out));
    const failed = flags.strict === true && (report.diagnostics.length > 0 || report.brokenLinks.length > 0);
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
