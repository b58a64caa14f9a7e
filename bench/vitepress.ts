/**
 * Quire against VitePress on the same generated pages, in the same run:
 * `npm run bench:vitepress [-- --pages N] [--rounds R] [--keep]`.
 * ../shared/corpus/gen-site.mjs writes the same plain Markdown bodies twice (same seed, no
 * MDX components, which VitePress cannot read): as a docs.json site for Quire and as a
 * VitePress site (sidebar, local search). Quire's cold export runs as bench:export runs it
 * (the compiled engine in a child process: run `npm run build` first, as the npm script
 * does); VitePress 1.6 builds through its public `build` API in a child process of its own
 * (bench/vitepress/build.mjs), installed on first use from bench/vitepress/package-lock.json
 * into bench/vitepress/node_modules (not a dependency of Quire). Rounds alternate the two;
 * each prints wall, CPU of every thread of the process, peak RSS and pages written.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GEN_SITE, ROOT } from './lib.js';

interface Build {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  pages: number;
}

const VITEPRESS = join(ROOT, 'bench/vitepress');

function lastJsonLine(cmd: string, args: string[], what: string): Build {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status}):\n${r.stderr}${r.stdout.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Build;
}

function quire(site: string, work: string, round: number): Build {
  const dir = join(work, `quire-${round}`);
  return lastJsonLine(process.execPath, [join(ROOT, 'bench/export.ts'), '--child', '--dist', site, join(dir, 'out'), join(dir, 'cache')], 'quire export');
}

function vitepress(site: string): Build {
  rmSync(join(site, '.vitepress/cache'), { recursive: true, force: true });
  rmSync(join(site, '.vitepress/dist'), { recursive: true, force: true });
  return lastJsonLine(process.execPath, [join(VITEPRESS, 'build.mjs'), site], 'vitepress build');
}

const line = (name: string, b: Build) =>
  `${name.padEnd(9)} ${(b.wallMs / 1000).toFixed(2).padStart(7)} s wall ${(b.cpuMs / 1000).toFixed(1).padStart(6)} s CPU ${String(b.maxRssMb).padStart(5)} MB peak RSS ${String(b.pages).padStart(5)} pages ${String(Math.round(b.pages / (b.wallMs / 1000))).padStart(5)} pages/s`;

const { values } = parseArgs({ options: { pages: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '1' }, keep: { type: 'boolean', default: false } } });
const pages = Number(values.pages);
const rounds = Number(values.rounds);
if (!Number.isInteger(pages) || pages < 1) throw new Error(`--pages must be a positive whole number, not ${values.pages}`);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a positive whole number, not ${values.rounds}`);
if (!existsSync(join(VITEPRESS, 'node_modules/vitepress'))) {
  console.log('installing VitePress into bench/vitepress (first run only)');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefix', VITEPRESS], { stdio: 'inherit' });
}
const work = mkdtempSync(join(tmpdir(), 'quire-vs-vitepress-'));
try {
  const docs = join(work, 'docs-site');
  const vp = join(work, 'vitepress-site');
  execFileSync(process.execPath, [GEN_SITE, '--pages', String(pages), '--out', docs], { stdio: 'inherit' });
  execFileSync(process.execPath, [GEN_SITE, '--pages', String(pages), '--flavor', 'vitepress', '--out', vp], { stdio: 'inherit' });
  // Vite resolves `vue` from the site's folder up: give it the installed one.
  symlinkSync(join(VITEPRESS, 'node_modules'), join(vp, 'node_modules'));
  const runs: { quire: Build; vitepress: Build }[] = [];
  for (let round = 0; round < rounds; round++) {
    const q = quire(docs, work, round);
    console.log(line('quire', q));
    const v = vitepress(vp);
    console.log(line('vitepress', v));
    runs.push({ quire: q, vitepress: v });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const q = median(runs.map((r) => r.quire.wallMs));
  const v = median(runs.map((r) => r.vitepress.wallMs));
  console.log(`median of ${rounds} round(s): Quire ${(q / 1000).toFixed(2)} s, VitePress ${(v / 1000).toFixed(2)} s: Quire ${(v / q).toFixed(1)}x faster by wall`);
  console.log(`load average during the runs: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
