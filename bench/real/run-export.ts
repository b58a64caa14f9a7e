/**
 * Runs one `quire export ... --json` in a child process, as a user runs it, and measures
 * it: wall time from spawn to exit, and (through rusage-hook.mjs, loaded with --import)
 * the child's own CPU time over all its threads and its peak RSS.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUIRE, ROOT } from '../lib.js';

const HOOK = fileURLToPath(new URL('./rusage-hook.mjs', import.meta.url));

/** The parts of the export's JSON report the benchmark reads. */
export interface ExportJson {
  pagesRendered: number;
  diagnostics: { severity: 'error' | 'warning'; file: string; line?: number; message: string }[];
  brokenLinks: { file: string; href: string; line?: number }[];
  features: Record<string, { included: boolean; reason?: string }>;
  durationMs: number;
  files: string[];
  parsers?: { fast: number; micromark: number; none: number; cached: number };
}

export interface ExportRun {
  /** Spawn to exit, Node's start-up included. */
  wallMs: number;
  /** User + system CPU of the export process, all threads. */
  cpuMs: number;
  maxRssMb: number;
  report?: ExportJson;
  /** Set when the export failed: its message. */
  error?: string;
}

export function runExport(root: string, out: string, cacheDir: string, extra: string[] = []): Promise<ExportRun> {
  const scratch = mkdtempSync(join(tmpdir(), 'quire-bench-rusage-'));
  const usageFile = join(scratch, 'usage.json');
  const args = ['--import', HOOK, QUIRE, 'export', root, '--out', out, '--cache-dir', cacheDir, '--json', ...extra];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, QUIRE_BENCH_RUSAGE: usageFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => stdout.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      try {
        const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { userUs: number; systemUs: number; maxRssKb: number };
        const run: ExportRun = { wallMs, cpuMs: (usage.userUs + usage.systemUs) / 1000, maxRssMb: usage.maxRssKb / 1024 };
        const line = Buffer.concat(stdout).toString('utf8').trim().split('\n').pop() ?? '';
        const json = line ? (JSON.parse(line) as ExportJson & { error?: string }) : undefined;
        if (!json || json.error) run.error = json?.error ?? `exited ${code}: ${stderr.trim().slice(-500)}`;
        else run.report = json;
        resolve(run);
      } catch (err) {
        reject(new Error(`export of ${root} exited ${code} without a report: ${(err as Error).message}\n${stderr.slice(-2000)}`));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}
