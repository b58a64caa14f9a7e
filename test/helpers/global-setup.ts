/**
 * vitest global setup: one embedded PostgreSQL for the whole run (each test file works
 * in its own schema), shared with the test workers through `inject('postgresUrl')`.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres, type PostgresServer } from './postgres-server.js';

let server: PostgresServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startPostgres();
  project.provide('postgresUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
