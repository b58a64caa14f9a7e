/** Output helpers shared by the commands: one JSON object with --json, prose otherwise. */
import { AppError } from '../core/errors.js';

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export const processIo: Io = { stdout: process.stdout, stderr: process.stderr };

/** Thrown for bad arguments: the message names the bad value, the exit code is 2. */
export class UsageError extends Error {}

export function print(io: Io, json: boolean, value: unknown, prose: () => string): void {
  io.stdout.write(json ? `${JSON.stringify(value)}\n` : `${prose()}\n`);
}

/** Exit code for an error: 2 for bad input, 1 for everything else; message on stderr. */
export function reportError(io: Io, err: unknown, json = false): number {
  const message = err instanceof Error ? err.message : String(err);
  const usage = err instanceof UsageError || (err instanceof AppError && err.status === 400);
  if (json) io.stdout.write(`${JSON.stringify({ error: message })}\n`);
  io.stderr.write(`quire: ${message}\n`);
  return usage ? 2 : 1;
}

export function table(rows: string[][]): string {
  if (rows.length === 0) return '';
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}
