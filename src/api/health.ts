/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers). */
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../core/logger.js';
import type { Store } from '../store/types.js';
import { sendError } from './error-handler.js';

export function registerHealthRoutes(app: FastifyInstance, store: Store, logger: Logger): void {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    try {
      await store.ping();
      return { status: 'ready' };
    } catch (err) {
      logger.warn({ reqId: request.id, code: (err as { code?: string }).code, msg: (err as Error).message }, 'readiness check failed');
      return sendError(reply, 503, 'Database unreachable');
    }
  });
}
