/** The auth matrix of every authenticated route, and tenant isolation byte for byte. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeApiKey } from '../../src/core/api-keys.js';
import { insertAgentJobRecord } from '../../src/core/agent-jobs.js';
import { listApiKeys } from '../../src/store/records/api-keys.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { runQuire } from '../helpers/cli.js';
import { pollUntil } from '../helpers/poll.js';

let api: TestApi;
let jobPath: string;
let otherJobPath: string;

beforeAll(async () => {
  api = await startTestApi();
  const job = await insertAgentJobRecord(api.store, { projectId: api.project.id, prompt: 'p', model: 'm' });
  const otherJob = await insertAgentJobRecord(api.store, { projectId: api.otherProject.id, prompt: 'p', model: 'm' });
  jobPath = `/v2/agent/${api.project.id}/job/${job.id}`;
  otherJobPath = `/v2/agent/${api.otherProject.id}/job/${otherJob.id}`;
});
afterAll(async () => api.close());

async function expectError(res: Response, status: number, message?: string | RegExp): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: string };
  expect(Object.keys(body)).toEqual(['error']);
  if (message) expect(body.error).toMatch(message);
}

describe('authentication', () => {
  it('accepts a valid key', async () => {
    const res = await api.fetch(jobPath);
    expect(res.status).toBe(200);
  });

  it.each([
    ['no header', null, undefined],
    ['a bad prefix', 'abc_0123456789abcdefghijklmnopqrstuvwxyz', undefined],
    ['a short key', 'svc_abc', undefined],
    ['an unknown key', `svc_${'a'.repeat(40)}`, undefined],
    ['a non-bearer scheme', null, 'Basic dXNlcjpwYXNz'],
  ])('answers 401 for %s', async (_name, key, header) => {
    const res = await api.fetch(jobPath, { key, headers: header ? { authorization: header } : {} });
    await expectError(res, 401, /API key/);
  });

  it('answers 401 at once for a key revoked in this process', async () => {
    const k = await createApiKey(api.store, { orgId: api.orgId });
    // The first request leaves the key in the principal cache.
    expect((await api.fetch(jobPath, { key: k.key })).status).toBe(200);
    await revokeApiKey(api.store, k.id);
    await expectError(await api.fetch(jobPath, { key: k.key }), 401);
  });

  it('answers 401 for a key revoked by another process once the principal cache lets go of it', async () => {
    const k = await createApiKey(api.store, { orgId: api.orgId });
    expect((await api.fetch(jobPath, { key: k.key })).status).toBe(200);
    const revoke = await runQuire(['key', 'revoke', k.id, '--json'], { QUIRE_DATA_DIR: api.config.dataDir });
    expect(revoke.code).toBe(0);
    // The server learns of it within PRINCIPAL_TTL_MS; the deadline only bounds a hung test.
    const res = await pollUntil(() => api.fetch(jobPath, { key: k.key }), (r) => r.status !== 200, { timeoutMs: 30_000, intervalMs: 200 });
    await expectError(res, 401);
  });

  it('answers 401 for an expired key', async () => {
    const k = await createApiKey(api.store, { orgId: api.orgId, expiresAt: new Date(Date.now() - 1000).toISOString() });
    await expectError(await api.fetch(jobPath, { key: k.key }), 401);
  });

  it('answers 403 when the key lacks the scope', async () => {
    expect((await api.fetch(jobPath, { key: api.readKey })).status).toBe(200);
    await expectError(await api.fetch(jobPath, { key: api.writeOnlyKey }), 403, /"read" scope/);
  });

  it('hides other organizations\' jobs exactly like missing ones', async () => {
    const foreign = await api.fetch(otherJobPath);
    const missing = await api.fetch(`/v2/agent/${api.otherProject.id}/job/aj_0000000000000000`);
    const wrongProject = await api.fetch(`/v2/agent/${api.otherProject.id}/job/${jobPath.split('/').pop()}`);
    expect(foreign.status).toBe(404);
    const bodies = await Promise.all([foreign.text(), missing.text(), wrongProject.text()]);
    expect(bodies[0]).toBe('{"error":"Job not found"}');
    expect(new Set(bodies).size).toBe(1);
    expect(missing.status).toBe(404);
    expect(wrongProject.status).toBe(404);
  });

  it('records the last use of a key answered from the principal cache', async () => {
    const k = await createApiKey(api.store, { orgId: api.orgId });
    expect((await api.fetch(jobPath, { key: k.key })).status).toBe(200);
    await api.service.deps.usage.flush();
    await api.store.db.updateTable('api_keys').set({ last_used_at: null }).where('id', '=', k.id).execute();
    // This request finds the key in the cache; its use is still recorded.
    expect((await api.fetch(jobPath, { key: k.key })).status).toBe(200);
    await api.service.deps.usage.flush();
    expect((await listApiKeys(api.store.db, api.orgId)).find((key) => key.id === k.id)?.lastUsedAt).not.toBeNull();
  });

  it('records last use without a write per request', async () => {
    for (let i = 0; i < 3; i++) await api.fetch(jobPath);
    await api.service.close();
    // close() flushed the batch: the key that made the calls has a last-use time.
    const reopened = await import('../../src/store/open-store.js').then((m) => m.openStore({ dataDir: api.config.dataDir }));
    const keys = await listApiKeys(reopened.db, api.orgId);
    await reopened.close();
    expect(keys.filter((k) => k.lastUsedAt !== null).length).toBeGreaterThanOrEqual(1);
    api = await startTestApi();
  });
});
