/**
 * Runs the real `quire` command in a child process from the TypeScript sources (via
 * tsx), as a user would run it, for tests of exit codes, output and signals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function spawnQuire(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, QUIRE_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function runQuire(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnQuire(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves with the first match of `pattern` in the child's combined output. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output so far:\n${seen}`)), timeoutMs);
    const onData = (d: Buffer) => {
      seen += d.toString();
      const m = seen.match(pattern);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stderr!.off('data', onData);
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code} before printing ${pattern}; output:\n${seen}`));
    });
  });
}

/** The exit code once the process has exited and its output has been read to the end ('close', not 'exit'). */
export function waitForExit(child: ChildProcess): Promise<number | null> {
  const streams = [child.stdout, child.stderr].filter((s) => s !== null);
  if (child.exitCode !== null && streams.every((s) => s.readableEnded || s.destroyed)) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}
