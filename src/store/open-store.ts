/**
 * Picks the records driver once at start-up: PostgreSQL when the database URL is a
 * `postgres://` URL, otherwise SQLite in the data directory. Migrations run here.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgresStore } from './drivers/postgres.js';
import { openSqliteStore } from './drivers/sqlite.js';
import { migrateToLatest } from './migrate.js';
import type { Store } from './types.js';

export interface OpenStoreOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema. @default 'public' */
  schema?: string;
  /** @default true */
  migrate?: boolean;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  let store: Store;
  if (isPostgresUrl(options.databaseUrl)) {
    store = await openPostgresStore({ url: options.databaseUrl, schema: options.schema });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    store = openSqliteStore({ file: join(options.dataDir, 'quire.db') });
  }
  if (options.migrate !== false) {
    try {
      await migrateToLatest(store);
    } catch (err) {
      await store.close();
      throw err;
    }
  }
  return store;
}
