/**
 * Picks the queue driver once at start-up: `local` (jobs in the records database, run
 * in this process) for embedded mode, `pg-boss` for scale-out mode. The caller starts
 * the queue, registers workers (or not, for an API-only process) and stops it.
 */
import type { Store } from '../store/types.js';
import type { QueueConfig } from './config.js';
import { LocalQueue } from './drivers/local.js';
import { PgBossQueue } from './drivers/pg-boss.js';
import type { Queue } from './types.js';
import type { QueueLogger } from './queue-workers.js';

export function openQueue(config: QueueConfig, store: Store, logger?: QueueLogger): Queue {
  if (config.driver === 'pg-boss') {
    if (store.dialect !== 'postgres') throw new Error('The pg-boss queue driver needs the records in PostgreSQL');
    const { driver: _driver, ...options } = config;
    return new PgBossQueue({ ...options, logger });
  }
  const { driver: _driver, ...options } = config;
  return new LocalQueue(store, { ...options, logger });
}
