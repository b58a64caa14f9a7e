/**
 * Benchmark of the static export: `npm run bench:export [-- DIR] [--pages N] [--dist] [--keep]`.
 * Without DIR it generates a site with ../shared/corpus/gen-site.mjs (1000 pages with
 * components by default). Each export runs in a child process (exportSiteInThread, as
 * `quire export` runs it) so its peak RSS
 * (process.resourceUsage().maxRSS, worker threads included) is its own. Prints the
 * cold export time, pages/s and peak memory, then a warm re-export (same cache
 * folder) after one page changed.
 * Targets: 1000 pages <= 6 s and <= 500 MB; 10000 pages <= 10x that and <= 1 GB;
 * warm re-export < 1.5 s.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface RunResult {
  wallMs: number;
  pages: number;
  maxRssMb: number;
  /** CPU time of the export process (main thread and workers; Pagefind runs in its own process). */
  cpuMs: number;
  cacheReason?: string;
  searchReason?: string;
  diagnostics: number;
}

/** Child mode: one export, one JSON line on stdout. */
async function child(root: string, out: string, cacheDir: string, dist: boolean): Promise<void> {
  // --dist measures the compiled engine (run `npm run build` first), as production runs it;
  // in a thread of its own with a small young generation, as `quire export` and the export jobs run it.
  const modulePath: string = dist ? '../dist/render/export-thread.js' : '../src/render/export-thread.js';
  const { exportSiteInThread } = (await import(modulePath)) as typeof import('../src/render/export-thread.js');
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const report = await exportSiteInThread({ root, outDir: out, cacheDir, deployment: 'air-gapped', baseUrl: 'https://docs.example.com' });
  const result: RunResult = {
    wallMs: Math.round(performance.now() - started),
    pages: report.pagesRendered,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    cpuMs: Math.round((process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1000),
    cacheReason: report.features['page-cache']?.reason,
    searchReason: report.features.search?.reason,
    diagnostics: report.diagnostics.length,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runChild(root: string, out: string, cacheDir: string, dist: boolean): RunResult & { processMs: number } {
  const started = performance.now();
  // The compiled engine runs under plain Node as `quire export` does (this file's types are
  // stripped by Node itself): through tsx, every module the export and its render threads
  // load would pass tsx's hooks, ~2 s of CPU production never pays.
  const args = [...(dist ? [] : ['--import', 'tsx']), fileURLToPath(import.meta.url), '--child', ...(dist ? ['--dist'] : []), root, out, cacheDir];
  const r = spawnSync(process.execPath, args, { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const processMs = Math.round(performance.now() - started);
  if (r.status !== 0) throw new Error(`export failed (${r.status}): ${r.stderr}`);
  const line = r.stdout.trim().split('\n').pop()!;
  return { ...(JSON.parse(line) as RunResult), processMs };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { pages: { type: 'string', default: '1000' }, child: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false }, dist: { type: 'boolean', default: false } },
  });
  const dist = values.dist ?? false;
  if (values.child) return child(positionals[0], positionals[1], positionals[2], dist);
  const work = mkdtempSync(join(tmpdir(), 'quire-bench-'));
  try {
    let root = positionals[0] ? resolve(positionals[0]) : join(work, 'site');
    if (!positionals[0]) {
      execFileSync(process.execPath, [join(repo, '../shared/corpus/gen-site.mjs'), '--pages', values.pages, '--components', '--out', root], { stdio: 'inherit' });
    } else {
      // never edit the caller's folder: the warm run changes one page of a copy
      execFileSync('cp', ['-r', root, join(work, 'site')]);
      root = join(work, 'site');
    }
    const out = join(work, 'out');
    const cacheDir = join(work, 'cache');
    const cold = runChild(root, out, cacheDir, dist);
    console.log(`cold export: ${cold.pages} pages in ${(cold.wallMs / 1000).toFixed(2)} s (${Math.round(cold.pages / (cold.wallMs / 1000))} pages/s), peak RSS ${cold.maxRssMb} MB, CPU ${(cold.cpuMs / 1000).toFixed(1)} s, process ${(cold.processMs / 1000).toFixed(2)} s; ${cold.searchReason}`);
    const changed = execFileSync('find', [root, '-name', '*.mdx', '-path', '*section-1*'], { encoding: 'utf8' }).trim().split('\n')[0] || join(root, 'index.mdx');
    appendFileSync(changed, '\n\nOne more paragraph after an edit.\n');
    const warm = runChild(root, out, cacheDir, dist);
    console.log(`warm re-export after one page changed: ${(warm.wallMs / 1000).toFixed(2)} s, peak RSS ${warm.maxRssMb} MB, CPU ${(warm.cpuMs / 1000).toFixed(1)} s, process ${(warm.processMs / 1000).toFixed(2)} s; ${warm.cacheReason}`);
    // Issue 8: a site whose group carries a generated 500-operation OpenAPI document,
    // next to ordinary pages of the cold run above.
    const { writeOpenApiSite } = await import('./openapi-site.js');
    const apiRoot = join(work, 'api-site');
    writeOpenApiSite(apiRoot, 500);
    const api = runChild(apiRoot, join(work, 'api-out'), join(work, 'api-cache'), dist);
    const apiRate = api.pages / (api.wallMs / 1000);
    const plainRate = cold.pages / (cold.wallMs / 1000);
    console.log(`500-operation OpenAPI site: ${api.pages} pages in ${(api.wallMs / 1000).toFixed(2)} s (${Math.round(apiRate)} pages/s), ${(apiRate / plainRate).toFixed(2)}x the pages/s of ordinary pages (target >= 0.5)`);
    console.log(`load average during the runs: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
  } finally {
    if (!values.keep) rmSync(work, { recursive: true, force: true });
    else console.log(`kept ${work}`);
  }
}

await main();
