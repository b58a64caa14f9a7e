/**
 * Test harness of the queue conformance suite: shared storage for one driver (a SQLite
 * file, a PostgreSQL schema, or a PostgreSQL schema plus a pg-boss schema) and queue
 * instances opened on it with test-sized intervals, each with its own store connection
 * so an instance can be closed and another opened, as a restarted process would.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator } from 'kysely';
import pg from 'pg';
import { openQueue } from '../../src/queue/open-queue.js';
import type { QueueConfig } from '../../src/queue/config.js';
import type { Queue } from '../../src/queue/types.js';
import { migrations } from '../../src/store/migrations/index.js';
import { openStore } from '../../src/store/open-store.js';
import type { Dialect } from '../../src/store/types.js';
import { openTestStore, postgresUrl, type TestStore } from '../helpers/stores.js';

export type QueueDriverName = 'local-sqlite' | 'local-postgres' | 'pg-boss';

export interface StoreLocation {
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
}

export interface QueueInstance {
  queue: Queue;
  /** Stops the queue (grace as given) and closes its store connection. */
  close(graceMs?: number): Promise<void>;
}

export interface QueueHarness {
  driver: QueueDriverName;
  location: StoreLocation;
  /** The queue configuration instances use; `overrides` change single keys. */
  config(overrides?: Partial<Record<string, unknown>>): QueueConfig;
  /** Opens and starts a queue instance on the shared storage. */
  open(overrides?: Partial<Record<string, unknown>>): Promise<QueueInstance>;
  /** Closes every instance still open (after each test, so idle workers stop polling). */
  closeAll(): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * `openTestStore`, with the PostgreSQL migrations run by a migrator confined to the
 * test's schema: src/store/migrate.ts does not pass `migrationTableSchema`, so Kysely
 * takes another schema's `kysely_migration_lock` for this one's when test files create
 * schemas at the same time ("relation kysely_migration_lock does not exist").
 */
async function openQueueTestStore(dialect: Dialect): Promise<TestStore> {
  if (dialect === 'sqlite') return openTestStore('sqlite');
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-test-'));
  const url = postgresUrl();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const store = await openStore({ dataDir, databaseUrl: url, schema, migrate: false });
  const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  const { error } = await migrator.migrateToLatest();
  if (error) throw new Error('migrating the test schema failed', { cause: error });
  return {
    store,
    dataDir,
    databaseUrl: url,
    schema,
    async cleanup() {
      await store.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createQueueHarness(driver: QueueDriverName): Promise<QueueHarness> {
  const test = await openQueueTestStore(driver === 'local-sqlite' ? 'sqlite' : 'postgres');
  const location: StoreLocation = { dataDir: test.dataDir, databaseUrl: test.databaseUrl, schema: test.schema };
  const bossSchema = `${test.schema}_boss`;
  const instances = new Set<QueueInstance>();
  const closeAll = async () => {
    await Promise.all([...instances].map((instance) => instance.close(0)));
  };
  const config = (overrides: Partial<Record<string, unknown>> = {}): QueueConfig =>
    driver === 'pg-boss'
      ? { driver: 'pg-boss', connectionString: test.databaseUrl!, schema: bossSchema, pollIntervalMs: 500, heartbeatSeconds: 10, monitorIntervalSeconds: 1, poolSize: 3, ...overrides }
      : { driver: 'local', instanceId: `test-${Math.random().toString(36).slice(2)}`, pollIntervalMs: 50, leaseMs: 1000, ...overrides };
  return {
    driver,
    location,
    config,
    async open(overrides) {
      const store = await openStore({ ...location, migrate: false });
      const queue = openQueue(config(overrides), store);
      await queue.start();
      const instance: QueueInstance = {
        queue,
        async close(graceMs = 5000) {
          instances.delete(instance);
          await queue.stop({ graceMs });
          await store.close();
        },
      };
      instances.add(instance);
      return instance;
    },
    closeAll,
    async cleanup() {
      await closeAll();
      if (driver === 'pg-boss') {
        const client = new pg.Client({ connectionString: test.databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists "${bossSchema}" cascade`);
        await client.end();
      }
      await test.cleanup();
    },
  };
}

/** Polls `check` until it returns a value other than undefined/false, or gives up. */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function uniqueQueueName(): string {
  return `q_${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Runs a queue instance in a child process (test/queue/crash-worker.ts) whose handler
 * claims one job of `queue` and never finishes, then kills the process with SIGKILL
 * once the job is claimed. Resolves with the claimed job's id.
 */
export async function claimAndCrash(location: StoreLocation, config: QueueConfig, queue: string): Promise<string> {
  const script = fileURLToPath(new URL('./crash-worker.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify({ location, config, queue })], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const id = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /claimed (\S+)/.exec(stdout);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`crash worker exited early (${code}): ${stderr}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return id;
}
