/**
 * Search-index CPU probe for an export (issue 21): each thread's own CPU time, and within
 * it the CPU spent in the search index's per-page work (`bodyTerms`, `buildShardFilesFrom`,
 * `searchSections`), summed by wrapping those exports of dist/ as Node loads them. Loaded
 * into every thread with `--import`; each thread rewrites `$SEARCH_CPU_OUT.<threadId>`
 * every 50 ms and at exit (a worker ended by terminate() keeps its last line). The export
 * thread is the one whose line has search work. Plain JavaScript so that Node loads it into
 * worker threads as is.
 *
 *   SEARCH_CPU_OUT=/dev/shm/s node --import ./bench/search-cpu.mjs bin/quire.js export DIR --out OUT
 *   grep . /dev/shm/s.*
 *
 * Alternate builds (before, after, ...) to compare: the host's load moves these figures.
 */
import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

const out = process.env.SEARCH_CPU_OUT;
const WRAPPED = { '/dist/render/search/shard-files.js': ['bodyTerms', 'buildShardFilesFrom'], '/dist/render/search/search-text.js': ['searchSections'] };
const spent = { bodyTerms: 0, buildShardFilesFrom: 0, searchSections: 0 };
const cpu = () => {
  const c = process.threadCpuUsage();
  return c.user + c.system;
};
globalThis.__searchCpu = { spent, cpu };

if (out) {
  registerHooks({
    load(url, context, next) {
      const loaded = next(url, context);
      const names = Object.entries(WRAPPED).find(([file]) => url.endsWith(file))?.[1];
      if (!names) return loaded;
      let source = String(loaded.source);
      for (const name of names) {
        source = source.replace(`export function ${name}(`, `function ${name}$unwrapped(`) +
          `\nexport function ${name}(...args) { const { spent, cpu } = globalThis.__searchCpu; const t = cpu(); try { return ${name}$unwrapped(...args); } finally { spent.${name} += cpu() - t; } }\n`;
      }
      return { ...loaded, source };
    },
  });
  const report = () => {
    const ms = (us) => (us / 1000).toFixed(0);
    writeFileSync(`${out}.${threadId}`, `thread ${threadId} cpu ${ms(cpu())} ms; ${Object.entries(spent).map(([name, us]) => `${name} ${ms(us)}`).join(', ')} ms\n`);
  };
  setInterval(report, 50).unref();
  process.on('exit', report);
}
