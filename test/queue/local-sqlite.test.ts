/**
 * The embedded queue driver on SQLite: the shared conformance suite, plus what only this
 * driver does (a restarted process takes its own running jobs back at once; another
 * process's job is left alone while its lease holds).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claimAndCrash, createQueueHarness, eventually, uniqueQueueName, type QueueHarness } from './harness.js';
import { queueConformance } from './conformance.js';

queueConformance('local-sqlite');

describe('local queue: restart of the same instance', () => {
  let h: QueueHarness | undefined;
  afterEach(async () => h?.cleanup());

  it('takes the jobs its previous run left active back at start, without waiting for the lease', async () => {
    h = await createQueueHarness('local-sqlite');
    const name = uniqueQueueName();
    const sender = await h.open();
    const id = await sender.queue.send(name, {});
    // A lease far longer than the test timeout: only the restart rule can free the job.
    const config = h.config({ instanceId: 'embedded', leaseMs: 3_600_000 });
    expect(await claimAndCrash(h.location, config, name)).toBe(id);

    const restarted = await h.open({ instanceId: 'embedded', leaseMs: 3_600_000 });
    const attempts: number[] = [];
    await restarted.queue.work(name, { concurrency: 1 }, async (job) => {
      attempts.push(job.attempt);
    });
    await eventually(async () => (await restarted.queue.getJob(name, id))?.state === 'completed', 'the job after restart');
    expect(attempts).toEqual([2]);
  });

  it('leaves another instance\'s running job alone while its lease holds', async () => {
    h = await createQueueHarness('local-sqlite');
    const name = uniqueQueueName();
    const a = await h.open({ instanceId: 'a', leaseMs: 60_000 });
    let release!: () => void;
    await a.queue.work(name, { concurrency: 1 }, () => new Promise<void>((resolve) => (release = resolve)));
    const id = await a.queue.send(name, {});
    await eventually(async () => (await a.queue.getJob(name, id))?.state === 'active', 'job start');

    const b = await h.open({ instanceId: 'b', leaseMs: 60_000 });
    let ranOnB = false;
    await b.queue.work(name, { concurrency: 1 }, async () => {
      ranOnB = true;
    });
    const marker = await b.queue.send(name, { marker: true });
    // B completes a later job of the same queue, so it has polled while A held the lease.
    await eventually(async () => (await b.queue.getJob(name, marker))?.state === 'completed', 'marker job');
    expect(ranOnB).toBe(true);
    expect(await b.queue.getJob(name, id)).toMatchObject({ state: 'active', attempts: 1 });
    release();
    await eventually(async () => (await a.queue.getJob(name, id))?.state === 'completed', 'A to finish');
  });
});
