/**
 * An export whose attempts are all used up by time-outs: each attempt stops when its
 * time is up (pack and upload included), the job is not left `running`: reconciliation
 * marks it failed with the reason, the organization's active limit is free again, and
 * retention removes the job later. Run on SQLite (local queue) and PostgreSQL (pg-boss).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/api/deps.js';
import { EXPORT_QUEUE } from '../../src/core/export-jobs.js';
import { reconcileExports } from '../../src/core/reconcile-exports.js';
import { removeExpiredExports } from '../../src/core/retention.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { pollUntil } from '../helpers/poll.js';
import { generateSite } from '../helpers/sites.js';
import type { Dialect } from '../../src/store/types.js';

describe.each<Dialect>(['sqlite', 'postgres'])('exports that run out of attempts (%s)', (dialect) => {
  let api: TestApi;
  let deps: AppDeps;
  let site: string;

  beforeAll(async () => {
    site = generateSite(1500);
    api = await startTestApi({
      dialect,
      repository: site,
      env: { QUIRE_EXPORT_TIMEOUT: '1', QUIRE_EXPORT_MAX_ATTEMPTS: '2', QUIRE_EXPORT_MAX_ACTIVE: '1', QUIRE_RENDER_THREADS: '1' },
      onStoreReady: async (_store, d) => {
        deps = d;
      },
    });
  });
  afterAll(async () => {
    await api.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('are marked failed with the reason, free the active limit, and are removed by retention', async () => {
    const res = await api.fetch('/v1/static-export/jobs', { method: 'POST', json: { domain: 'docs.acme.test' } });
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const queueId = await deps.queue.send(EXPORT_QUEUE, { jobId }, { singletonKey: jobId });
    // Both attempts end at their time limit; the queue gives the job up.
    const given = await pollUntil(async () => (await deps.queue.getJob(EXPORT_QUEUE, queueId))!, (j) => j.state === 'failed', { timeoutMs: 90_000, intervalMs: 100 });
    expect(given.attempts).toBe(2);
    // No attempt may call the job failed or completed on its own after its time ran out.
    const stuck = (await (await api.fetch(`/v1/static-export/jobs/${jobId}`)).json()) as { status: string };
    expect(stuck.status).toBe('running');
    expect((await api.fetch('/v1/static-export/jobs', { method: 'POST', json: { domain: 'docs.acme.test' } })).status).toBe(429);

    expect(await reconcileExports({ store: api.store, queue: deps.queue, logger: deps.logger, settings: api.config.exports })).toBe(1);
    const failed = (await (await api.fetch(`/v1/static-export/jobs/${jobId}`)).json()) as { status: string; error: string };
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^The export could not be finished after 2 attempts: .+/);
    await pollUntil(async () => existsSync(join(api.config.dataDir, 'work', jobId)), (present) => !present, { timeoutMs: 20_000 });
    expect(api.logs.some((l) => l.includes('export attempt aborted') && l.includes(jobId))).toBe(true);

    // The limit is free: a new export is accepted (and may run out of time too).
    expect((await api.fetch('/v1/static-export/jobs', { method: 'POST', json: { domain: 'docs.acme.test' } })).status).toBe(202);
    expect(await reconcileExports({ store: api.store, queue: deps.queue, logger: deps.logger, settings: api.config.exports })).toBe(0);

    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await removeExpiredExports({ store: api.store, blobs: deps.blobs, logger: deps.logger }, 30, later)).toBeGreaterThanOrEqual(1);
    expect((await api.fetch(`/v1/static-export/jobs/${jobId}`)).status).toBe(404);
  });
});
