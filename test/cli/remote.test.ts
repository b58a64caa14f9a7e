/**
 * `quire remote` against a real API: an export followed to a downloaded, checked
 * bundle; a failed job, a 4xx, a network error and a missing key each end with a
 * clear message and a non-zero exit.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/core/api-keys.js';
import { createOrganization } from '../../src/core/organizations.js';
import { createProject } from '../../src/core/projects.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { runQuire } from '../helpers/cli.js';
import { generateSite } from '../helpers/sites.js';

let api: TestApi;
let site: string;
let out: string;

beforeAll(async () => {
  site = generateSite(4);
  out = mkdtempSync(join(tmpdir(), 'quire-remote-'));
  api = await startTestApi({ repository: site, env: { QUIRE_RENDER_THREADS: '1' } });
});
afterAll(async () => {
  await api.close();
  rmSync(site, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

const env = () => ({ QUIRE_API_KEY: api.key, QUIRE_BASE_URL: api.url });

describe('quire remote export', () => {
  it('starts, follows and downloads a bundle whose sha256 it checked', async () => {
    const file = join(out, 'site.tar.gz');
    const res = await runQuire(['remote', 'export', '--domain', 'docs.acme.test', '--version', 'v7', '--download', file, '--json'], env());
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const result = JSON.parse(res.stdout) as { job: { jobId: string; status: string; pageCount: number }; bundle: { file: string; sizeBytes: number; sha256: string } };
    expect(result.job).toMatchObject({ status: 'completed', pageCount: 5 });
    expect(result.bundle.file).toBe(file);
    const bytes = readFileSync(file);
    expect(bytes.length).toBe(result.bundle.sizeBytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(result.bundle.sha256);
    expect(existsSync(`${file}.part`)).toBe(false);
  });

  it('prints progress and where the bundle went without --json', async () => {
    const file = join(out, 'prose.tar.gz');
    const res = await runQuire(['remote', 'export', '--domain', 'docs.acme.test', '--download', file], env());
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/queued for docs\.acme\.test/);
    expect(res.stderr).toMatch(/completed: 5 pages/);
    expect(res.stdout).toContain(`Bundle saved to ${file}`);
  });

  it('ends with exit 1 and the job\'s error when the export fails', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'quire-broken-'));
    writeFileSync(join(broken, 'docs.json'), '{"name": 5, "navigation": "nope"');
    const org = await createOrganization(api.store, { name: 'Broken' });
    await createProject(api.store, { orgId: org.id, domain: 'docs.broken.test', repository: broken });
    const key = await createApiKey(api.store, { orgId: org.id });
    const res = await runQuire(['remote', 'export', '--domain', 'docs.broken.test', '--wait'], { ...env(), QUIRE_API_KEY: key.key });
    rmSync(broken, { recursive: true, force: true });
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/Export se_[0-9a-f]{16} failed: .*docs\.json/);
  });

  it('ends with exit 1 and the server\'s message on a 4xx', async () => {
    const res = await runQuire(['remote', 'export', '--domain', 'docs.nobody.test'], env());
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('quire: No project of this organization has the domain docs.nobody.test');
  });

  it('refuses a --download into a missing folder before it starts an export (exit 2)', async () => {
    const before = await api.store.db.selectFrom('export_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const file = join(out, 'missing', 'site.tar.gz');
    const res = await runQuire(['remote', 'export', '--domain', 'docs.acme.test', '--download', file], env());
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`--download ${file}: the folder ${join(out, 'missing')} does not exist`);
    const after = await api.store.db.selectFrom('export_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('ends with exit 1 on a network error', async () => {
    const res = await runQuire(['remote', 'export', '--domain', 'docs.acme.test'], { ...env(), QUIRE_BASE_URL: 'http://127.0.0.1:9' });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/Cannot reach Quire at http:\/\/127\.0\.0\.1:9/);
  });

  it('asks for QUIRE_API_KEY when it is missing, and names a bad base URL', async () => {
    const noKey = await runQuire(['remote', 'export', '--domain', 'docs.acme.test'], { QUIRE_BASE_URL: api.url, QUIRE_API_KEY: '' });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/QUIRE_API_KEY is not set/);
    const badUrl = await runQuire(['remote', 'export', '--domain', 'docs.acme.test', '--base-url', 'ftp://x'], env());
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toMatch(/Invalid base URL "ftp:\/\/x"/);
  });

  it('reads an agent job', async () => {
    const { insertAgentJobRecord } = await import('../../src/core/agent-jobs.js');
    const job = await insertAgentJobRecord(api.store, { projectId: api.project.id, prompt: 'p', model: 'm' });
    const res = await runQuire(['remote', 'agent', 'get', '--project', api.project.id, '--job', job.id, '--json'], env());
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ id: job.id, status: 'active', prLink: null });
  });
});
