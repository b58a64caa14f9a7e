/**
 * Scale-out mode end to end: PostgreSQL (embedded), an S3-compatible server (s3rver),
 * two `quire serve --no-workers` API processes and two `quire worker` processes on
 * loopback. 20 exports started across both APIs all complete, polled through either;
 * one worker is killed with SIGKILL in the middle of an export, which still completes
 * with a bundle byte-identical to an uninterrupted run of the same job.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../../src/core/api-keys.js';
import { createOrganization } from '../../src/core/organizations.js';
import { createProject } from '../../src/core/projects.js';
import { QUIRE_VERSION } from '../../src/core/version.js';
import { packBundle } from '../../src/render/bundle/pack.js';
import { exportSite } from '../../src/render/export-site.js';
import { openStore } from '../../src/store/open-store.js';
import { findExportJob } from '../../src/store/records/export-jobs.js';
import { spawnQuire, waitForExit, waitForOutput } from '../helpers/cli.js';
import { pollUntil } from '../helpers/poll.js';
import { startS3Server, type S3Server } from '../helpers/s3-server.js';
import { generateSite } from '../helpers/sites.js';
import { postgresUrl } from '../helpers/stores.js';

type Child = ReturnType<typeof spawnQuire>;
const work = mkdtempSync(join(tmpdir(), 'quire-scale-'));
const schema = `scale_${randomBytes(4).toString('hex')}`;
let s3: S3Server;
let env: Record<string, string>;
let key: string;
let bigSite: string;
const children: Child[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  env = {
    QUIRE_DATABASE_URL: postgresUrl(),
    QUIRE_DATABASE_SCHEMA: schema,
    QUIRE_BLOB_DRIVER: 's3',
    QUIRE_S3_BUCKET: s3.bucket,
    QUIRE_S3_ENDPOINT: s3.endpoint,
    QUIRE_S3_FORCE_PATH_STYLE: 'true',
    QUIRE_S3_ACCESS_KEY_ID: s3.accessKeyId,
    QUIRE_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    QUIRE_BOOTSTRAP_DEMO: 'false',
    QUIRE_EXPORT_MAX_ACTIVE: '50',
    QUIRE_JOB_ABANDONED_AFTER: '20',
    QUIRE_RENDER_THREADS: '1',
    QUIRE_DATA_DIR: join(work, 'data'),
  };
  bigSite = generateSite(200, { dir: join(work, 'big') });
  const store = await openStore({ dataDir: join(work, 'data'), databaseUrl: postgresUrl(), schema });
  const org = await createOrganization(store, { name: 'Scale' });
  await createProject(store, { orgId: org.id, domain: 'docs.big.test', repository: bigSite });
  for (let i = 0; i < 3; i++) {
    await createProject(store, { orgId: org.id, domain: `docs.s${i}.test`, repository: generateSite(4, { dir: join(work, `s${i}`) }) });
  }
  key = (await createApiKey(store, { orgId: org.id })).key;
  await store.close();
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await s3?.stop();
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.query(`drop schema if exists "${schema}_pgboss" cascade`);
  await client.end();
  rmSync(work, { recursive: true, force: true });
});

async function api(): Promise<string> {
  const child = spawnQuire(['serve', '--port', '0', '--no-workers'], env);
  children.push(child);
  const [, url] = await waitForOutput(child, /listening on (http:\/\/\S+) \(API only/, 90_000);
  return url;
}

const output = new Map<Child, string>();

async function worker(id: string): Promise<Child> {
  const child = spawnQuire(['worker', '--export-concurrency', '1', '--port', '0'], { ...env, QUIRE_LOG_LEVEL: 'info', QUIRE_DATA_DIR: join(work, `worker-${id}`) });
  children.push(child);
  output.set(child, '');
  child.stdout!.on('data', (d: Buffer) => output.set(child, output.get(child)! + d.toString()));
  const [, probes] = await waitForOutput(child, /Quire worker running .*\/metrics on (http:\/\/\S+)/, 90_000);
  probeUrls.set(child, probes);
  return child;
}

const probeUrls = new Map<Child, string>();

const headers = () => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

async function status(url: string, jobId: string): Promise<{ status: string; pageCount: number; error: string | null }> {
  return (await (await fetch(`${url}/v1/static-export/jobs/${jobId}`, { headers: headers() })).json()) as { status: string; pageCount: number; error: string | null };
}

it('runs 20 exports across two APIs and two workers, surviving a SIGKILLed worker', async () => {
  const [apiA, apiB] = await Promise.all([api(), api()]);
  const workers = await Promise.all([worker('a'), worker('b')]);

  // The big export first, so one of the workers is busy with it when we kill it.
  const big = await fetch(`${apiA}/v1/static-export/jobs`, { method: 'POST', headers: headers(), body: JSON.stringify({ domain: 'docs.big.test', version: 'v1' }) });
  expect(big.status).toBe(202);
  const bigId = ((await big.json()) as { jobId: string }).jobId;
  await pollUntil(() => status(apiB, bigId), (j) => j.status === 'running' && j.pageCount > 0, { intervalMs: 50, timeoutMs: 120_000 });
  // The worker that logged the start of the big export is the one to kill.
  const victim = await pollUntil(
    async () => workers.find((w) => /"msg":"export started"/.test(output.get(w)!) && output.get(w)!.includes(bigId)),
    (w) => w !== undefined,
    { timeoutMs: 30_000 },
  );
  victim!.kill('SIGKILL');
  expect(await waitForExit(victim!)).toBeNull();
  const survivor = workers.find((w) => w !== victim)!;
  const replacement = await worker('c');

  const ids: string[] = [bigId];
  for (let i = 0; i < 19; i++) {
    const url = i % 2 === 0 ? apiA : apiB;
    const res = await fetch(`${url}/v1/static-export/jobs`, { method: 'POST', headers: headers(), body: JSON.stringify({ domain: `docs.s${i % 3}.test` }) });
    expect(res.status).toBe(202);
    ids.push(((await res.json()) as { jobId: string }).jobId);
  }
  for (const [i, id] of ids.entries()) {
    const done = await pollUntil(() => status(i % 2 ? apiA : apiB, id), (j) => j.status === 'completed' || j.status === 'failed', { timeoutMs: 300_000, intervalMs: 250 });
    expect(done, id).toMatchObject({ status: 'completed', error: null });
  }

  // The big bundle, through a SigV4 link, equals an uninterrupted run of the same job.
  const link = (await (await fetch(`${apiB}/v1/static-export/jobs/${bigId}/bundle`, { method: 'POST', headers: headers() })).json()) as { bundleUrl: string; sha256: string };
  expect(link.bundleUrl).toContain('X-Amz-Signature=');
  const bytes = Buffer.from(await (await fetch(link.bundleUrl)).arrayBuffer());
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(link.sha256);
  const store = await openStore({ dataDir: join(work, 'data'), databaseUrl: postgresUrl(), schema, migrate: false });
  const record = (await findExportJob(store.db, bigId))!;
  await store.close();
  // On this thread: the same pages as render threads give, without starting two threads from the TypeScript sources (~3 s of CPU each).
  await exportSite({ root: bigSite, outDir: join(work, 'ref-site'), baseUrl: 'https://docs.big.test', deployment: 'client-hosted', workers: 0 });
  const ref = await packBundle({ siteDir: join(work, 'ref-site'), outFile: join(work, 'ref.tar.gz'), jobId: bigId, domain: 'docs.big.test', version: 'v1', createdAt: record.createdAt, engineVersion: QUIRE_VERSION });
  expect(link.sha256).toBe(ref.sha256);

  // The job came back on another worker: its log shows a second attempt.
  expect([...output.values()].join('')).toMatch(new RegExp(`"jobId":"${bigId}","attempt":2`));
  // Each worker answers its probes; its metrics count the exports it ran and every job's state.
  for (const c of [survivor, replacement]) {
    const url = probeUrls.get(c)!;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ready' });
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toMatch(/^quire_export_jobs\{status="completed"\} 20$/m);
    expect(text).toMatch(/^quire_export_jobs\{status="queued"\} 0$/m);
    expect(text).toMatch(/^quire_export_oldest_queued_seconds 0$/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  }
  const ran = await Promise.all([survivor, replacement].map(async (c) => Number(/^quire_export_attempts_total\{outcome="completed"\} (\d+)$/m.exec(await (await fetch(`${probeUrls.get(c)!}/metrics`)).text())?.[1] ?? 0)));
  expect(ran.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  for (const c of [survivor, replacement]) c.kill('SIGTERM');
  expect(await Promise.all([waitForExit(survivor), waitForExit(replacement)])).toEqual([0, 0]);
}, 600_000);
