/**
 * `npm run bench:export-api [-- DIR]`: the 1000-page corpus site (or DIR), timed from
 * POST to bundle downloaded through `quire remote export --download`, next to
 * `quire export` of the same folder, in the same run (both cold: no render cache).
 * Target: ratio at most 1.3.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GEN_SITE, QUIRE, run, startQuire, stop } from './lib.js';

const work = mkdtempSync(join(tmpdir(), 'quire-bench-export-api-'));
const site = process.argv[2] ?? join(work, 'site');
if (!process.argv[2]) execFileSync(process.execPath, [GEN_SITE, '--pages', '1000', '--components', '--out', site], { stdio: 'ignore' });
const dataDir = join(work, 'data');
const env = { QUIRE_DATA_DIR: dataDir };

try {
  const local = await run(process.execPath, [QUIRE, 'export', site, '--out', join(work, 'out'), '--base-url', 'https://docs.bench.test']);

  const org = JSON.parse((await run(process.execPath, [QUIRE, 'org', 'create', '--name', 'Bench', '--json'], env)).stdout) as { id: string };
  await run(process.execPath, [QUIRE, 'project', 'create', '--org', org.id, '--domain', 'docs.bench.test', '--repo', site, '--json'], env);
  const key = (JSON.parse((await run(process.execPath, [QUIRE, 'key', 'create', '--org', org.id, '--json'], env)).stdout) as { key: string }).key;
  const server = await startQuire(['serve', '--port', '0'], { ...env, QUIRE_BOOTSTRAP_DEMO: 'false' }, /listening on (http:\/\/\S+)/);
  try {
    const remote = await run(process.execPath, [QUIRE, 'remote', 'export', '--domain', 'docs.bench.test', '--download', join(work, 'bundle.tar.gz'), '--json'], {
      QUIRE_API_KEY: key,
      QUIRE_BASE_URL: server.match[1],
    });
    const result = JSON.parse(remote.stdout) as { job: { pageCount: number }; bundle: { sizeBytes: number } };
    const pages = result.job.pageCount;
    console.log(`bench:export-api  ${pages} pages, node ${process.version}, ${readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? '?'} cores`);
    console.log(`quire export DIR (local, cold)              ${(local.ms / 1000).toFixed(2)} s`);
    console.log(`POST -> bundle downloaded (quire remote)    ${(remote.ms / 1000).toFixed(2)} s   bundle ${(result.bundle.sizeBytes / 1048576).toFixed(1)} MiB`);
    console.log(`ratio (API / local): ${(remote.ms / local.ms).toFixed(2)}   target <= 1.30`);
  } finally {
    await stop(server.child);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
