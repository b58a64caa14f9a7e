/**
 * The queue conformance suite: every driver of the queue port runs these cases, so
 * export and agent jobs behave the same in embedded and scale-out mode. Waits are
 * deadlines for an outcome (`eventually`), never assertions about speed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UnrecoverableError } from '../../src/core/errors.js';
import type { JobContext } from '../../src/queue/types.js';
import { JobInterruptedError, JobTimeoutError } from '../../src/queue/queue-workers.js';
import { claimAndCrash, createQueueHarness, eventually, uniqueQueueName, type QueueDriverName, type QueueHarness } from './harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function queueConformance(driver: QueueDriverName): void {
  describe(`queue conformance: ${driver}`, () => {
    let h: QueueHarness;
    beforeAll(async () => {
      h = await createQueueHarness(driver);
    });
    afterEach(async () => h?.closeAll());
    afterAll(async () => h?.cleanup());

    it('delivers a job with its data, id and attempt number, then completes it', async () => {
      const { queue } = await h.open();
      const name = uniqueQueueName();
      const seen: JobContext[] = [];
      await queue.work(name, { concurrency: 1 }, async (job) => {
        seen.push(job);
      });
      const id = await queue.send(name, { site: 'docs.a.test', n: 1 });
      await eventually(async () => (await queue.getJob(name, id))?.state === 'completed', 'completion');
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ id, data: { site: 'docs.a.test', n: 1 }, attempt: 1 });
      expect(seen[0].signal.aborted).toBe(false);
      expect(await queue.getJob(name, id)).toMatchObject({ id, queue: name, state: 'completed', attempts: 1, lastError: null, data: { site: 'docs.a.test', n: 1 } });
      expect(await queue.getJob(name, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    });

    it('runs at most `concurrency` handlers of a queue at once, and uses all of them', async () => {
      const { queue } = await h.open();
      const name = uniqueQueueName();
      let active = 0;
      let maxActive = 0;
      const done: number[] = [];
      // Queued before the worker starts, so its first fetch can fill every slot.
      for (let n = 0; n < 6; n++) await queue.send(name, { n });
      await queue.work<{ n: number }>(name, { concurrency: 2 }, async (job) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(200);
        active -= 1;
        done.push(job.data.n);
      });
      await eventually(() => done.length === 6, 'six jobs');
      expect(maxActive).toBe(2);
      expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('runs each job once when two instances share the queue', async () => {
      const name = uniqueQueueName();
      const a = await h.open();
      const b = await h.open();
      const runs: Record<string, string[]> = {};
      const handler = (instance: string) => async (job: JobContext) => {
        (runs[job.id] ??= []).push(instance);
        await sleep(50);
      };
      await a.queue.work(name, { concurrency: 2 }, handler('a'));
      await b.queue.work(name, { concurrency: 2 }, handler('b'));
      const ids: string[] = [];
      for (let n = 0; n < 20; n++) ids.push(await (n % 2 ? a : b).queue.send(name, { n }));
      await eventually(async () => {
        const jobs = await Promise.all(ids.map((id) => a.queue.getJob(name, id)));
        return jobs.every((job) => job?.state === 'completed');
      }, 'twenty jobs');
      expect(Object.keys(runs).sort()).toEqual([...ids].sort());
      expect(Object.values(runs).every((instances) => instances.length === 1)).toBe(true);
      const ranOn = new Set(Object.values(runs).flat());
      expect(ranOn).toEqual(new Set(['a', 'b']));
    });

    it('retries a failing job with exponential backoff, then fails it with the last error', async () => {
      const { queue } = await h.open();
      const name = uniqueQueueName();
      const attempts: { attempt: number; at: number }[] = [];
      await queue.work(name, { concurrency: 1 }, async (job) => {
        attempts.push({ attempt: job.attempt, at: Date.now() });
        throw new Error(`boom ${job.attempt}`);
      });
      const id = await queue.send(name, {}, { retryLimit: 2, retryDelaySeconds: 1 });
      const failed = await eventually(async () => {
        const job = await queue.getJob(name, id);
        return job?.state === 'failed' ? job : undefined;
      }, 'failure');
      expect(failed).toMatchObject({ attempts: 3, retryLimit: 2, lastError: 'boom 3' });
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
      // First retry after at least the delay, second after at least twice the delay.
      expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(900);
      expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(1900);
    });

    it('completes a job whose retry succeeds', async () => {
      const { queue } = await h.open();
      const name = uniqueQueueName();
      await queue.work(name, { concurrency: 1 }, async (job) => {
        if (job.attempt === 1) throw new Error('transient');
      });
      const id = await queue.send(name, {}, { retryLimit: 1, retryDelaySeconds: 1 });
      const job = await eventually(async () => {
        const j = await queue.getJob(name, id);
        return j?.state === 'completed' ? j : undefined;
      }, 'completion after a retry');
      expect(job.attempts).toBe(2);
    });

    it('fails a job at once on UnrecoverableError', async () => {
      const { queue } = await h.open();
      const name = uniqueQueueName();
      let calls = 0;
      await queue.work(name, { concurrency: 1 }, async () => {
        calls += 1;
        throw new UnrecoverableError('docs.json is missing');
      });
      const id = await queue.send(name, {}, { retryLimit: 3, retryDelaySeconds: 1 });
      const job = await eventually(async () => {
        const j = await queue.getJob(name, id);
        return j?.state === 'failed' ? j : undefined;
      }, 'failure');
      expect(job).toMatchObject({ attempts: 1, lastError: 'docs.json is missing' });
      expect(calls).toBe(1);
    });

    it('aborts the signal when the time limit passes and counts it as a failed attempt', async () => {
      const { queue } = await h.open();
      const name = uniqueQueueName();
      const reasons: unknown[] = [];
      await queue.work(name, { concurrency: 1 }, async (job) => {
        await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
        reasons.push(job.signal.reason);
        throw job.signal.reason;
      });
      const id = await queue.send(name, {}, { expireInSeconds: 1, retryLimit: 0 });
      const job = await eventually(async () => {
        const j = await queue.getJob(name, id);
        return j?.state === 'failed' ? j : undefined;
      }, 'time limit');
      expect(job.attempts).toBe(1);
      expect(job.lastError).toMatch(/time limit of 1 s/);
      await eventually(() => reasons.length === 1, 'handler to see the abort');
      expect(reasons[0]).toBeInstanceOf(JobTimeoutError);
    });

    it('queues one job per singleton key', async () => {
      const { queue } = await h.open();
      const name = uniqueQueueName();
      const first = await queue.send(name, { v: 1 }, { singletonKey: 'se_0001' });
      const again = await queue.send(name, { v: 2 }, { singletonKey: 'se_0001' });
      const other = await queue.send(name, { v: 3 }, { singletonKey: 'se_0002' });
      expect(again).toBe(first);
      expect(other).not.toBe(first);
      const seen: unknown[] = [];
      await queue.work(name, { concurrency: 2 }, async (job) => {
        seen.push(job.data);
      });
      await eventually(async () => (await queue.getJob(name, other))?.state === 'completed' && (await queue.getJob(name, first))?.state === 'completed', 'both jobs');
      expect(seen).toHaveLength(2);
      expect(seen).toContainEqual({ v: 1 });
      expect(seen).toContainEqual({ v: 3 });
    });

    it('starts a delayed job only after its delay', async () => {
      const { queue } = await h.open();
      const name = uniqueQueueName();
      let startedAt = 0;
      await queue.work(name, { concurrency: 1 }, async () => {
        startedAt = Date.now();
      });
      const sentAt = Date.now();
      const id = await queue.send(name, {}, { startAfterSeconds: 1 });
      await eventually(async () => (await queue.getJob(name, id))?.state === 'completed', 'delayed job');
      expect(startedAt - sentAt).toBeGreaterThanOrEqual(900);
    });

    it('stop() waits for a running handler to finish', async () => {
      const instance = await h.open();
      const name = uniqueQueueName();
      let started = false;
      let finished = false;
      await instance.queue.work(name, { concurrency: 1 }, async () => {
        started = true;
        await sleep(500);
        finished = true;
      });
      const id = await instance.queue.send(name, {});
      await eventually(() => started, 'handler start');
      await instance.close(10_000);
      expect(finished).toBe(true);
      const { queue: inspector } = await h.open();
      expect(await inspector.getJob(name, id)).toMatchObject({ state: 'completed', attempts: 1 });
    });

    it('stop() aborts a handler still running after the grace period; the attempt counts and the job is retried', async () => {
      const first = await h.open();
      const name = uniqueQueueName();
      let reason: unknown;
      await first.queue.work(name, { concurrency: 1 }, async (job) => {
        await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
        reason = job.signal.reason;
      });
      const id = await first.queue.send(name, { keep: true }, { retryLimit: 1, retryDelaySeconds: 1 });
      await eventually(async () => (await first.queue.getJob(name, id))?.state === 'active', 'job start');
      await first.close(200);
      expect(reason).toBeInstanceOf(JobInterruptedError);

      const second = await h.open();
      const interrupted = await second.queue.getJob(name, id);
      expect(interrupted).toMatchObject({ state: 'queued', attempts: 1 });
      expect(interrupted?.lastError).toMatch(/stop|shut down/);
      const attempts: number[] = [];
      await second.queue.work(name, { concurrency: 1 }, async (job) => {
        attempts.push(job.attempt);
      });
      await eventually(async () => (await second.queue.getJob(name, id))?.state === 'completed', 'completion on the next instance');
      expect(attempts).toEqual([2]);
    });

    it('runs the job of a worker killed mid-job (SIGKILL) on another instance', async () => {
      const name = uniqueQueueName();
      const sender = await h.open();
      const id = await sender.queue.send(name, { export: 'se_crash' }, { retryLimit: 2, retryDelaySeconds: 1 });
      expect(await claimAndCrash(h.location, h.config(), name)).toBe(id);
      const crashed = await sender.queue.getJob(name, id);
      // Active until a lease check notices the dead worker (pg-boss may already have).
      expect(crashed?.attempts).toBe(1);
      expect(['active', 'queued']).toContain(crashed?.state);

      const seen: JobContext[] = [];
      await sender.queue.work(name, { concurrency: 1 }, async (job) => {
        seen.push(job);
      });
      await eventually(async () => (await sender.queue.getJob(name, id))?.state === 'completed', 'the crashed job to complete', 40_000);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ id, attempt: 2, data: { export: 'se_crash' } });
    });

    it('keeps queued jobs across close and reopen', async () => {
      const name = uniqueQueueName();
      const before = await h.open();
      const ids = [await before.queue.send(name, { n: 1 }), await before.queue.send(name, { n: 2 })];
      await before.close();

      const after = await h.open();
      const seen: number[] = [];
      await after.queue.work<{ n: number }>(name, { concurrency: 1 }, async (job) => {
        seen.push(job.data.n);
      });
      await eventually(async () => {
        const states = await Promise.all(ids.map((id) => after.queue.getJob(name, id)));
        return states.every((job) => job?.state === 'completed');
      }, 'both jobs after reopening');
      expect(seen.sort()).toEqual([1, 2]);
    });
  });
}
