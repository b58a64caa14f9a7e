/**
 * Hot-path queries compiled once per database and run with new parameters, instead of
 * being rebuilt and recompiled by Kysely on every request. Only for queries whose
 * shape never changes (a lookup by key); everything else uses the builder as usual.
 *
 * A driver whose connection answers synchronously (better-sqlite3) may register a
 * direct reader for its database. The query then runs on the connection itself,
 * without Kysely's connection mutex and promise chain, which cost more than these
 * small lookups; and its rows are reused until the database changes, which the
 * reader tells with a version number that moves on every commit: at once for the
 * commits of this process, within a bound the driver states for other processes'
 * (FOREIGN_COMMIT_DELAY_MS in drivers/sqlite.ts).
 * The reader declines (undefined) when it cannot run or version a read now, and the
 * query goes through Kysely as usual.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface DirectReader {
  /** Runs a read synchronously and returns its rows, or undefined to decline. */
  run(sql: string, parameters: readonly unknown[]): unknown[] | undefined;
  /**
   * A number that differs whenever the data may differ from the last time it was
   * given: after any commit by a connection of this process, and after one by another
   * process within the driver's stated delay. Undefined to decline.
   */
  version(): number | undefined;
}

/** Rows of hot queries read at one database version, by query name and parameters. */
interface ResultCache {
  version: number;
  size: number;
  byQuery: Map<string, Map<unknown, readonly unknown[]>>;
}

const MAX_CACHED_RESULTS = 1000;

/**
 * What this module keeps per database, in one object: a hot lookup finds all of it
 * with one WeakMap lookup (each costs about 0.1 µs under bench:api's load).
 */
interface DbState {
  compiled: Map<string, CompiledQuery>;
  reader: DirectReader | undefined;
  results: ResultCache | undefined;
}

const states = new WeakMap<Kysely<Database>, DbState>();

function stateOf(db: Kysely<Database>): DbState {
  let state = states.get(db);
  if (!state) states.set(db, (state = { compiled: new Map(), reader: undefined, results: undefined }));
  return state;
}

/**
 * `make(source)`, made once and kept in `memo` for as long as `source` lives when the
 * source is one of the rows runPrepared shares (frozen), or a frozen value made from
 * one; made anew for any other (rows read through Kysely are fresh every time).
 */
export function derivedOnce<S extends object, T>(memo: WeakMap<S, T>, source: S, make: (source: S) => T): T {
  // The lookup first: a hit is the common case, and Object.isFrozen is a call into
  // the V8 runtime. Only frozen sources are ever kept, so a hit is one.
  let value = memo.get(source);
  if (value !== undefined) return value;
  value = make(source);
  if (Object.isFrozen(source)) memo.set(source, value);
  return value;
}

/** Lets runPrepared read `db` through `reader` (the SQLite driver does). */
export function registerDirectReader(db: Kysely<Database>, reader: DirectReader): void {
  stateOf(db).reader = reader;
}

/**
 * Runs the query `build` makes (compiled on first use for this database) with
 * `parameters` in place of the ones it was built with, in the same order. The rows
 * may be shared with other callers (frozen): map them, do not change them.
 */
export function runPrepared<Row>(db: Kysely<Database>, name: string, build: QueryBuild, parameters: readonly unknown[]): Promise<Row[]> {
  const state = stateOf(db);
  const now = readNow(state, db, name, build, parameters);
  if (now) return Promise.resolve(now as Row[]);
  return db.executeQuery<Row>({ ...compiledQuery(state, db, name, build, parameters), parameters }).then((result) => result.rows);
}

/**
 * runPrepared's rows without waiting, when the database has a direct reader that can
 * answer now (SQLite outside a transaction); undefined otherwise, and the caller
 * awaits runPrepared. A request answered from here never leaves its event-loop turn.
 */
export function readPreparedNow<Row>(db: Kysely<Database>, name: string, build: QueryBuild, parameters: readonly unknown[]): readonly Row[] | undefined {
  return readNow(stateOf(db), db, name, build, parameters) as readonly Row[] | undefined;
}

function readNow(state: DbState, db: Kysely<Database>, name: string, build: QueryBuild, parameters: readonly unknown[]): readonly unknown[] | undefined {
  return state.reader && readDirect(state, state.reader, name, compiledQuery(state, db, name, build, parameters).sql, parameters);
}

type QueryBuild = (db: Kysely<Database>) => { compile(): CompiledQuery };

function compiledQuery(state: DbState, db: Kysely<Database>, name: string, build: QueryBuild, parameters: readonly unknown[]): CompiledQuery {
  let compiled = state.compiled.get(name);
  if (!compiled) {
    compiled = build(db).compile();
    if (compiled.parameters.length !== parameters.length) throw new Error(`prepared query ${name}: expected ${compiled.parameters.length} parameters`);
    state.compiled.set(name, compiled);
  }
  return compiled;
}

function readDirect(state: DbState, reader: DirectReader, name: string, sql: string, parameters: readonly unknown[]): readonly unknown[] | undefined {
  // The version is taken before the read: rows read later are at least that recent,
  // so a commit in between can only make the next request read again, never keep
  // older rows under a newer version.
  const version = reader.version();
  if (version === undefined) return reader.run(sql, parameters);
  let cache = state.results;
  if (!cache || cache.version !== version || cache.size >= MAX_CACHED_RESULTS) state.results = cache = { version, size: 0, byQuery: new Map() };
  let byParameters = cache.byQuery.get(name);
  if (!byParameters) cache.byQuery.set(name, (byParameters = new Map<unknown, readonly unknown[]>()));
  // A lone string parameter (a lookup by id or hash) is its own key.
  const key = parameters.length === 1 && typeof parameters[0] === 'string' ? parameters[0] : JSON.stringify(parameters);
  let rows = byParameters.get(key);
  if (!rows) {
    const read = reader.run(sql, parameters);
    if (!read) return undefined;
    for (const row of read) Object.freeze(row);
    rows = Object.freeze(read);
    byParameters.set(key, rows);
    cache.size++;
  }
  return rows;
}
