/**
 * The render worker pool with real worker threads: answers reach the tasks they belong
 * to while each worker holds tasks ahead (more while the queue is long); a task that kills its worker, runs
 * past its time limit or out of heap fails alone and the worker is replaced, as is a
 * worker that dies between tasks; a prepared task reaches each worker ahead of what follows,
 * under the same limits, and fails no task; closing the pool replaces nothing.
 */
import { getPriority } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { TaskBudgetError, WorkerPool, aheadLimit, workerFileOptions, type WorkerPoolOptions } from '../../../src/render/pool/worker-pool.js';
import type { EchoTask } from './echo-worker.js';

type Echo = { id: number; held: number; data: unknown; thread: number; nice: number; done: number[] };

/** Runs `use` with a pool of `size` echo workers, closed afterwards whatever happens. */
async function withEchoPool(size: number, use: (pool: WorkerPool<EchoTask, Echo>) => Promise<void>, options?: WorkerPoolOptions): Promise<void> {
  const pool = new WorkerPool<EchoTask, Echo>(workerFileOptions(import.meta.url, './echo-worker'), size, undefined, options);
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

describe('WorkerPool', () => {
  it('answers each task with its own result, each worker holding tasks ahead: many while the queue is long, two at its end', () =>
    withEchoPool(2, async (pool) => {
      const tasks = Array.from({ length: 80 }, (_, id) => ({ id, ms: (id * 7) % 5 }));
      const results = await Promise.all(tasks.map((t) => pool.run(t)));
      expect(results.map((r) => r.id)).toEqual(tasks.map((t) => t.id));
      const held = results.map((r) => r.held);
      // 80 queued, 2 workers: a worker holds up to a quarter of its share (10), fewer as the queue shrinks.
      expect(Math.max(...held)).toBeGreaterThan(2);
      expect(Math.max(...held)).toBeLessThanOrEqual(10);
      // Near the end the last answers hold few.
      expect(Math.max(...held.slice(-4))).toBeLessThanOrEqual(3);
    }), 60_000);

  it('sizes what a worker holds ahead from the queue left: a quarter of its share, never under two', () => {
    expect(aheadLimit(1000, 1)).toBe(250);
    expect(aheadLimit(1000, 2)).toBe(125);
    expect(aheadLimit(9, 1)).toBe(3);
    expect(aheadLimit(3, 2)).toBe(2);
    expect(aheadLimit(0, 0)).toBe(2);
  });

  it('fails only the task whose worker died, and runs the rest on a new worker', () =>
    withEchoPool(1, async (pool) => {
      const runs = [pool.run({ id: 0, ms: 0, exit: true }), pool.run({ id: 1, ms: 0 }), pool.run({ id: 2, ms: 0 })];
      const settled = await Promise.allSettled(runs);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      expect(String((settled[0] as PromiseRejectedResult).reason)).toMatch(/exited with code 3/);
      expect((await pool.run({ id: 3, ms: 0 })).id).toBe(3);
      expect(pool.size).toBe(1);
    }), 60_000);

  it('replaces a worker that dies holding no task, with no task failed and the data sent by init()', () =>
    withEchoPool(1, async (pool) => {
      pool.init({ site: 'b' });
      const first = await pool.run({ id: 0, ms: 0, exitAfter: 7 });
      expect(first.id).toBe(0);
      // The worker exits once its answer is out: the pool starts another one in its place.
      await vi.waitFor(() => expect(pool.replacements).toBe(1), { timeout: 30_000, interval: 20 });
      expect(pool.size).toBe(1);
      const after = await Promise.all([1, 2, 3].map((id) => pool.run({ id, ms: 0 })));
      expect(after.map((r) => r.id)).toEqual([1, 2, 3]);
      expect(after.every((r) => r.thread !== first.thread && (r.data as { site: string }).site === 'b')).toBe(true);
    }), 60_000);

  it('runs workers at the priority of the thread that starts them unless a nice value is given', async () => {
    await withEchoPool(1, async (pool) => {
      expect((await pool.run({ id: 0, ms: 0 })).nice).toBe(getPriority());
    });
    await withEchoPool(2, async (pool) => {
      const results = await Promise.all([0, 1, 2, 3].map((id) => pool.run({ id, ms: 5 })));
      expect(results.map((r) => r.nice)).toEqual([7, 7, 7, 7]);
      expect(new Set(results.map((r) => r.thread)).size).toBe(2);
      // Only the workers: this thread keeps its priority.
      expect(getPriority()).not.toBe(7);
    }, { nice: 7 });
  }, 60_000);

  it('replaces no worker when the pool is closed', async () => {
    const pool = new WorkerPool<EchoTask, Echo>(workerFileOptions(import.meta.url, './echo-worker'), 2);
    expect((await pool.run({ id: 0, ms: 0 })).id).toBe(0);
    await pool.close();
    expect(pool.replacements).toBe(0);
    await expect(pool.run({ id: 1, ms: 0 })).rejects.toThrow();
  }, 60_000);

  it('ends a task past its time limit, replaces the worker, and goes on', () =>
    withEchoPool(1, async (pool) => {
      const runs = [pool.run({ id: 0, ms: 0, spin: 60_000 }), pool.run({ id: 1, ms: 0 }), pool.run({ id: 2, ms: 10 })];
      const settled = await Promise.allSettled(runs);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      const reason = (settled[0] as PromiseRejectedResult).reason as TaskBudgetError;
      expect(reason).toBeInstanceOf(TaskBudgetError);
      expect(reason.budget).toBe('time');
      expect(reason.message).toBe('it took longer than 1 s');
    }, { taskTimeoutMs: 1000 }), 60_000);

  it('gives each worker a prepared task ahead of the tasks run after it, and drops its answer', () =>
    withEchoPool(2, async (pool) => {
      pool.prepare({ id: -1, ms: 30 } satisfies EchoTask);
      const results = await Promise.all([0, 1, 2, 3, 4, 5].map((id) => pool.run({ id, ms: 5 })));
      expect(results.map((r) => r.id)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(new Set(results.map((r) => r.thread)).size).toBe(2);
      // On each thread the prepared task was answered first.
      expect(results.every((r) => r.done[0] === -1)).toBe(true);
      expect(pool.replacements).toBe(0);
    }), 60_000);

  it('replaces a worker whose prepared task goes past its time limit, and fails no task for it', () =>
    withEchoPool(1, async (pool) => {
      pool.prepare({ id: -1, ms: 0, spin: 60_000 } satisfies EchoTask);
      const results = await Promise.all([0, 1].map((id) => pool.run({ id, ms: 0 })));
      expect(results.map((r) => r.id)).toEqual([0, 1]);
      // Run by the new worker, which was given no prepared task.
      expect(results[0].done).toEqual([]);
      expect(pool.replacements).toBe(1);
    }, { taskTimeoutMs: 1000 }), 60_000);

  it('fails a task that runs its worker out of heap alone', () =>
    withEchoPool(1, async (pool) => {
      const runs = [pool.run({ id: 0, ms: 0, hog: true }), pool.run({ id: 1, ms: 0 })];
      const settled = await Promise.allSettled(runs);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled']);
      const reason = (settled[0] as PromiseRejectedResult).reason as TaskBudgetError;
      expect(reason).toBeInstanceOf(TaskBudgetError);
      expect(reason.budget).toBe('memory');
      expect(reason.message).toBe("it needed more than the render thread's 32 MB heap");
    }, { maxOldGenerationSizeMb: 32 }), 60_000);
});
