/**
 * `npm run bench:host`: requests/s and p99 of `quire host` next to a plain static server
 * (serve-static over node:http) on the same exported folder, same run. A generated
 * site (/work/shared/corpus/gen-site.mjs, BENCH_PAGES pages, default 100) is exported,
 * packed and served by `quire host` (its real command, in a child process, fetching the
 * bundle through a file: link); the plain server runs in another child process; this
 * process drives both with autocannon for a page (clean URL) and for a hashed asset.
 * Target: quire host >= 0.8 x the plain server's requests/s.
 *
 *   BENCH_DURATION (s per run, default 5)  BENCH_ROUNDS (default 3)  BENCH_CONNECTIONS (default 50)
 *   BENCH_PAGES (default 100)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import serveStatic from 'serve-static';

/** autocannon ships no types; the part used here. */
type Autocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<{
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
/** Runs alternate between the servers so that load from elsewhere on the machine hits both alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const GEN_SITE = '/work/shared/corpus/gen-site.mjs';

/** Child mode: `bench/host.ts --static DIR` runs the plain static server. */
async function runStaticChild(dir: string): Promise<void> {
  const serve = serveStatic(dir, { index: ['index.html'], extensions: ['html'] });
  const server = createServer((req, res) => {
    serve(req, res, () => {
      res.statusCode = 404;
      res.end('Not Found');
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ msg: 'static listening', url: `http://127.0.0.1:${address.port}` })}\n`);
  });
}

/** Child mode: `bench/host.ts --host ARGS...` runs the real `quire host` command. */
async function runHostChild(args: string[]): Promise<void> {
  const { main } = await import('../src/cli/main.js');
  process.exitCode = await main(['host', ...args], process.env);
}

function spawnChild(args: string[], readyMsg: string): Promise<{ child: ChildProcess; url: string; lines: Record<string, unknown>[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: Record<string, unknown>[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        if (entry.msg === readyMsg) resolve({ child, url: String(entry.url), lines });
      }
    });
    child.on('exit', (code) => reject(new Error(`child ${args[0]} exited with ${code}`)));
  });
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${url}/readyz`).catch(() => null); // not listening yet: try again
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('quire host did not become ready');
}

interface Figures { rps: number; p99: number; errors: number; non2xx: number }

async function load(url: string, duration = DURATION): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/** Mean requests/s over the rounds, median p99. */
function summarize(runs: Figures[]): Figures {
  const p99s = runs.map((r) => r.p99).sort((a, b) => a - b);
  return {
    rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
    p99: p99s[Math.floor(p99s.length / 2)],
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'quire-bench-host-'));
  const children: ChildProcess[] = [];
  try {
    const docs = join(work, 'docs');
    const site = join(work, 'site');
    if (!existsSync(GEN_SITE)) throw new Error(`${GEN_SITE} is missing`);
    execFileSync(process.execPath, [GEN_SITE, '--pages', String(PAGES), '--out', docs, '--components']);
    const { exportSite } = await import('../src/render/export-site.js');
    const { packBundle } = await import('../src/render/bundle/pack.js');
    let t = performance.now();
    const report = await exportSite({ root: docs, outDir: site, baseUrl: 'https://docs.example.com', deployment: 'air-gapped' });
    console.log(`exported ${report.pagesRendered} pages (${report.files.length} files) in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    const bundleFile = join(work, 'bundle.tar.gz');
    const packed = await packBundle({ siteDir: site, outFile: bundleFile, jobId: 'se_00000000000bench', domain: 'docs.example.com', version: null, createdAt: new Date().toISOString(), engineVersion: 'bench' });
    console.log(`packed ${packed.manifest.files.length} files into ${packed.sizeBytes} bytes in ${Math.round(performance.now() - t)} ms`);

    const configFile = join(work, 'deployment.yaml');
    await writeFile(configFile, `staticExport:\n  enabled: true\n  bundleUrl: "${pathToFileURL(bundleFile).href}"\nport: 0\ncacheDir: ./cache\nlogLevel: info\n`);
    const host = await spawnChild(['--host', '--config', configFile], 'quire host listening');
    children.push(host.child);
    await waitReady(host.url);
    const ready = host.lines.find((l) => l.msg === 'site ready');
    console.log(`quire host: bundle fetched, verified, extracted and precompressed in ${String(ready?.ms)} ms (verify+extract ${String(ready?.extractMs)} ms, brotli+gzip variants ${String(ready?.precompressMs)} ms)`);
    const plain = await spawnChild(['--static', site], 'static listening');
    children.push(plain.child);

    const html = (await readdir(site, { recursive: true })).filter((f) => f.endsWith('.html') && f.includes('/') && !f.endsWith('index.html')).sort();
    const asset = (await readdir(join(site, 'assets'))).find((f) => f.endsWith('.css'));
    const targets = [
      { name: `page  /${html[0].replace(/\.html$/, '')}`, path: `/${html[0].replace(/\.html$/, '')}` },
      { name: `asset /assets/${asset}`, path: `/assets/${asset}` },
    ];
    for (const server of [host.url, plain.url]) {
      for (const target of targets) {
        const res = await fetch(server + target.path);
        if (res.status !== 200) throw new Error(`${server}${target.path} answered ${res.status}`);
      }
    }
    console.log(`\nautocannon: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s per server, no Accept-Encoding (identity on both); mean req/s, median p99\n`);
    console.log('target'.padEnd(44) + 'quire host req/s  p99 ms | serve-static req/s  p99 ms | ratio');
    for (const target of targets) {
      const runs: { host: Figures[]; plain: Figures[] } = { host: [], plain: [] };
      await load(host.url + target.path, 1); // warm-up: fills the memory cache
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['plain', 'host'] as const) : (['host', 'plain'] as const);
        for (const which of order) runs[which].push(await load((which === 'host' ? host.url : plain.url) + target.path));
      }
      const hostFigures = summarize(runs.host);
      const plainFigures = summarize(runs.plain);
      const bad = hostFigures.errors + hostFigures.non2xx + plainFigures.errors + plainFigures.non2xx;
      console.log(
        target.name.slice(0, 43).padEnd(44) +
          `${hostFigures.rps.toFixed(0).padStart(16)}  ${String(hostFigures.p99).padStart(6)} | ` +
          `${plainFigures.rps.toFixed(0).padStart(18)}  ${String(plainFigures.p99).padStart(6)} | ` +
          `${(hostFigures.rps / plainFigures.rps).toFixed(2)}${bad ? `  (errors/non-2xx: ${bad})` : ''}`,
      );
    }
    console.log('\ntarget: ratio >= 0.80');
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await rm(work, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode === '--static') void runStaticChild(process.argv[3]);
else if (mode === '--host') void runHostChild(process.argv.slice(3));
else main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
