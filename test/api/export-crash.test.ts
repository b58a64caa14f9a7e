/**
 * Crash safety of export jobs: the server process is killed with SIGKILL in the middle
 * of an export of a large site and started again; the job completes and its bundle is
 * byte-identical to the bundle of an uninterrupted run of the same job. Also: two
 * exports of different projects at once both complete.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKey } from '../../src/core/api-keys.js';
import { createOrganization } from '../../src/core/organizations.js';
import { createProject } from '../../src/core/projects.js';
import { QUIRE_VERSION } from '../../src/core/version.js';
import { packBundle } from '../../src/render/bundle/pack.js';
import { exportSite } from '../../src/render/export-site.js';
import { openStore } from '../../src/store/open-store.js';
import { findExportJob } from '../../src/store/records/export-jobs.js';
import { spawnQuire, waitForExit, waitForOutput } from '../helpers/cli.js';
import { pollUntil } from '../helpers/poll.js';
import { generateSite } from '../helpers/sites.js';

const dataDir = mkdtempSync(join(tmpdir(), 'quire-crash-'));
const work = mkdtempSync(join(tmpdir(), 'quire-crash-work-'));
let bigSite: string;
let smallSite: string;
let key: string;
/**
 * Pages of the big site: enough that the export is still rendering well after its first
 * progress write (every 250 ms at most), which is when the kill lands, and few enough that
 * rendering it three times (interrupted, resumed, reference) stays cheap. 250 took ~40 s of CPU.
 */
const PAGES = 120;
const env = { QUIRE_DATA_DIR: dataDir, QUIRE_BOOTSTRAP_DEMO: 'false', QUIRE_EXPORT_CONCURRENCY: '2' };

beforeAll(async () => {
  bigSite = generateSite(PAGES, { dir: join(work, 'big') });
  smallSite = generateSite(5, { dir: join(work, 'small') });
  const store = await openStore({ dataDir });
  const org = await createOrganization(store, { name: 'Crash' });
  await createProject(store, { orgId: org.id, domain: 'docs.big.test', repository: bigSite });
  await createProject(store, { orgId: org.id, domain: 'docs.small.test', repository: smallSite });
  key = (await createApiKey(store, { orgId: org.id })).key;
  await store.close();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

async function serve(): Promise<{ url: string; child: ReturnType<typeof spawnQuire> }> {
  const child = spawnQuire(['serve', '--port', '0'], env);
  const [, url] = await waitForOutput(child, /listening on (http:\/\/\S+)/, 120_000);
  return { url: url, child };
}

const auth = () => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

it('finishes an export interrupted by SIGKILL with the bundle of an uninterrupted run', async () => {
  const first = await serve();
  const started = await fetch(`${first.url}/v1/static-export/jobs`, { method: 'POST', headers: auth(), body: JSON.stringify({ domain: 'docs.big.test', version: 'v1' }) });
  expect(started.status).toBe(202);
  const { jobId } = (await started.json()) as { jobId: string };
  await pollUntil(
    async () => (await (await fetch(`${first.url}/v1/static-export/jobs/${jobId}`, { headers: auth() })).json()) as { status: string; pageCount: number },
    (j) => j.status === 'running' && j.pageCount > 0,
    { intervalMs: 20 },
  );
  first.child.kill('SIGKILL');
  expect(await waitForExit(first.child)).toBeNull();
  // The kill landed mid-export: the job is still running with pages left (else the site is too small to test this).
  const killed = await openStore({ dataDir });
  expect(await findExportJob(killed.db, jobId)).toMatchObject({ status: 'running', bundleKey: null });
  expect((await findExportJob(killed.db, jobId))!.pageCount).toBeLessThan(PAGES);
  await killed.close();

  const second = await serve();
  try {
    const done = await pollUntil(
      async () => (await (await fetch(`${second.url}/v1/static-export/jobs/${jobId}`, { headers: auth() })).json()) as { status: string; progress: number; error: string | null },
      (j) => j.status === 'completed' || j.status === 'failed',
      { timeoutMs: 240_000, intervalMs: 200 },
    );
    expect(done).toMatchObject({ status: 'completed', progress: 100, error: null });
    const link = (await (await fetch(`${second.url}/v1/static-export/jobs/${jobId}/bundle`, { method: 'POST', headers: auth() })).json()) as { bundleUrl: string; sha256: string };
    const bytes = Buffer.from(await (await fetch(link.bundleUrl)).arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(link.sha256);

    // The same job run without interruption, by the same engine functions.
    const store = await openStore({ dataDir });
    const record = (await findExportJob(store.db, jobId))!;
    await store.close();
    // On this thread: the same pages as render threads give, without starting two threads from the TypeScript sources (~3 s of CPU each).
    await exportSite({ root: bigSite, outDir: join(work, 'ref-site'), baseUrl: 'https://docs.big.test', deployment: 'client-hosted', workers: 0 });
    const ref = await packBundle({
      siteDir: join(work, 'ref-site'),
      outFile: join(work, 'ref.tar.gz'),
      jobId,
      domain: 'docs.big.test',
      version: 'v1',
      createdAt: record.createdAt,
      engineVersion: QUIRE_VERSION,
    });
    expect(link.sha256).toBe(ref.sha256);
    expect(bytes.equals(readFileSync(join(work, 'ref.tar.gz')))).toBe(true);

    // Two exports of different projects at once both complete.
    const ids = await Promise.all(
      ['docs.small.test', 'docs.big.test'].map(async (domain) => {
        const r = await fetch(`${second.url}/v1/static-export/jobs`, { method: 'POST', headers: auth(), body: JSON.stringify({ domain, paths: domain === 'docs.big.test' ? ['index', 'section-1/page-1'] : undefined }) });
        expect(r.status).toBe(202);
        return ((await r.json()) as { jobId: string }).jobId;
      }),
    );
    for (const id of ids) {
      const j = await pollUntil(
        async () => (await (await fetch(`${second.url}/v1/static-export/jobs/${id}`, { headers: auth() })).json()) as { status: string },
        (x) => x.status === 'completed' || x.status === 'failed',
      );
      expect(j.status).toBe('completed');
    }
  } finally {
    second.child.kill('SIGTERM');
    expect(await waitForExit(second.child)).toBe(0);
  }
}, 400_000);
