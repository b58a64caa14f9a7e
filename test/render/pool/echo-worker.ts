/**
 * A worker for the pool tests: answers each task with its id after `ms` milliseconds,
 * one task at a time like the render worker, and says how many tasks it held
 * (received, not yet answered) when it answered, and the data it was started with or
 * sent (`{ init }`), its thread's nice value and the ids it answered before (`done`). `exit` ends the thread instead; `exitAfter` answers, then ends the
 * thread while it holds no task.
 */
import { getPriority } from 'node:os';
import { parentPort, threadId, workerData } from 'node:worker_threads';

export interface EchoTask {
  id: number;
  ms: number;
  exit?: boolean;
  /** Answer, then exit with this code once the answer is out (the worker dies idle). */
  exitAfter?: number;
  /** Busy-wait this long instead of answering (a page that never ends, for time limits). */
  spin?: number;
  /** Allocate until the heap limit kills the thread. */
  hog?: boolean;
}

parentPort!.postMessage({ ready: true });
let held = 0;
const done: number[] = [];
let data: unknown = workerData;
let chain = Promise.resolve();
parentPort!.on('message', (task: EchoTask | { init: unknown }) => {
  if ('init' in task) {
    data = task.init;
    return;
  }
  held++;
  chain = chain.then(async () => {
    if (task.exit) process.exit(3);
    if (task.spin) for (const until = Date.now() + task.spin; Date.now() < until; );
    if (task.hog) {
      const keep: string[][] = [];
      for (;;) keep.push(Array.from({ length: 100_000 }, (_, i) => `${i}-${keep.length}`));
    }
    await new Promise((resolve) => setTimeout(resolve, task.ms));
    parentPort!.postMessage({ ok: true, result: { id: task.id, held, data, thread: threadId, nice: getPriority(), done: [...done] } });
    done.push(task.id);
    held--;
    if (task.exitAfter !== undefined) setTimeout(() => process.exit(task.exitAfter), 0);
  });
});
