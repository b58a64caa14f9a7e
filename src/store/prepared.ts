/**
 * Hot-path queries compiled once per database and run with new parameters, instead of
 * being rebuilt and recompiled by Kysely on every request. Only for queries whose
 * shape never changes (a lookup by key); everything else uses the builder as usual.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

const cache = new WeakMap<Kysely<Database>, Map<string, CompiledQuery>>();

/**
 * Runs the query `build` makes (compiled on first use for this database) with
 * `parameters` in place of the ones it was built with, in the same order.
 */
export async function runPrepared<Row>(db: Kysely<Database>, name: string, build: (db: Kysely<Database>) => { compile(): CompiledQuery }, parameters: readonly unknown[]): Promise<Row[]> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  let compiled = perDb.get(name);
  if (!compiled) {
    compiled = build(db).compile();
    if (compiled.parameters.length !== parameters.length) throw new Error(`prepared query ${name}: expected ${compiled.parameters.length} parameters`);
    perDb.set(name, compiled);
  }
  const result = await db.executeQuery<Row>({ ...compiled, parameters });
  return result.rows;
}
