/**
 * The records port. A driver opens a database and hands back a Kysely instance over
 * the shared schema; every query in Quire is written once against it, so the core
 * never knows whether SQLite or PostgreSQL answers.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  readonly dialect: Dialect;
  readonly db: Kysely<Database>;
  /** PostgreSQL schema the tables live in (undefined on SQLite). */
  readonly schema?: string;
  /** Resolves when the database answers a trivial query; throws otherwise. */
  ping(): Promise<void>;
  /** Closes every connection; the store is unusable afterwards. */
  close(): Promise<void>;
}

export interface SqliteStoreOptions {
  /** Path of the database file, or `:memory:`. */
  file: string;
  /** @default FOREIGN_COMMIT_DELAY_MS (drivers/sqlite.ts); tests set it long to see what does not wait for it. */
  foreignCommitDelayMs?: number;
}

export interface PostgresStoreOptions {
  /** `postgres://user:pass@host:port/db` */
  url: string;
  /** Schema to work in (created when missing); tests use one schema each. @default 'public' */
  schema?: string;
  /** @default 10 */
  poolSize?: number;
}

export type { Database };
