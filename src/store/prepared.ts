/**
 * Hot-path queries compiled once per database and run with new parameters, instead of
 * being rebuilt and recompiled by Kysely on every request. Only for queries whose
 * shape never changes (a lookup by key); everything else uses the builder as usual.
 *
 * A driver whose connection answers synchronously (better-sqlite3) may register a
 * direct runner for its database: the query then runs on the connection itself,
 * without Kysely's connection mutex and promise chain, which cost more than these
 * small lookups. The runner declines (returns undefined) when it cannot run a query
 * now, and the query goes through Kysely as usual.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Runs a read synchronously and returns its rows, or undefined to decline. */
export type DirectRunner = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const cache = new WeakMap<Kysely<Database>, Map<string, CompiledQuery>>();
const directRunners = new WeakMap<Kysely<Database>, DirectRunner>();

/** Lets runPrepared run reads of `db` through `runner` (the SQLite driver does). */
export function registerDirectRunner(db: Kysely<Database>, runner: DirectRunner): void {
  directRunners.set(db, runner);
}

/**
 * Runs the query `build` makes (compiled on first use for this database) with
 * `parameters` in place of the ones it was built with, in the same order.
 */
export function runPrepared<Row>(db: Kysely<Database>, name: string, build: (db: Kysely<Database>) => { compile(): CompiledQuery }, parameters: readonly unknown[]): Promise<Row[]> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  let compiled = perDb.get(name);
  if (!compiled) {
    compiled = build(db).compile();
    if (compiled.parameters.length !== parameters.length) throw new Error(`prepared query ${name}: expected ${compiled.parameters.length} parameters`);
    perDb.set(name, compiled);
  }
  const rows = directRunners.get(db)?.(compiled.sql, parameters);
  if (rows) return Promise.resolve(rows as Row[]);
  return db.executeQuery<Row>({ ...compiled, parameters }).then((result) => result.rows as Row[]);
}
