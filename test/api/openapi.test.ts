/** The OpenAPI document and the running server's routes agree, both ways. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api.js';

let api: TestApi;

beforeAll(async () => {
  // The service as `quire serve --no-workers` starts it: every feature's routes, the agent's included.
  api = await startTestApi({ env: { QUIRE_WORKERS: 'false' } });
});
afterAll(async () => api.close());

it('is OpenAPI 3.1, version 2.0.0, and documents exactly the routes the server serves', async () => {
  const res = await api.fetch('/openapi.json', { key: null });
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { openapi: string; info: { version: string }; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.info.version).toBe('2.0.0');

  const documented = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths)) for (const m of Object.keys(ops)) documented.add(`${m.toUpperCase()} ${path}`);
  const served = new Set(
    api.service.app.routeTable.filter((r) => !r.hidden).map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
  );
  expect(documented.size).toBeGreaterThan(0);
  expect([...documented].sort()).toEqual([...served].sort());
  for (const op of [
    'GET /v2/agent/{projectId}/job/{id}',
    'POST /v2/agent/{projectId}/job',
    'POST /v2/agent/{projectId}/job/{id}/message',
    'POST /v2/agent/{projectId}/job/{id}/archive',
    'GET /v2/agent/{projectId}/job/{id}/messages',
    'POST /v1/static-export/jobs',
    'GET /v1/static-export/jobs/{jobId}',
    'POST /v1/static-export/jobs/{jobId}/bundle',
  ]) {
    expect(documented.has(op), op).toBe(true);
  }
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      expect(Object.keys(op.responses), `${method} ${path} documents its auth errors`).toEqual(expect.arrayContaining(['401', '403']));
    }
  }
});
