/** Every error status of the HTTP layer answers `{"error": ...}` and never a stack trace. */
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { insertAgentJobRecord } from '../../src/core/agent-jobs.js';
import { updateAgentJob } from '../../src/store/records/agent-jobs.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { like } from '../helpers/like.js';

let api: TestApi;
let jobPath: string;

// A route that echoes a JSON body, and one that throws an unexpected error, to reach
// the body-parsing and 500 paths through the real server.
function probeRoutes(app: FastifyInstance): void {
  app.post('/v1/_probe', { schema: { hide: true, body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } }, async (req) => req.body);
  app.get('/v1/_boom', { schema: { hide: true } }, async () => {
    throw new Error('secret internal detail at /srv/app.js:12');
  });
  // A body stream that fails once its first bytes are out, as a blob read can.
  app.get('/v1/_broken-stream', { schema: { hide: true } }, async (_req, reply) => {
    const stream = new Readable({ read() {} });
    stream.push('first bytes');
    setTimeout(() => stream.destroy(new Error('blob read failed')), 50);
    return reply.type('text/plain').send(stream);
  });
}

beforeAll(async () => {
  api = await startTestApi({ modules: [probeRoutes], env: { QUIRE_BODY_LIMIT: '1024' } });
  const job = await insertAgentJobRecord(api.store, { projectId: api.project.id, prompt: 'p', model: 'm' });
  jobPath = `/v2/agent/${api.project.id}/job/${job.id}`;
});
afterAll(async () => api.close());

async function body(res: Response): Promise<{ error: string }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const json = (await res.json()) as { error: string };
  expect(Object.keys(json)).toEqual(['error']);
  expect(json.error).not.toMatch(/at .*\.(js|ts):\d+/);
  return json;
}

