/** The pg-boss queue driver (scale-out mode) against the shared conformance suite, and workers starting together. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueConformance } from './conformance.js';
import { createQueueHarness, type QueueHarness, type QueueInstance } from './harness.js';

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
