/**
 * A full disk during an export, on a real size-limited file system (a 6 MiB tmpfs
 * mounted for the test; skipped, saying so, where the machine does not allow mounting):
 * the job fails with the reason in words, its work folder is removed, the service keeps
 * answering, a restart on the same data folder starts, and a start on a disk with no
 * room left at all exits with one line naming the database and the space left.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { startService } from '../../src/service.js';
import { createLogger } from '../../src/core/logger.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { runQuire } from '../helpers/cli.js';
import { pollUntil } from '../helpers/poll.js';
import { generateSite } from '../helpers/sites.js';

const base = mkdtempSync(join(tmpdir(), 'quire-disk-full-'));
const dataDir = join(base, 'data');
mkdirSync(dataDir);
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', dataDir], { stdio: 'ignore' });
  mounted = true;
} catch (err) {
  console.warn(`export-disk-full: cannot mount a tmpfs at ${dataDir} (${(err as Error).message.split('\n')[0]}); the full-disk tests are skipped`);
}

let api: TestApi;
let site: string;

beforeAll(async () => {
  if (!mounted) return;
  site = generateSite(300);
  api = await startTestApi({ repository: site, env: { QUIRE_DATA_DIR: dataDir, QUIRE_RENDER_THREADS: '1', QUIRE_EXPORT_MAX_ATTEMPTS: '1' } });
});
afterAll(async () => {
  await api?.close();
  if (mounted) execFileSync('umount', [dataDir]);
  rmSync(base, { recursive: true, force: true });
  if (site) rmSync(site, { recursive: true, force: true });
});

describe.skipIf(!mounted)('a full disk during an export', () => {
  it('fails that job with the reason, removes its work folder, and the service keeps answering', async () => {
    const started = (await (await api.fetch('/v1/static-export/jobs', { method: 'POST', json: { domain: 'docs.acme.test' } })).json()) as { jobId: string };
    const done = await pollUntil(
      async () => (await (await api.fetch(`/v1/static-export/jobs/${started.jobId}`)).json()) as { status: string; error: string | null },
      (j) => j.status === 'completed' || j.status === 'failed',
    );
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^The export could not be written: the disk is full \(ENOSPC/);
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    // The record is written first, the folder removed right after.
    expect(await pollUntil(async () => readdirSync(join(dataDir, 'work')), (names) => names.length === 0, { timeoutMs: 20_000 })).toEqual([]);
    // The organization's active limit is free again.
    expect((await api.fetch(`/v1/static-export/jobs/${started.jobId}`)).status).toBe(200);
  });

  it('starts again on the same data folder once the job is over', async () => {
    await api.close();
    api = undefined as unknown as TestApi;
    const config = loadConfig({ env: { QUIRE_DATA_DIR: dataDir, QUIRE_PORT: '0', QUIRE_BOOTSTRAP_DEMO: 'false', QUIRE_LOG_LEVEL: 'silent' } });
    const service = await startService(config, { logger: createLogger('silent') });
    try {
      expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('exits with one line naming the database and the space left when the disk has no room at all', async () => {
    try {
      writeFileSync(join(dataDir, 'filler'), Buffer.alloc(8 * 1024 * 1024));
    } catch {
      // ENOSPC: the disk is now full, which is the point.
    }
    rmSync(join(dataDir, 'quire.db-shm'), { force: true });
    const res = await runQuire(['serve', '--port', '0'], { QUIRE_DATA_DIR: dataDir, QUIRE_BOOTSTRAP_DEMO: 'false' });
    rmSync(join(dataDir, 'filler'), { force: true });
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(new RegExp(`^quire: Cannot open the database ${join(dataDir, 'quire.db').replace(/[/.]/g, '\\$&')}: .*\\(SQLITE_\\w+; \\d+ KiB free on its file system\\)`));
  });
});
