/**
 * `npm run bench:api`: load on `GET /v2/agent/{projectId}/job/{id}` of a real
 * `quire serve` (embedded default: SQLite, info logs, metrics) and on a bare Fastify
 * route answering a constant object, each in its own process, driven by autocannon
 * from this process with 50 connections. Each is first warmed up at full load for
 * BENCH_WARMUP seconds (default 5). The two are then measured in alternating rounds
 * (BENCH_ROUNDS, default 3, of BENCH_DURATION seconds, default 10, each), so a drift of
 * the machine's speed touches both alike. Prints each round and the medians: requests/s,
 * p50, p99, the ratio, and on Linux each server's CPU time per request (from /proc),
 * which other load on the machine disturbs far less than requests/s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT, startQuire } from './lib.js';
import { insertAgentJobRecord } from '../src/core/agent-jobs.js';
import { openStore } from '../src/store/open-store.js';
import { listProjects } from '../src/store/records/projects.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = 50;

/** CPU time (user + system) a process has used so far, in µs; undefined off Linux. */
function cpuTimeUs(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (USER_HZ, 100 on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return undefined; // no /proc (not Linux) or the process ended: the CPU column stays empty
  }
}

async function load(url: string, headers: Record<string, string>, server: ChildProcess): Promise<{ rps: number; p50: number; p99: number; errors: number; non2xx: number; cpuUs?: number }> {
  const before = cpuTimeUs(server.pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const after = cpuTimeUs(server.pid);
  const cpuUs = before !== undefined && after !== undefined && r.requests.total > 0 ? (after - before) / r.requests.total : undefined;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, cpuUs };
}

const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-api-'));
// The embedded default as users run it: info logs (discarded here), metrics, SQLite.
const quire = await startQuire(['serve', '--port', '0'], { QUIRE_DATA_DIR: dataDir, QUIRE_WORKERS: 'false', QUIRE_LOG_LEVEL: 'info' }, /listening on (http:\/\/\S+)/, { stdout: 'ignore' });
const quireUrl = quire.match[1];
const store = await openStore({ dataDir });
const [project] = await listProjects(store.db);
const job = await insertAgentJobRecord(store, { projectId: project.id, prompt: 'bench', model: 'bench-model' });
await store.close();
const key = readFileSync(join(dataDir, 'admin-key'), 'utf8').trim();

const barePath = join(ROOT, 'bench/bare-server.ts');
const bare = await new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', barePath], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.on('data', (d: Buffer) => {
    const m = /listening on (http:\/\/\S+)/.exec(d.toString());
    if (m) resolve({ child, url: m[1] });
  });
  child.on('exit', (code) => reject(new Error(`bare server exited ${code}`)));
});

try {
  const realUrl = `${quireUrl}/v2/agent/${project.id}/job/${job.id}`;
  const check = await fetch(realUrl, { headers: { authorization: `Bearer ${key}` } });
  if (check.status !== 200) throw new Error(`real route answered ${check.status}`);
  // Warm both up at full load so JIT tiers, inline caches and V8's young generation
  // (which grows under load) settle before anything counts, for either server.
  await autocannon({ url: realUrl, connections: CONNECTIONS, duration: WARMUP, headers: { authorization: `Bearer ${key}` } });
  await autocannon({ url: `${bare.url}/job`, connections: CONNECTIONS, duration: WARMUP });
  type Result = Awaited<ReturnType<typeof load>>;
  const reals: Result[] = [];
  const bases: Result[] = [];
  const row = (name: string, r: Result) =>
    `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   errors ${r.errors}  non-2xx ${r.non2xx}` +
    (r.cpuUs === undefined ? '' : `   server CPU ${r.cpuUs.toFixed(0)} µs/req`);
  console.log(`bench:api  ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s each, node ${process.version}`);
  for (let round = 1; round <= ROUNDS; round++) {
    reals.push(await load(realUrl, { authorization: `Bearer ${key}` }, quire.child));
    bases.push(await load(`${bare.url}/job`, {}, bare.child));
    console.log(`round ${round}: ratio ${(reals.at(-1)!.rps / bases.at(-1)!.rps).toFixed(2)}`);
    console.log(`  ${row('GET /v2/agent/{p}/job/{id} (quire)', reals.at(-1)!)}`);
    console.log(`  ${row('bare Fastify constant JSON', bases.at(-1)!)}`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const summary = (rs: Result[]): Result => ({
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    errors: rs.reduce((n, r) => n + r.errors, 0),
    non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
    cpuUs: rs.every((r) => r.cpuUs !== undefined) ? median(rs.map((r) => r.cpuUs!)) : undefined,
  });
  const real = summary(reals);
  const base = summary(bases);
  console.log(`medians of ${ROUNDS} rounds (errors and non-2xx: totals):`);
  console.log(row('GET /v2/agent/{p}/job/{id} (quire)', real));
  console.log(row('bare Fastify constant JSON', base));
  console.log(`ratio (median quire / median bare): ${(real.rps / base.rps).toFixed(2)}   target >= 0.60, p99 < 10 ms`);
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  quire.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
