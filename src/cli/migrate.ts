/**
 * `quire migrate`: applies pending schema migrations of the records database (and, in
 * scale-out mode, creates or upgrades pg-boss's schema and its queues; a pg-boss 10
 * schema is renamed aside, see src/queue/drivers/pg-boss-legacy.ts), then exits. Every process also
 * migrates at start; running this first keeps rolling deploys from racing on it.
 */
import { loadConfig } from '../config/load-config.js';
import { createLogger } from '../core/logger.js';
import { migrateToLatest } from '../store/migrate.js';
import { openStore } from '../store/open-store.js';
import { queueConfigOf } from '../ports.js';
import { openQueue } from '../queue/open-queue.js';
import { PgBossQueue } from '../queue/drivers/pg-boss.js';
import { EXPORT_QUEUE } from '../core/export-jobs.js';
import { AGENT_QUEUE } from '../agent/agent-job-service.js';
import { print, type Io } from './io.js';

export async function runMigrate(flags: { json?: boolean }, env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const config = loadConfig({ env });
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: config.databaseSchema, migrate: false });
  try {
    const results = await migrateToLatest(store);
    const queueConfig = queueConfigOf(config);
    // Only here: a pg-boss 10 schema is moved aside once, by one process, with the others stopped.
    if (queueConfig.driver === 'pg-boss') queueConfig.moveLegacySchema = true;
    const queue = openQueue(queueConfig, store, createLogger('warn'));
    await queue.start();
    // Every queue is created here, once, so workers starting together need not (pg-boss DDL deadlocks when they race).
    await queue.prepare([EXPORT_QUEUE, AGENT_QUEUE]);
    await queue.stop({ graceMs: 0 });
    const applied = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
    const movedQueueSchema = queue instanceof PgBossQueue ? queue.movedLegacySchema : undefined;
    const summary = applied.length ? `Applied ${applied.length} migration(s) on ${store.dialect}: ${applied.join(', ')}` : `The ${store.dialect} database is up to date`;
    print(io, !!flags.json, { dialect: store.dialect, applied, queue: queue.driver, ...(movedQueueSchema ? { movedQueueSchema } : {}) }, () =>
      movedQueueSchema
        ? `${summary}\nMoved the pg-boss 10 queue schema aside to "${movedQueueSchema}" (drop it once nothing there is needed); the workers queue open jobs again at start`
        : summary,
    );
    return 0;
  } finally {
    await store.close();
  }
}
