/**
 * The pg-boss queue driver (scale-out mode) against the shared conformance suite, plus
 * what only pg-boss does here: workers starting together, and an attempt taken away
 * from a running handler (pg-boss's monitor after a lost heartbeat, or an operator).
 */
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBossQueueConfig } from '../../src/queue/config.js';
import { JobInterruptedError } from '../../src/queue/queue-workers.js';
import { queueConformance } from './conformance.js';
import { createQueueHarness, eventually, uniqueQueueName, type QueueHarness, type QueueInstance } from './harness.js';

queueConformance('pg-boss');

describe('pg-boss: many workers starting at once', () => {
  let harness: QueueHarness;
  beforeAll(async () => {
    harness = await createQueueHarness('pg-boss');
  });
  afterAll(async () => {
    await harness.closeAll();
    await harness.cleanup();
  });

  it('creates each queue once, without deadlocks, when 16 processes start working it together', async () => {
    const instances = await Promise.all(Array.from({ length: 16 }, () => harness.open()));
    const names = ['static-export-x', 'agent-x'];
    const started = await Promise.allSettled(instances.flatMap((i: QueueInstance) => names.map((n) => i.queue.work(n, { concurrency: 1 }, async () => undefined))));
    const failures = started.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => String(s.reason));
    expect(failures).toEqual([]);
    const id = await instances[0].queue.send('static-export-x', { n: 1 });
    const done = await (async () => {
      for (let i = 0; i < 200; i++) {
        const info = await instances[1].queue.getJob('static-export-x', id);
        if (info?.state === 'completed') return info;
        await new Promise((r) => setTimeout(r, 50));
      }
      return undefined;
    })();
    expect(done?.state).toBe('completed');
  }, 120_000);
});

describe('pg-boss: an attempt taken from a running handler', () => {
  let harness: QueueHarness;
  beforeAll(async () => {
    harness = await createQueueHarness('pg-boss');
  });
  afterAll(async () => {
    await harness.closeAll();
    await harness.cleanup();
  });

  /** Fails the job's current attempt through pg-boss's public API, as its monitor does when a heartbeat lapses. */
  async function takeAway(name: string, id: string): Promise<void> {
    const { connectionString, schema } = harness.config() as PgBossQueueConfig;
    const operator = new PgBoss({ connectionString, schema, supervise: false, schedule: false });
    await operator.start();
    await operator.fail(name, id, { message: 'taken away' });
    await operator.stop({ graceful: false });
  }

  function holdingHandler() {
    const releases: Record<number, () => void> = {};
    const reasons: unknown[] = [];
    const handler = async (job: { attempt: number; signal: AbortSignal }) => {
      job.signal.addEventListener('abort', () => reasons.push(job.signal.reason), { once: true });
      await new Promise<void>((resolve) => (releases[job.attempt] = resolve));
    };
    return { releases, reasons, handler };
  }

  it('a late completion of the lost attempt leaves the next attempt, on another worker, running', async () => {
    const name = uniqueQueueName();
    const a = await harness.open();
    const b = await harness.open();
    const { releases, handler } = holdingHandler();
    await a.queue.work(name, { concurrency: 1 }, handler);
    const id = await a.queue.send(name, {}, { retryDelaySeconds: 1 });
    await eventually(() => releases[1] !== undefined, 'attempt 1');
    await takeAway(name, id);
    await b.queue.work(name, { concurrency: 1 }, handler);
    await eventually(() => releases[2] !== undefined, 'attempt 2 on the other instance');

    releases[1](); // attempt 1 completes late: pg-boss's completion is fenced to attempt 1
    await eventually(async () => (await b.queue.getJob(name, id))?.attempts === 2, 'attempt 2 to show');
    await new Promise((resolve) => setTimeout(resolve, 1000)); // time for A's (fenced) completion to land
    expect(await a.queue.getJob(name, id)).toMatchObject({ state: 'active', attempts: 2, lastError: 'taken away' });

    releases[2]();
    await eventually(async () => (await a.queue.getJob(name, id))?.state === 'completed', 'attempt 2 to complete');
    expect(await a.queue.getJob(name, id)).toMatchObject({ attempts: 2, lastError: null });
  }, 60_000);

  it('aborts the lost attempt\'s signal at its next heartbeat', async () => {
    const name = uniqueQueueName();
    const a = await harness.open();
    const { releases, reasons, handler } = holdingHandler();
    await a.queue.work(name, { concurrency: 1 }, handler);
    const id = await a.queue.send(name, {}, { retryLimit: 0 });
    await eventually(() => releases[1] !== undefined, 'attempt 1');
    await takeAway(name, id);
    await eventually(() => reasons.length > 0, 'the abort of attempt 1');
    expect(reasons[0]).toBeInstanceOf(JobInterruptedError);
    expect((reasons[0] as Error).message).toMatch(/lease was lost/);
    expect(await a.queue.getJob(name, id)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'taken away' });
  }, 60_000);
});
