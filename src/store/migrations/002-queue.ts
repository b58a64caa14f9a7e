/**
 * Embedded queue (src/queue/drivers/local.ts): per-job time limit and retry delay, the
 * start of the running attempt, and an index for finding lapsed leases.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite takes one column per ALTER TABLE.
  await db.schema.alterTable('queue_jobs').addColumn('expire_seconds', 'integer', (c) => c.notNull().defaultTo(900)).execute();
  await db.schema.alterTable('queue_jobs').addColumn('retry_delay_seconds', 'integer', (c) => c.notNull().defaultTo(5)).execute();
  await db.schema.alterTable('queue_jobs').addColumn('started_at', 'text').execute();
  await db.schema.createIndex('queue_jobs_lease').on('queue_jobs').columns(['state', 'locked_until']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('queue_jobs_lease').ifExists().execute();
  for (const column of ['started_at', 'retry_delay_seconds', 'expire_seconds']) {
    await db.schema.alterTable('queue_jobs').dropColumn(column).execute();
  }
}
