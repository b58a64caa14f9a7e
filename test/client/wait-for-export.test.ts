/**
 * QuireClient.waitForExport against the real API behind a loopback TCP proxy that goes
 * away for a while, as an API process does in a rolling deploy: polling goes on
 * through the outage and gives up only after `retryForMs` of failures in a row.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuireClient } from '../../src/client/client.js';
import { QuireNetworkError } from '../../src/client/errors.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { generateSite } from '../helpers/sites.js';

/** Forwards a loopback port to the API; `down()` closes it and every open connection. */
class Proxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: number) {}

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

let api: TestApi;
let site: string;

beforeAll(async () => {
  site = generateSite(3);
  api = await startTestApi({ repository: site, env: { QUIRE_RENDER_THREADS: '1' } });
});
afterAll(async () => {
  await api.close();
  rmSync(site, { recursive: true, force: true });
});

describe('waitForExport', () => {
  it('keeps polling while the API is unreachable and returns the finished job', async () => {
    const proxy = new Proxy(Number(new URL(api.url).port));
    await proxy.up();
    const client = new QuireClient({ baseUrl: `http://127.0.0.1:${proxy.port}`, apiKey: api.key, timeoutMs: 2000 });
    const started = await client.startExport({ domain: 'docs.acme.test' });
    await proxy.down();
    const retries: string[] = [];
    const waiting = client.waitForExport(started.jobId, { intervalMs: 100, maxIntervalMs: 300, onRetry: (err) => retries.push(err.message) });
    await new Promise((r) => setTimeout(r, 1200));
    await proxy.up();
    const job = await waiting;
    await proxy.down();
    expect(job).toMatchObject({ jobId: started.jobId, status: 'completed', progress: 100, pageCount: 4 });
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(retries[0]).toMatch(/^Cannot reach Quire at http:\/\/127\.0\.0\.1:\d+/);
  });

  it('gives up after retryForMs of failed polls in a row, naming the job', async () => {
    const client = new QuireClient({ baseUrl: 'http://127.0.0.1:9', apiKey: api.key, timeoutMs: 1000 });
    const error = await client.waitForExport('se_0123456789abcdef', { intervalMs: 50, maxIntervalMs: 100, retryForMs: 400 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuireNetworkError);
    expect((error as Error).message).toMatch(/^Cannot reach Quire at http:\/\/127\.0\.0\.1:9.*\(polls of se_0123456789abcdef kept failing for \d+ s\)$/);
  });

  it('does not retry an answer that will not change (404)', async () => {
    const client = new QuireClient({ baseUrl: api.url, apiKey: api.key });
    const retries: unknown[] = [];
    const error = await client.waitForExport('se_0123456789abcdef', { onRetry: (e) => retries.push(e) }).catch((e: unknown) => e);
    expect((error as { status?: number }).status).toBe(404);
    expect(retries).toEqual([]);
  });
});
