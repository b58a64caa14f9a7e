/**
 * SQLite driver of the records port (embedded mode): one better-sqlite3 connection in
 * WAL mode, so API reads never wait behind a writer and a crash loses nothing committed.
 */
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { registerDirectReader } from '../prepared.js';
import type { Database } from '../schema.js';
import type { SqliteStoreOptions, Store } from '../types.js';

/**
 * Statements that may have written, by any connection this process opened (several
 * stores on one file: the API's, a CLI command's in tests, the in-process workers').
 * A commit by any of them is seen by the next hot lookup of every one of them.
 */
let processWrites = 0;

/**
 * How long a reading of `PRAGMA data_version` stands for commits made by other
 * processes. Asking costs a read transaction and its `fcntl` lock calls: asked once a
 * millisecond it still cost about 2 µs per request at ~8000 requests/s (perf profile
 * under bench:api), so about 15 µs per asking. So another process's commit
 * (`quire key revoke`, an operator's update) is seen by the hot lookups at most this
 * late, while this process's own commits are seen at once. (A revoked key's principal
 * is cached for seconds anyway: see api-keys.ts.)
 */
export const FOREIGN_COMMIT_DELAY_MS = 10;

/** COMMIT, END, RELEASE (of the outermost savepoint) and ROLLBACK end what other connections see. */
const ENDS_TRANSACTION = /^\s*(commit|end|release|rollback)\b/i;

export function openSqliteStore(options: SqliteStoreOptions): Store {
  const connection = new BetterSqlite3(options.file);
  connection.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; only a power loss may
  // roll back the last transactions.
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  // Several processes (a CLI command next to `quire serve`) may share the file.
  connection.pragma('busy_timeout = 5000');
  // Kysely prepares every query anew; preparing costs more than running the small
  // lookups of the API, so prepared statements are kept per SQL text. better-sqlite3
  // runs a statement to completion synchronously, so sharing one is safe.
  const statements = new Map<string, { stmt: BetterSqlite3.Statement; counted: boolean }>();
  // Statements run on the connection through prepare() below (all of Kysely's, and the
  // direct reads). Only a statement can open or end a transaction, and each runs to
  // completion right after it is prepared, so while this count stands still so does
  // connection.inTransaction, a call into the addon that the hot reads then skip.
  let prepared = 0;
  // Statements that may write (an UPDATE ... RETURNING is a reader, but not read-only)
  // are counted in processWrites as they are prepared: Kysely prepares each one right
  // before running it, and every statement of this connection comes through here. So
  // is the end of a transaction: SQLite calls COMMIT read-only, but only then do the
  // transaction's writes show to the other connections of this process.
  const database = {
    prepare(text: string) {
      let entry = statements.get(text);
      if (!entry) {
        if (statements.size >= 500) statements.clear();
        const stmt = connection.prepare(text);
        entry = { stmt, counted: !stmt.readonly || ENDS_TRANSACTION.test(text) };
        statements.set(text, entry);
      }
      if (entry.counted) processWrites++;
      prepared++;
      return entry.stmt;
    },
    close() {
      statements.clear();
      connection.close();
    },
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  // Hot lookups (prepared.ts) run on the connection directly. A statement runs to
  // completion synchronously, so a read can never land in the middle of another; but
  // Kysely keeps a transaction open across awaits on this one connection, and a read
  // run then would see its uncommitted writes. So while one is open the reader
  // declines and the read waits its turn behind the transaction in Kysely.
  const foreignCommitDelayMs = options.foreignCommitDelayMs ?? FOREIGN_COMMIT_DELAY_MS;
  let dataVersion: BetterSqlite3.Statement | undefined;
  let foreignVersion: number | undefined;
  let foreignVersionAt = -Infinity;
  // The version handed out: bumped whenever data_version or processWrites moved.
  let version = 0;
  let seenWrites = processWrites;
  let inTransactionAt = -1;
  let inTransaction = false;
  const transactionOpen = () => {
    if (prepared !== inTransactionAt) {
      inTransaction = connection.inTransaction;
      inTransactionAt = prepared;
    }
    return inTransaction;
  };
  registerDirectReader(db, {
    run(text, parameters) {
      if (transactionOpen()) return undefined;
      const stmt = database.prepare(text);
      return stmt.reader && stmt.readonly ? stmt.all(parameters) : undefined;
    },
    // PRAGMA data_version moves when another connection commits, but not for this
    // connection's own commits: those, and the other connections of this process, are
    // the counted writes. Other processes' commits: see FOREIGN_COMMIT_DELAY_MS.
    version() {
      if (transactionOpen()) return undefined;
      // The imported performance: the global one is a getter, looked up on every call.
      const now = performance.now();
      if (now - foreignVersionAt >= foreignCommitDelayMs) {
        dataVersion ??= connection.prepare('pragma data_version').pluck();
        const read = dataVersion.get() as number;
        if (read !== foreignVersion) version++;
        foreignVersion = read;
        foreignVersionAt = now;
      }
      if (processWrites !== seenWrites) {
        seenWrites = processWrites;
        version++;
      }
      return version;
    },
  });
  return {
    dialect: 'sqlite',
    db,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
