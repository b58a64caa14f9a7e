/**
 * `npm run bench:scale`: the same batch of exports (8 generated sites of 200 pages,
 * distinct projects, so no render cache helps) run by one `quire worker` and then by
 * two, each with one render thread, in scale-out mode (embedded PostgreSQL, pg-boss),
 * with one API-only process taking the requests. Prints jobs per minute and the ratio.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../test/helpers/postgres-server.js';
import { GEN_SITE, QUIRE, run, startQuire, stop } from './lib.js';

const SITES = Number(process.env.BENCH_SITES ?? 8);
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const work = mkdtempSync(join(tmpdir(), 'quire-bench-scale-'));
const pgServer = await startPostgres();

async function batch(workers: number, sites: string[]): Promise<number> {
  const env = {
    QUIRE_DATABASE_URL: pgServer.url,
    QUIRE_DATABASE_SCHEMA: `bench_${randomBytes(4).toString('hex')}`,
    QUIRE_DATA_DIR: join(work, `data-${workers}`),
    QUIRE_BOOTSTRAP_DEMO: 'false',
    QUIRE_RENDER_THREADS: '1',
    QUIRE_EXPORT_MAX_ACTIVE: '100',
  };
  const org = JSON.parse((await run(process.execPath, [QUIRE, 'org', 'create', '--name', 'Bench', '--json'], env)).stdout) as { id: string };
  for (const [i, site] of sites.entries()) {
    await run(process.execPath, [QUIRE, 'project', 'create', '--org', org.id, '--domain', `docs.s${i}.test`, '--repo', site, '--json'], env);
  }
  const key = (JSON.parse((await run(process.execPath, [QUIRE, 'key', 'create', '--org', org.id, '--json'], env)).stdout) as { key: string }).key;
  const api = await startQuire(['serve', '--port', '0', '--no-workers'], env, /listening on (http:\/\/\S+)/);
  const procs = await Promise.all(Array.from({ length: workers }, () => startQuire(['worker', '--export-concurrency', '1', '--port', '0'], env, /worker running/)));
  const url = api.match[1];
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  try {
    const t0 = performance.now();
    const ids = await Promise.all(
      sites.map(async (_s, i) => {
        const res = await fetch(`${url}/v1/static-export/jobs`, { method: 'POST', headers, body: JSON.stringify({ domain: `docs.s${i}.test` }) });
        if (res.status !== 202) throw new Error(`start answered ${res.status}: ${await res.text()}`);
        return ((await res.json()) as { jobId: string }).jobId;
      }),
    );
    for (const id of ids) {
      for (;;) {
        const job = (await (await fetch(`${url}/v1/static-export/jobs/${id}`, { headers })).json()) as { status: string; error: string | null };
        if (job.status === 'failed') throw new Error(`export ${id} failed: ${job.error}`);
        if (job.status === 'completed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return performance.now() - t0;
  } finally {
    await Promise.all([stop(api.child), ...procs.map((p) => stop(p.child))]);
  }
}

try {
  const sites = Array.from({ length: SITES }, (_, i) => {
    const dir = join(work, `site-${i}`);
    execFileSync(process.execPath, [GEN_SITE, '--pages', String(PAGES), '--components', '--seed', String(i + 1), '--out', dir], { stdio: 'ignore' });
    return dir;
  });
  const one = await batch(1, sites);
  const two = await batch(2, sites);
  const perMin = (ms: number) => (SITES / ms) * 60_000;
  console.log(`bench:scale  ${SITES} exports of ${PAGES + 1} pages, pg-boss on embedded PostgreSQL, 1 render thread per worker, node ${process.version}`);
  console.log(`1 worker : ${(one / 1000).toFixed(1)} s   ${perMin(one).toFixed(1)} jobs/min`);
  console.log(`2 workers: ${(two / 1000).toFixed(1)} s   ${perMin(two).toFixed(1)} jobs/min`);
  console.log(`ratio (2 / 1): ${(perMin(two) / perMin(one)).toFixed(2)}   (2 cores: close to 2 when rendering dominates)`);
} finally {
  await pgServer.stop();
  rmSync(work, { recursive: true, force: true });
}
