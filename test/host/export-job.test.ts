/**
 * The whole chain: a real export job through the API, its presigned bundle link, and
 * `quire host` fetching, verifying and serving that bundle; an altered link is refused
 * (403) while the verified site keeps being served.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../src/host/host.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { pollUntil } from '../helpers/poll.js';
import { generateSite } from '../helpers/sites.js';
import { captureLogger, hostConfig, request } from './helpers.js';

let api: TestApi;
let site: string;
let dir: string;
let host: RunningHost | undefined;

beforeAll(async () => {
  site = generateSite(4);
  dir = await mkdtemp(join(tmpdir(), 'quire-host-job-'));
  api = await startTestApi({ repository: site, env: { QUIRE_RENDER_THREADS: '1' } });
});
afterAll(async () => {
  await host?.close();
  await api?.close();
  await rm(site, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
});

describe('quire host with a bundle from an export job', () => {
  it('serves the bundle fetched through the presigned link, and refuses an altered link', async () => {
    const started = await api.fetch('/v1/static-export/jobs', { method: 'POST', json: { domain: 'docs.acme.test', version: '2026-11-01' } });
    expect(started.status).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    const done = await pollUntil(
      async () => (await (await api.fetch(`/v1/static-export/jobs/${jobId}`)).json()) as { status: string; error: string | null },
      (j) => j.status === 'completed' || j.status === 'failed',
      { intervalMs: 100 },
    );
    expect(done).toMatchObject({ status: 'completed', error: null });
    const linkRes = await api.fetch(`/v1/static-export/jobs/${jobId}/bundle`, { method: 'POST' });
    expect(linkRes.status).toBe(200);
    const link = (await linkRes.json()) as { bundleUrl: string; sha256: string };

    const log = captureLogger();
    host = await startHost(hostConfig(join(dir, 'cache'), { bundleUrl: link.bundleUrl, version: '2026-11-01' }), { logger: log.logger });
    const ready = await request(host.url, '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString())).toEqual({ ready: true, jobId, version: '2026-11-01', bundleSha256: link.sha256 });
    const home = await request(host.url, '/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body.toString()).toContain('<html');

    const altered = link.bundleUrl.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect(altered).not.toBe(link.bundleUrl);
    const result = await host.reload(hostConfig(join(dir, 'cache'), { bundleUrl: altered, version: '2026-11-01' }));
    expect(result.updated).toBe(false);
    expect(result.reason).toMatch(/^bundle download answered 403: .+ \(expired or altered link\?\)$/);
    expect((await request(host.url, '/')).body.equals(home.body)).toBe(true);
  }, 180_000);
});
