/**
 * Picks the records driver once at start-up: PostgreSQL when the database URL is a
 * `postgres://` URL, otherwise SQLite in the data directory. Migrations run here.
 */
import { mkdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgresStore } from './drivers/postgres.js';
import { openSqliteStore } from './drivers/sqlite.js';
import { migrateToLatest } from './migrate.js';
import type { Store } from './types.js';
import { noteIgnored } from '../core/ignored-errors.js';

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
    const file = join(options.dataDir, 'quire.db');
    try {
      mkdirSync(options.dataDir, { recursive: true });
      store = openSqliteStore({ file });
    } catch (err) {
      throw storageError(err, file, options.dataDir);
    }
  }
  if (options.migrate !== false) {
    try {
      await migrateToLatest(store);
    } catch (err) {
      await store.close().catch((e: unknown) => noteIgnored('store.close-after-failed-migration', e)); // the migration error is the one reported
      throw isPostgresUrl(options.databaseUrl) ? err : storageError(err, join(options.dataDir, 'quire.db'), options.dataDir);
    }
  }
  return store;
}

/** SQLite's and the file system's I/O failures, said with the file and the space left (a full disk says "disk I/O error"). */
function storageError(err: unknown, file: string, dir: string): unknown {
  const given = (err as { code?: unknown }).code;
  const code = typeof given === 'string' ? given : '';
  if (!/^(SQLITE_(IOERR|FULL|CANTOPEN|READONLY)|ENOSPC|EROFS|EACCES|EDQUOT)/.test(code)) return err;
  let space: string;
  try {
    const fs = statfsSync(dir);
    space = `; ${Math.floor((fs.bavail * fs.bsize) / 1024)} KiB free on its file system`;
  } catch {
    space = ''; // the free space is a hint in the message; the open error is reported without it
  }
  return new Error(`Cannot open the database ${file}: ${(err as Error).message} (${code}${space})`, { cause: err });
}
