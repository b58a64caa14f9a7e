/**
 * The render worker pool with real worker threads: answers reach the tasks they belong
 * to while each worker holds its next task ahead, and a worker that dies fails every
 * task it held and every one still queued.
 */
import { describe, expect, it } from 'vitest';
import { WorkerPool, workerFileOptions } from '../../../src/render/pool/worker-pool.js';
import type { EchoTask } from './echo-worker.js';

type Echo = { id: number; held: number; data: unknown; thread: number };

/** Runs `use` with a pool of `size` echo workers, closed afterwards whatever happens. */
async function withEchoPool(size: number, use: (pool: WorkerPool<EchoTask, Echo>) => Promise<void>): Promise<void> {
  const pool = new WorkerPool<EchoTask, Echo>(workerFileOptions(import.meta.url, './echo-worker'), size);
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

describe('WorkerPool', () => {
  it('answers each task with its own result, each worker holding the next task ahead', () =>
    withEchoPool(2, async (pool) => {
      const tasks = Array.from({ length: 40 }, (_, id) => ({ id, ms: (id * 7) % 5 }));
      const results = await Promise.all(tasks.map((t) => pool.run(t)));
      expect(results.map((r) => r.id)).toEqual(tasks.map((t) => t.id));
      const held = results.map((r) => r.held);
      expect(Math.max(...held)).toBe(2);
      expect(held.filter((h) => h === 2).length).toBeGreaterThan(30);
    }), 60_000);

  it('gives workers added by grow() the data sent by init(), and queued tasks to them', () =>
    withEchoPool(1, async (pool) => {
      pool.init({ site: 'a' });
      // Queued before the second worker exists: both workers take some.
      const runs = Array.from({ length: 20 }, (_, id) => pool.run({ id, ms: 20 }));
      pool.grow(2);
      pool.grow(1); // never shrinks
      expect(pool.size).toBe(2);
      const results = await Promise.all(runs);
      expect(results.map((r) => r.id)).toEqual(runs.map((_, id) => id));
      expect(results.every((r) => (r.data as { site: string }).site === 'a')).toBe(true);
      expect(new Set(results.map((r) => r.thread)).size).toBe(2);
    }), 60_000);

  it('fails the tasks a dead worker held and those queued', () =>
    withEchoPool(1, async (pool) => {
      const runs = [pool.run({ id: 0, ms: 0, exit: true }), pool.run({ id: 1, ms: 0 }), pool.run({ id: 2, ms: 0 })];
      const settled = await Promise.allSettled(runs);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/exited with code 3/);
      await expect(pool.run({ id: 3, ms: 0 })).rejects.toThrow(/exited with code 3/);
    }), 60_000);
});
