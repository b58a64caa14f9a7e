/** The queue port, its configuration and its drivers. */
export * from './types.js';
export type { LocalQueueConfig, PgBossQueueConfig, QueueConfig } from './config.js';
export { openQueue } from './open-queue.js';
export { JobTimeoutError, JobInterruptedError, type QueueLogger } from './queue-workers.js';
export { LocalQueue } from './drivers/local.js';
export { PgBossQueue } from './drivers/pg-boss.js';
