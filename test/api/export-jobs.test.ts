/**
 * Static export jobs through the real HTTP server: the happy path down to a downloaded
 * bundle whose manifest matches its files, every error status, a failed export, link
 * expiry and tampering, Range requests, and a project whose source is a git repository.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedUrl, loadOrCreateSigningSecret } from '../../src/blobs/sign-link.js';
import { createApiKey } from '../../src/core/api-keys.js';
import { createOrganization } from '../../src/core/organizations.js';
import { createProject } from '../../src/core/projects.js';
import { extractBundle } from '../../src/render/bundle/extract.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { pollUntil } from '../helpers/poll.js';
import { generateSite, makeGitOrigin } from '../helpers/sites.js';
import { like } from '../helpers/like.js';

interface ExportJob {
  jobId: string;
  status: string;
  progress: number;
  pageCount: number;
  createdAt: string;
  updatedAt: string;
  error: string | null;
}

let api: TestApi;
let site: string;
const cleanup: string[] = [];

beforeAll(async () => {
  site = generateSite(12);
  cleanup.push(site);
  api = await startTestApi({ repository: site, env: { QUIRE_EXPORT_MAX_ACTIVE: '3', QUIRE_RENDER_THREADS: '1', QUIRE_EXPORT_MAX_ATTEMPTS: '2' } });
});
afterAll(async () => {
  await api.close();
  for (const d of cleanup) rmSync(d, { recursive: true, force: true });
});

async function start(body: unknown, key?: string): Promise<Response> {
  return api.fetch('/v1/static-export/jobs', { method: 'POST', json: body, key });
}

async function waitDone(jobId: string, seen: ExportJob[] = []): Promise<ExportJob> {
  return pollUntil(
    async () => {
      const job = (await (await api.fetch(`/v1/static-export/jobs/${jobId}`)).json()) as ExportJob;
      seen.push(job);
      return job;
    },
    (j) => j.status === 'completed' || j.status === 'failed',
    { intervalMs: 50 },
  );
}

describe('export job happy path', () => {
  it('runs queued -> running -> completed and hands out a bundle matching its manifest', async () => {
    const res = await start({ domain: 'docs.acme.test', version: '2026-11-01' });
    expect(res.status).toBe(202);
    const job = (await res.json()) as ExportJob;
    expect(job).toEqual({ jobId: like.stringMatching(/^se_[0-9a-f]{16}$/), status: 'queued', progress: 0, pageCount: 0, createdAt: like.any(String), updatedAt: like.any(String), error: null });

    const early = await api.fetch(`/v1/static-export/jobs/${job.jobId}/bundle`, { method: 'POST' });
    if (early.status !== 200) {
      expect(early.status).toBe(409);
      expect(((await early.json()) as { error: string }).error).toMatch(/available once it is completed/);
    }

    const seen: ExportJob[] = [];
    const done = await waitDone(job.jobId, seen);
    expect(done.status).toBe('completed');
    expect(done.progress).toBe(100);
    expect(done.pageCount).toBe(13);
    for (let i = 1; i < seen.length; i++) expect(seen[i].progress).toBeGreaterThanOrEqual(seen[i - 1].progress);
    for (const s of seen) if (s.status !== 'completed') expect(s.progress).toBeLessThan(100);

    const linkRes = await api.fetch(`/v1/static-export/jobs/${job.jobId}/bundle`, { method: 'POST' });
    expect(linkRes.status).toBe(200);
    const link = (await linkRes.json()) as { jobId: string; bundleUrl: string; sizeBytes: number; sha256: string; expiresAt: string };
    expect(link.jobId).toBe(job.jobId);
    expect(link.bundleUrl.startsWith(`${api.url}/v1/static-export/bundles/`)).toBe(true);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(3500 * 1000);
    await new Promise((r) => setTimeout(r, 1100));
    const second = (await (await api.fetch(`/v1/static-export/jobs/${job.jobId}/bundle`, { method: 'POST' })).json()) as { bundleUrl: string; expiresAt: string };
    expect(second.bundleUrl).not.toBe(link.bundleUrl);
    expect(Date.parse(second.expiresAt)).toBeGreaterThan(Date.parse(link.expiresAt));

    // The link needs no Authorization header.
    const download = await fetch(link.bundleUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('etag')).toBeTruthy();
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(link.sizeBytes);
    expect(Number(download.headers.get('content-length'))).toBe(link.sizeBytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(link.sha256);

    const dir = mkdtempSync(join(tmpdir(), 'quire-bundle-'));
    cleanup.push(dir);
    writeFileSync(join(dir, 'bundle.tar.gz'), bytes);
    const manifest = await extractBundle(join(dir, 'bundle.tar.gz'), join(dir, 'site'));
    expect(manifest).toMatchObject({ formatVersion: 1, jobId: job.jobId, domain: 'docs.acme.test', version: '2026-11-01' });
    for (const f of manifest.files.slice(0, 50)) {
      const content = readFileSync(join(dir, 'site', f.path));
      expect(content.length).toBe(f.size);
      expect(createHash('sha256').update(content).digest('hex')).toBe(f.sha256);
    }
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['index.html', 'section-1/page-1.html', 'sitemap.xml']));
    expect(readFileSync(join(dir, 'site', 'sitemap.xml'), 'utf8')).toContain('https://docs.acme.test/section-1/page-1');

    // Range and HEAD on the same link. Every body is read to its end: a bundle left unread
    // keeps its connection busy, and the server's close in afterAll waited for it (~65 s).
    const range = await fetch(link.bundleUrl, { headers: { range: 'bytes=10-19' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 10-19/${link.sizeBytes}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    const suffix = await fetch(link.bundleUrl, { headers: { range: 'bytes=-5' } });
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 5));
    const beyond = await fetch(link.bundleUrl, { headers: { range: `bytes=${link.sizeBytes + 10}-` } });
    expect(beyond.status).toBe(416);
    await beyond.arrayBuffer();
    // Revalidation as quire host answers it: a tag among several, weak or strong; If-Range with another tag sends everything.
    const etag = download.headers.get('etag')!;
    expect((await fetch(link.bundleUrl, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    const otherTag = await fetch(link.bundleUrl, { headers: { 'if-none-match': '"other"' } });
    expect(otherTag.status).toBe(200);
    expect(Buffer.from(await otherTag.arrayBuffer())).toEqual(bytes);
    const staleRange = await fetch(link.bundleUrl, { headers: { range: 'bytes=0-9', 'if-range': '"stale"' } });
    expect(staleRange.status).toBe(200);
    expect(Number(staleRange.headers.get('content-length'))).toBe(link.sizeBytes);
    await staleRange.arrayBuffer();
    const head = await fetch(link.bundleUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(link.sizeBytes);

    // Tampering and expiry.
    const url = new URL(link.bundleUrl);
    const altered = new URL(url);
    altered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const alteredRes = await fetch(altered);
    expect(alteredRes.status).toBe(403);
    expect(await alteredRes.json()).toEqual({ error: 'This link is not valid' });
    const otherPath = new URL(url);
    otherPath.pathname = otherPath.pathname.replace(job.jobId, 'se_0000000000000000');
    const otherPathRes = await fetch(otherPath);
    expect(otherPathRes.status).toBe(403);
    expect(await otherPathRes.json()).toEqual({ error: 'This link is not valid' });
    const sig = url.searchParams.get('signature')!;
    const flipped = new URL(url);
    flipped.searchParams.set('signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const flippedRes = await fetch(flipped);
    expect(flippedRes.status).toBe(403);
    expect(await flippedRes.json()).toEqual({ error: 'This link is not valid' });
    // An authentic link whose time is up.
    const secret = loadOrCreateSigningSecret(api.config.dataDir);
    const key = decodeURIComponent(url.pathname.slice('/v1/static-export/bundles/'.length));
    const expired = buildSignedUrl(api.url, key, Math.floor(Date.now() / 1000) - 1, secret);
    const expiredRes = await fetch(expired);
    expect(expiredRes.status).toBe(403);
    expect(await expiredRes.json()).toEqual({ error: 'This link has expired; ask for a new one' });
    const fresh = buildSignedUrl(api.url, key, Math.floor(Date.now() / 1000) + 60, secret);
    const freshRes = await fetch(fresh);
    expect(freshRes.status).toBe(200);
    expect(Buffer.from(await freshRes.arrayBuffer())).toEqual(bytes);
    // The access log names the link without its signature.
    const lines = api.logs.filter((l) => l.includes('"msg":"request"') && l.includes('/v1/static-export/bundles/'));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      expect(line).toContain('signature=[redacted]');
      expect(line).not.toContain(sig);
    }
  }, 240_000);

  it('ETag/304 on the status and a Retry-After hint while running', async () => {
    const job = (await (await start({ domain: 'docs.acme.test' })).json()) as ExportJob;
    const first = await api.fetch(`/v1/static-export/jobs/${job.jobId}`);
    if (((await first.clone().json()) as ExportJob).status !== 'completed') expect(first.headers.get('retry-after')).toBe('2');
    const done = await waitDone(job.jobId);
    const res = await api.fetch(`/v1/static-export/jobs/${job.jobId}`);
    const tag = res.headers.get('etag')!;
    expect((await res.json()) as ExportJob).toEqual(done);
    expect(res.headers.get('retry-after')).toBeNull();
    const again = await api.fetch(`/v1/static-export/jobs/${job.jobId}`, { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
  }, 240_000);

  it('exports only the pages named in paths', async () => {
    const job = (await (await start({ domain: 'docs.acme.test', paths: ['/section-1/page-2', 'index'] })).json()) as ExportJob;
    const done = await waitDone(job.jobId);
    expect(done).toMatchObject({ status: 'completed', pageCount: 2 });
  });
});

describe('export job errors', () => {
  it.each([
    [{ domain: 'https://docs.acme.test' }, /without a scheme/],
    [{ domain: 'docs.acme.test/guide' }, /without a path/],
    [{ domain: 'docs.acme.test:443' }, /without a port/],
    [{ domain: 'not a host' }, /not a valid hostname/],
    [{}, /domain/],
    [{ domain: 'docs.acme.test', paths: ['nope/missing'] }, /"nope\/missing" is not a page of the site/],
    [{ domain: 'docs.acme.test', paths: [] }, /paths/],
    [{ domain: 'docs.acme.test', extra: 1 }, /extra/],
  ])('400 for %j', async (body, message) => {
    const res = await start(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });

  it('404 for a domain that is not one of the organization\'s projects, exactly like an unknown one', async () => {
    const foreign = await start({ domain: 'docs.other.test' });
    const unknown = await start({ domain: 'docs.nobody.test' });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect((await foreign.json()) as { error: string }).toEqual({ error: 'No project of this organization has the domain docs.other.test' });
    expect(((await unknown.json()) as { error: string }).error).toBe('No project of this organization has the domain docs.nobody.test');
  });

  it('404 for another organization\'s job and for a missing one', async () => {
    const job = (await (await start({ domain: 'docs.acme.test' })).json()) as ExportJob;
    const foreign = await api.fetch(`/v1/static-export/jobs/${job.jobId}`, { key: api.otherKey });
    const missing = await api.fetch('/v1/static-export/jobs/se_0000000000000000');
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
    expect((await api.fetch(`/v1/static-export/jobs/${job.jobId}/bundle`, { method: 'POST', key: api.otherKey })).status).toBe(404);
    await waitDone(job.jobId);
  });

  it('403 when the plan lacks static export', async () => {
    const org = await createOrganization(api.store, { name: 'NoExport', features: ['agent'] });
    await createProject(api.store, { orgId: org.id, domain: 'docs.noexport.test', repository: site });
    const key = await createApiKey(api.store, { orgId: org.id });
    const res = await start({ domain: 'docs.noexport.test' }, key.key);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/plan/);
  });

  it('429 with Retry-After past the per-organization limit, and a burst leaves no job stuck', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => start({ domain: 'docs.acme.test', paths: ['index'] })));
    const accepted = responses.filter((r) => r.status === 202);
    const limited = responses.filter((r) => r.status === 429);
    expect(accepted.length + limited.length).toBe(50);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(accepted.length).toBeLessThanOrEqual(3);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited[0].json()) as { error: string }).error).toMatch(/At most 3 exports/);
    for (const r of accepted) {
      const job = (await r.json()) as ExportJob;
      expect((await waitDone(job.jobId)).status).toBe('completed');
    }
  });

  it('fails with a clear error when docs.json is broken', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'quire-broken-'));
    cleanup.push(broken);
    writeFileSync(join(broken, 'index.mdx'), '# Hi\n');
    const org = await createOrganization(api.store, { name: 'Broken' });
    await createProject(api.store, { orgId: org.id, domain: 'docs.broken.test', repository: broken });
    const key = await createApiKey(api.store, { orgId: org.id });
    const job = (await (await start({ domain: 'docs.broken.test' }, key.key)).json()) as ExportJob;
    const done = await pollUntil(
      async () => (await (await api.fetch(`/v1/static-export/jobs/${job.jobId}`, { key: key.key })).json()) as ExportJob,
      (j) => j.status === 'failed' || j.status === 'completed',
    );
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/docs\.json|not a docs site/i);
    const bundle = await api.fetch(`/v1/static-export/jobs/${job.jobId}/bundle`, { method: 'POST', key: key.key });
    expect(bundle.status).toBe(409);
  });
});

describe('export from a git repository', () => {
  it('clones the project\'s repository at its ref and exports it', async () => {
    const src = generateSite(3);
    cleanup.push(src);
    const origin = makeGitOrigin(src);
    cleanup.push(origin.slice('file://'.length));
    const org = await createOrganization(api.store, { name: 'Git' });
    await createProject(api.store, { orgId: org.id, domain: 'docs.git.test', repository: origin, ref: 'main' });
    const key = await createApiKey(api.store, { orgId: org.id });
    const job = (await (await start({ domain: 'docs.git.test' }, key.key)).json()) as ExportJob;
    const done = await pollUntil(
      async () => (await (await api.fetch(`/v1/static-export/jobs/${job.jobId}`, { key: key.key })).json()) as ExportJob,
      (j) => j.status === 'failed' || j.status === 'completed',
    );
    expect(done).toMatchObject({ status: 'completed', pageCount: 4, error: null });
  });

  it('fails naming the problem when the clone is refused', async () => {
    const org = await createOrganization(api.store, { name: 'GitMissing' });
    await createProject(api.store, { orgId: org.id, domain: 'docs.gitmissing.test', repository: 'file:///nonexistent/repo.git' });
    const key = await createApiKey(api.store, { orgId: org.id });
    const job = (await (await start({ domain: 'docs.gitmissing.test' }, key.key)).json()) as ExportJob;
    const done = await pollUntil(
      async () => (await (await api.fetch(`/v1/static-export/jobs/${job.jobId}`, { key: key.key })).json()) as ExportJob,
      (j) => j.status === 'failed' || j.status === 'completed',
      { timeoutMs: 120_000 },
    );
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/Could not clone/);
  });
});
