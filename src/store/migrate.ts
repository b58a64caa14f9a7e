/**
 * Applies pending migrations at start-up (and through `quire migrate`). Kysely's
 * migrator takes a lock, so several processes starting at once apply each migration once.
 */
import { Migrator, type MigrationResult } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Store } from './types.js';

export async function migrateToLatest(store: Store): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw new Error(`Database migration failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return results ?? [];
}
