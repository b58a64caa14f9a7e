/**
 * Applies pending migrations at start-up (and through `quire migrate`). Kysely's
 * migrator takes a lock, so several processes starting at once apply each migration once.
 */
import { inspect } from 'node:util';
import { Migrator, type MigrationResult } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Store } from './types.js';

export async function migrateToLatest(store: Store): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => migrations },
    // Kysely's own bookkeeping tables go in the store's schema too, so several Quire
    // schemas in one database (tests, staging next to production) migrate independently.
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw new Error(`Database migration failed: ${error instanceof Error ? error.message : inspect(error)}`, { cause: error });
  }
  return results ?? [];
}
