/** Helpers shared by the benchmarks: child processes of the real `quire` command, timing. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const QUIRE = fileURLToPath(new URL('../bin/quire.js', import.meta.url));
export const GEN_SITE = fileURLToPath(new URL('../../shared/corpus/gen-site.mjs', import.meta.url));

/** Runs a command to completion; rejects with its output when it fails. */
export function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<{ ms: number; stdout: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - t0, stdout: out }) : reject(new Error(`${args.join(' ')} exited ${code}\n${err}${out}`))));
  });
}

/**
 * Starts a long-running `quire` command and resolves once its output matches `ready`.
 * `stdout: 'ignore'` discards its log lines (a server under load writes many), so this
 * process spends nothing reading them.
 */
export function startQuire(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  options: { stdout?: 'pipe' | 'ignore' } = {},
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [QUIRE, ...args], {
      cwd: ROOT,
      env: { ...process.env, QUIRE_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', options.stdout ?? 'pipe', 'pipe'],
    });
    let seen = '';
    let matched = false;
    const on = (d: Buffer) => {
      if (matched) return; // keep draining the pipe, but stop collecting
      seen += d.toString();
      const m = seen.match(ready);
      if (m) {
        matched = true;
        resolve({ child, match: m });
      }
    };
    child.stdout?.on('data', on);
    child.stderr!.on('data', on);
    child.on('exit', (code) => reject(new Error(`quire ${args[0]} exited ${code}: ${seen}`)));
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}