describe('error statuses', () => {
  it('404 for an unknown route', async () => {
    const res = await api.fetch('/v2/nothing/here');
    expect(res.status).toBe(404);
    expect((await body(res)).error).toBe('Route GET /v2/nothing/here not found');
  });

  it('404 "Job not found" for a missing job', async () => {
    const res = await api.fetch(`/v2/agent/${api.project.id}/job/aj_missing`);
    expect(res.status).toBe(404);
    expect(await body(res)).toEqual({ error: 'Job not found' });
  });

  it('405 with Allow for a known path and an unsupported method', async () => {
    const res = await api.fetch(jobPath, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect((await body(res)).error).toMatch(/DELETE is not allowed/);
  });

  it('400 for malformed JSON', async () => {
    const res = await api.fetch('/v1/_probe', { method: 'POST', body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await body(res)).error).toMatch(/Malformed JSON/);
  });

  it('400 naming the field for a schema violation', async () => {
    const res = await api.fetch('/v1/_probe', { method: 'POST', json: { name: 5 } });
    expect(res.status).toBe(400);
    expect((await body(res)).error).toMatch(/name/);
  });

  it('415 for text/plain too', async () => {
    const res = await api.fetch('/v1/_probe', { method: 'POST', body: '{"name":"x"}', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
  });

  it('415 for a wrong content type', async () => {
    const res = await api.fetch('/v1/_probe', { method: 'POST', body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect((await body(res)).error).toMatch(/content type/i);
  });

  it('413 for a body over the limit', async () => {
    const res = await api.fetch('/v1/_probe', { method: 'POST', json: { name: 'x'.repeat(5000) } });
    expect(res.status).toBe(413);
    expect((await body(res)).error).toMatch(/too large/);
  });

  it('500 without detail, logged with the request id', async () => {
    const res = await api.fetch('/v1/_boom');
    expect(res.status).toBe(500);
    expect(await body(res)).toEqual({ error: 'Internal server error' });
    const reqId = res.headers.get('x-request-id');
    expect(reqId).toBeTruthy();
    const line = api.logs.find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ reqId, level: 50 });
    expect(line).toContain('secret internal detail');
    // The access line of the same request carries the same id.
    const access = api.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request' && l.reqId === reqId);
    expect(access).toMatchObject({ level: 30, method: 'GET', url: '/v1/_boom', status: 500 });
  });
});

/** Sends raw bytes (what fetch will not send) and parses the answer's status, headers and body. */
async function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(api.url);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString('latin1')));
    socket.on('end', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.write(request);
  });
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('answers made before any route, in the same form', () => {
  it('a malformed percent-encoding, an overlong parameter, a trailing slash', async () => {
    const bad = await raw(`GET /v1/static-export/jobs/%ZZ HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${api.key}\r\nconnection: close\r\n\r\n`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ error: 'Malformed URL: it is not valid percent-encoding' });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-\w+$/);
    const long = await api.fetch(`/v1/static-export/jobs/se_${'a'.repeat(15_000)}`);
    expect([400, 404]).toContain(long.status);
    expect(Object.keys(await body(long))).toEqual(['error']);
    expect(long.headers.get('x-request-id')).toBeTruthy();
    const slash = await api.fetch('/v1/static-export/jobs/se_0123456789abcdef/');
    expect(slash.status).toBe(404);
    expect((await body(slash)).error).toBe('Route GET /v1/static-export/jobs/se_0123456789abcdef/ not found');
    expect(slash.headers.get('allow')).toBeNull();
  });

  it('what the HTTP parser refuses: an unknown method, two Content-Lengths, headers too large', async () => {
    const cases: [string, number, string][] = [
      ['FOO / HTTP/1.1\r\nhost: x\r\n\r\n', 400, 'Malformed request: unknown HTTP method'],
      ['POST /v1/_probe HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}', 400, 'Malformed request: conflicting or invalid Content-Length'],
      [`GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'Request headers are too large'],
    ];
    for (const [request, status, error] of cases) {
      const res = await raw(request);
      expect(res.status, request.slice(0, 20)).toBe(status);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-\w+$/);
      expect(JSON.parse(res.body)).toEqual({ error });
    }
  });
});

describe('request ids and the access log', () => {
  const accessLine = (reqId: string | null) =>
    api.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request' && l.reqId === reqId);

  it('gives every answer an id of its own, also 404 and 405, and logs one access line each', async () => {
    const answers = await Promise.all([api.fetch(jobPath), api.fetch(jobPath), api.fetch('/v2/nothing/here'), api.fetch(jobPath, { method: 'DELETE' })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 404, 405]);
    const ids = answers.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(new Set(ids).size).toBe(4);
    // The access line is written as the answer is handed to the socket: wait for the last.
    await expect.poll(() => accessLine(ids[3])).toBeDefined();
    expect(accessLine(ids[0])).toMatchObject({ level: 30, method: 'GET', url: jobPath, status: 200, ms: like.any(Number) });
    expect(accessLine(ids[2])).toMatchObject({ method: 'GET', url: '/v2/nothing/here', status: 404 });
    expect(accessLine(ids[3])).toMatchObject({ method: 'DELETE', status: 405 });
  });

  it("takes the client's x-request-id when it is short and plain, and makes its own otherwise", async () => {
    const given = await api.fetch(jobPath, { headers: { 'x-request-id': 'ci-run-42/step.3' } });
    expect(given.headers.get('x-request-id')).toBe('ci-run-42/step.3');
    await expect.poll(() => accessLine('ci-run-42/step.3')).toMatchObject({ status: 200 });
    for (const bad of ['x'.repeat(129), 'has space', 'quote"d', 'semi;colon']) {
      const res = await api.fetch(jobPath, { headers: { 'x-request-id': bad } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    }
  });

  it('asks HEAD for the key as GET does', async () => {
    expect((await api.fetch(jobPath, { method: 'HEAD', key: null })).status).toBe(401);
    const head = await api.fetch(jobPath, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe((await api.fetch(jobPath)).headers.get('etag'));
  });
});

describe('a failure after the answer started', () => {
  it('cuts the answer short and logs the error with the request id', async () => {
    const res = await api.fetch('/v1/_broken-stream');
    expect(res.status).toBe(200);
    const reqId = res.headers.get('x-request-id');
    await expect(res.text()).rejects.toThrow();
    const logged = () => api.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reqId === reqId && l.level === 40);
    await expect.poll(logged).toMatchObject({ msg: 'response terminated with an error with headers already sent', err: { message: 'blob read failed' } });
  });
});

describe('conditional GET', () => {
  it('sends an ETag and answers 304 to If-None-Match', async () => {
    const first = await api.fetch(jobPath);
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[\w-]+"$/);
    const job = (await first.json()) as Record<string, unknown>;
    expect(Object.keys(job).sort()).toEqual(['archivedAt', 'createdAt', 'id', 'model', 'prLink', 'source', 'status']);
    expect(job).toMatchObject({ status: 'active', prLink: null, archivedAt: null, source: { repository: '/tmp', ref: like.stringMatching(/^quire\/agent-aj_/) } });
    expect(job.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const again = await api.fetch(jobPath, { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await api.fetch(jobPath, { headers: { 'if-none-match': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it('gives a changed job a new ETag, though the body of each version is made once', async () => {
    const job = await insertAgentJobRecord(api.store, { projectId: api.project.id, prompt: 'p', model: 'm' });
    const path = `/v2/agent/${api.project.id}/job/${job.id}`;
    const first = await api.fetch(path);
    const tag = first.headers.get('etag')!;
    expect((await api.fetch(path)).headers.get('etag')).toBe(tag);
    await updateAgentJob(api.store.db, job.id, { status: 'completed', prLink: 'https://forge.test/pr/1' }, '2026-11-21T10:00:00.000Z');
    const changed = await api.fetch(path, { headers: { 'if-none-match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(await changed.json()).toMatchObject({ status: 'completed', prLink: 'https://forge.test/pr/1' });
  });
});

describe('operations endpoints', () => {
  it('healthz and readyz answer without a key', async () => {
    expect(await (await api.fetch('/healthz', { key: null })).json()).toEqual({ status: 'ok' });
    expect(await (await api.fetch('/readyz', { key: null })).json()).toEqual({ status: 'ready' });
  });

  it('exposes request counts by route and status', async () => {
    await api.fetch(jobPath);
    const text = await (await api.fetch('/metrics', { key: null })).text();
    expect(text).toMatch(/quire_http_requests_total\{method="GET",route="\/v2\/agent\/:projectId\/job\/:id",status="200"\} \d+/);
    expect(text).toContain('quire_http_request_duration_seconds_bucket');
    expect(text).toMatch(/quire_http_request_duration_seconds_count\{method="GET",route="\/v2\/agent\/:projectId\/job\/:id",status="200"\} \d+/);
    // Requests no route matched count under one label, not under their paths.
    await api.fetch('/v2/nothing/here');
    expect((await (await api.fetch('/metrics', { key: null })).text())).toMatch(/quire_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    // prom-client's default process metrics are still there.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('exposes job counts by state and the age of the oldest queued export, read from the database', async () => {
    const { insertExportJob } = await import('../../src/store/records/export-jobs.js');
    const { staleQueueWarning } = await import('../../src/core/job-metrics.js');
    const before = await (await api.fetch('/metrics', { key: null })).text();
    expect(before).toMatch(/^quire_agent_jobs\{status="active"\} [1-9]\d*$/m);
    expect(before).toMatch(/^quire_export_oldest_queued_seconds 0$/m);
    expect(await staleQueueWarning(api.store)).toBeNull();
    const createdAt = new Date(Date.now() - 300_000).toISOString();
    await insertExportJob(api.store.db, {
      id: 'se_00000000000000aa', orgId: api.orgId, projectId: api.project.id, domain: 'docs.acme.test', version: null, paths: null,
      status: 'queued', progress: 0, pageCount: 0, error: null, bundleKey: null, bundleSize: null, bundleSha256: null, createdAt, updatedAt: createdAt, completedAt: null,
    });
    const after = await (await api.fetch('/metrics', { key: null })).text();
    expect(after).toMatch(/^quire_export_jobs\{status="queued"\} 1$/m);
    expect(Number(/^quire_export_oldest_queued_seconds (\S+)$/m.exec(after)?.[1])).toBeGreaterThanOrEqual(299);
    expect(await staleQueueWarning(api.store)).toMatch(/^1 export\(s\) queued, the oldest for 30\d s: no worker seems to be taking them/);
  });
});

describe('bodies', () => {
  it('treats an empty JSON body as no body: the route schema decides', async () => {
    const res = await api.fetch('/v1/_probe', { method: 'POST', body: '', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await body(res)).error).toMatch(/body/);
  });
});

describe('agent job source', () => {
  it('never shows credentials written into a repository URL', async () => {
    const { withoutCredentials } = await import('../../src/core/agent-jobs.js');
    expect(withoutCredentials('https://x-access-token:ghp_secret@github.com/acme/docs.git')).toBe('https://github.com/acme/docs.git');
    expect(withoutCredentials('ssh://git@github.com/acme/docs.git')).toBe('ssh://git@github.com/acme/docs.git');
    expect(withoutCredentials('ssh://git:hunter2@github.com/acme/docs.git')).toBe('ssh://git@github.com/acme/docs.git');
    expect(withoutCredentials('git@github.com:acme/docs.git')).toBe('git@github.com:acme/docs.git');
    expect(withoutCredentials('/srv/docs')).toBe('/srv/docs');
  });
});
