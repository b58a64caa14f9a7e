/**
 * A queue worker process for the crash test: opens the store and the queue given as a
 * JSON argument, claims one job, prints `claimed <id>` and hangs until it is killed
 * (the test sends SIGKILL, so nothing is released or recorded).
 */
import { openQueue } from '../../src/queue/open-queue.js';
import type { QueueConfig } from '../../src/queue/config.js';
import { openStore } from '../../src/store/open-store.js';
import type { StoreLocation } from './harness.js';

const { location, config, queue } = JSON.parse(process.argv[2]) as { location: StoreLocation; config: QueueConfig; queue: string };
const store = await openStore({ ...location, migrate: false });
const jobs = openQueue(config, store);
await jobs.start();
await jobs.work(queue, { concurrency: 1 }, async (job) => {
  process.stdout.write(`claimed ${job.id} ${job.attempt}\n`);
  await new Promise(() => undefined);
});
