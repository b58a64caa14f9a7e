/**
 * Bearer-key authentication and scopes. Every route is private unless its config says
 * `public: true`; GET and HEAD need the `read` scope, every other method `write`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, principalCacheOf, type KeyUsageRecorder, type Principal } from '../core/api-keys.js';
import { ForbiddenError } from '../core/errors.js';
import type { Store } from '../store/types.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
  interface FastifyContextConfig {
    /** Skip authentication (health checks, metrics, OpenAPI, signed bundle links). */
    public?: boolean;
  }
}

/** The caller of an authenticated route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route is public: no principal');
  return request.principal;
}

/**
 * Adds `request.principal` and returns the key check that every private route's
 * first `onRequest` hook runs (see app.ts): it admits the request or passes the
 * error to `done`.
 */
export function installAuth(app: FastifyInstance, store: Store, usage: KeyUsageRecorder): (request: FastifyRequest, done: (err?: Error) => void) => void {
  app.decorateRequest('principal', undefined);
  const admit = (request: FastifyRequest, principal: Principal): void => {
    const needed = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
    if (!principal.scopes.includes(needed)) throw new ForbiddenError(`This API key lacks the "${needed}" scope`);
    request.principal = principal;
    usage.record(principal.keyId);
  };
  // Looked up once here rather than per request (a WeakMap lookup by store).
  const cache = principalCacheOf(store);
  // Called from a callback hook, not an async one: a key seen in the last seconds is
  // admitted without a promise (authenticate answers from its cache). Fastify turns a
  // throw in the hook into the error response, as it does a rejection.
  return (request, done) => {
    const principal = authenticate(store, request.headers.authorization, Date.now(), cache);
    if (principal instanceof Promise) {
      principal.then((p) => admit(request, p)).then(() => done(), done);
      return;
    }
    admit(request, principal);
    done();
  };
}
