/**
 * Opens a fresh, migrated store of each driver for a test: a SQLite file in its own
 * temp folder, or a PostgreSQL schema of its own on the shared embedded server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import type { Dialect, Store } from '../../src/store/types.js';

export interface TestStore {
  store: Store;
  dataDir: string;
  /** The database URL (PostgreSQL) or undefined (SQLite in dataDir). */
  databaseUrl?: string;
  schema?: string;
  cleanup(): Promise<void>;
}

export const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

export function postgresUrl(): string {
  return inject('postgresUrl');
}

export async function openTestStore(dialect: Dialect): Promise<TestStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-test-'));
  if (dialect === 'sqlite') {
    const store = await openStore({ dataDir });
    return {
      store,
      dataDir,
      async cleanup() {
        await store.close().catch(() => undefined); // a test may have closed it already
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = postgresUrl();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const store = await openStore({ dataDir, databaseUrl: url, schema });
  return {
    store,
    dataDir,
    databaseUrl: url,
    schema,
    async cleanup() {
      await store.close().catch(() => undefined); // a test may have closed it already; the schema is dropped below either way
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
