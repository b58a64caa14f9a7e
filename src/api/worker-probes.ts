/**
 * The HTTP face of `quire worker`: `/healthz` (the process answers), `/readyz` (its
 * database answers) and `/metrics` (process and job metrics), so a worker can be watched
 * and restarted like the API. Nothing else is served: jobs come from the queue.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../core/logger.js';
import type { Store } from '../store/types.js';
import { processMetrics } from './metrics.js';

export interface WorkerProbes {
  url: string;
  close(): Promise<void>;
}

export async function startWorkerProbes(store: Store, logger: Logger, host: string, port: number): Promise<WorkerProbes> {
  const metrics = processMetrics(store);
  const json = (status: number, body: unknown) => ({ status, type: 'application/json; charset=utf-8', body: JSON.stringify(body) });
  const answer = async (path: string, method: string): Promise<{ status: number; type: string; body: string }> => {
    if (method !== 'GET' && method !== 'HEAD') return json(405, { error: `Method ${method} is not allowed on ${path}` });
    if (path === '/healthz') return json(200, { status: 'ok' });
    if (path === '/readyz') {
      try {
        await store.ping();
        return json(200, { status: 'ready' });
      } catch (err) {
        logger.warn({ code: (err as { code?: string }).code, msg: (err as Error).message }, 'readiness check failed');
        return json(503, { error: 'Database unreachable' });
      }
    }
    if (path === '/metrics') return { status: 200, type: metrics.contentType, body: await metrics.render() };
    return json(404, { error: `Route ${method} ${path} not found (a worker serves /healthz, /readyz and /metrics)` });
  };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    answer(path, req.method ?? 'GET').then(
      (a) => {
        res.writeHead(a.status, { 'content-type': a.type, 'content-length': Buffer.byteLength(a.body) });
        res.end(req.method === 'HEAD' ? undefined : a.body);
      },
      (err: unknown) => {
        logger.error({ err }, 'worker probe failed');
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end('{"error":"Internal server error"}');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
