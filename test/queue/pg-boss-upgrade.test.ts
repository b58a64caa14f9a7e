/**
 * Upgrading a scale-out database from pg-boss 10 (Quire before Node 24) to pg-boss 12:
 * pg-boss 12 cannot migrate a pg-boss 10 schema, so processes refuse to start on it with
 * advice, and `quire migrate` renames it aside (its jobs kept for inspection) and
 * installs pg-boss 12 with the queues, which then run jobs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import PgBoss10 from 'pg-boss-v10';
import { afterAll, expect, it } from 'vitest';
import { AGENT_QUEUE } from '../../src/agent/agent-job-service.js';
import { EXPORT_QUEUE } from '../../src/core/export-jobs.js';
import { PgBossQueue } from '../../src/queue/drivers/pg-boss.js';
import { runQuire } from '../helpers/cli.js';
import { postgresUrl } from '../helpers/stores.js';
import { eventually } from './harness.js';

const schema = `up_${randomBytes(4).toString('hex')}`;
const bossSchema = `${schema}_pgboss`;
const dataDir = mkdtempSync(join(tmpdir(), 'quire-upgrade-'));

afterAll(async () => {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  for (const name of [schema, bossSchema, `${bossSchema}_v24`]) await client.query(`drop schema if exists "${name}" cascade`);
  await client.end();
  rmSync(dataDir, { recursive: true, force: true });
});

function oldBoss(name: string): PgBoss10 {
  return new PgBoss10({ connectionString: postgresUrl(), schema: name, supervise: false, schedule: false });
}

it('moves a pg-boss 10 schema aside in `quire migrate` and runs jobs on pg-boss 12', async () => {
  // What Quire 0.1 on pg-boss 10 left: the export queue with a queued job.
  const before = oldBoss(bossSchema);
  await before.start();
  await before.createQueue(EXPORT_QUEUE);
  const oldId = await before.send(EXPORT_QUEUE, { data: { jobId: 'se_old' }, timeLimitSeconds: 60 });
  await before.stop({ graceful: false, wait: true });
  expect(oldId).toBeTruthy();

  const refused = new PgBossQueue({ connectionString: postgresUrl(), schema: bossSchema });
  await expect(refused.start()).rejects.toThrow(/older pg-boss \(schema version 24\).*run `quire migrate`/);
  const env = { QUIRE_DATABASE_URL: postgresUrl(), QUIRE_DATABASE_SCHEMA: schema, QUIRE_DATA_DIR: dataDir, QUIRE_BOOTSTRAP_DEMO: 'false' };
  // A worker started before `quire migrate` exits with the advice (and does not hang on an open pool).
  const worker = await runQuire(['worker', '--port', '0'], env);
  expect(worker.code).not.toBe(0);
  expect(worker.stdout + worker.stderr).toMatch(/run `quire migrate` once/);

  const migrated = await runQuire(['migrate', '--json'], env);
  expect(migrated.stderr).toBe('');
  expect(migrated.code).toBe(0);
  expect(JSON.parse(migrated.stdout)).toMatchObject({ dialect: 'postgres', queue: 'pg-boss', movedQueueSchema: `${bossSchema}_v24` });
  // Once is enough: a second run finds pg-boss 12 and changes nothing.
  const again = await runQuire(['migrate', '--json'], env);
  expect(JSON.parse(again.stdout)).toEqual({ dialect: 'postgres', applied: [], queue: 'pg-boss' });

  const queue = new PgBossQueue({ connectionString: postgresUrl(), schema: bossSchema, pollIntervalMs: 500 });
  await queue.start();
  try {
    expect(await queue.getJob(EXPORT_QUEUE, oldId!)).toBeUndefined();
    // Both queues exist already (migrate made them): a job of each runs.
    const seen: unknown[] = [];
    for (const name of [EXPORT_QUEUE, AGENT_QUEUE]) {
      await queue.work(name, { concurrency: 1 }, async (job) => {
        seen.push(job.data);
      });
    }
    const ids = [await queue.send(EXPORT_QUEUE, { jobId: 'se_new' }), await queue.send(AGENT_QUEUE, { jobId: 'ag_new', turn: 1 })];
    await eventually(async () => (await queue.getJob(EXPORT_QUEUE, ids[0]))?.state === 'completed' && (await queue.getJob(AGENT_QUEUE, ids[1]))?.state === 'completed', 'both jobs');
    expect(seen).toEqual(expect.arrayContaining([{ jobId: 'se_new' }, { jobId: 'ag_new', turn: 1 }]));
  } finally {
    await queue.stop({ graceMs: 0 });
  }

  // The old jobs are still there, under the old schema's new name, for pg-boss 10 to read.
  const aside = oldBoss(`${bossSchema}_v24`);
  await aside.start();
  try {
    expect(await aside.getJobById(EXPORT_QUEUE, oldId!)).toMatchObject({ state: 'created', data: { data: { jobId: 'se_old' } } });
  } finally {
    await aside.stop({ graceful: false, wait: true });
  }
}, 120_000);
