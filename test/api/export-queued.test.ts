/**
 * A job nobody has picked up yet (an API-only process: workers off): its status hints
 * Retry-After and its bundle is 409, deterministically, whatever the machine's speed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { generateSite } from '../helpers/sites.js';
import { rmSync } from 'node:fs';

let api: TestApi;
let site: string;

beforeAll(async () => {
  site = generateSite(2);
  api = await startTestApi({ repository: site, env: { QUIRE_WORKERS: 'false' } });
});
afterAll(async () => {
  await api.close();
  rmSync(site, { recursive: true, force: true });
});

it('answers a queued job with Retry-After and its bundle with 409', async () => {
  const started = await api.fetch('/v1/static-export/jobs', { method: 'POST', json: { domain: 'docs.acme.test' } });
  expect(started.status).toBe(202);
  const { jobId } = (await started.json()) as { jobId: string };
  const status = await api.fetch(`/v1/static-export/jobs/${jobId}`);
  expect(status.status).toBe(200);
  expect(status.headers.get('retry-after')).toBe('2');
  expect(await status.json()).toMatchObject({ status: 'queued', progress: 0, pageCount: 0, error: null });
  const bundle = await api.fetch(`/v1/static-export/jobs/${jobId}/bundle`, { method: 'POST' });
  expect(bundle.status).toBe(409);
  expect(await bundle.json()).toEqual({ error: 'The export is queued; its bundle is available once it is completed' });
});
