/**
 * Builds the Fastify application: logging with request ids, auth, errors, metrics,
 * health, OpenAPI and one module per resource. Listening is the caller's business.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { LazyChildLogger, requestLineWriter, type Logger, type RequestLine } from '../core/logger.js';
import { registerAgentJobRoutes } from './agent-jobs.js';
import { installAuth } from './auth.js';
import type { AppDeps } from './deps.js';
import { installErrorHandler } from './error-handler.js';
import { registerHealthRoutes } from './health.js';
import { installNotFound } from './method-not-allowed.js';
import { RequestMetrics, installMetrics } from './metrics.js';
import { installOpenApi, registerOpenApiRoute } from './openapi.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method, URL pattern, hidden from OpenAPI or not). */
    routeTable: { method: string; url: string; hidden: boolean }[];
  }
}

/** A module adding routes for one resource; later issues plug theirs in here. */
export type RouteModule = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/**
 * Fastify tells its log controller about every finished request (after the onResponse
 * hooks, of which Quire has none). Quire's writes the request's one access line there,
 * instead of Fastify's two lines, and counts it for `/metrics`: the same moment an
 * onResponse hook would see, without a hook to run per request.
 */
class RequestCompletion extends LogController {
  constructor(
    private readonly writeRequestLine: (line: RequestLine) => void,
    private readonly metrics: RequestMetrics,
  ) {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    this.writeRequestLine({ reqId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms * 10) / 10 });
    this.metrics.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, ms / 1000);
  }
}

export async function buildApp(deps: AppDeps, modules: RouteModule[] = []): Promise<FastifyInstance> {
  const metrics = new RequestMetrics();
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new RequestCompletion(requestLineWriter(deps.logger), metrics),
    // request.log is made on first use: most requests only write their access line.
    childLoggerFactory: (logger, bindings, options) => new LazyChildLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimit,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const hidden = !!(route.schema as { hide?: boolean } | undefined)?.hide;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, hidden });
  });
  // An empty body sent as JSON (a bodiless POST from curl or a client library) counts
  // as no body; the route's schema still decides whether a body is required.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // The API speaks JSON only: a text/plain body is a 415 like any other type.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  installErrorHandler(app);
  installNotFound(app);
  await installOpenApi(app);
  installMetrics(app, metrics);
  const checkAuth = installAuth(app, deps.store, deps.usage);
  // The one hook run on every request: a callback rather than async, so no promise and
  // no extra turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    checkAuth(request, done);
  });
  registerHealthRoutes(app, deps.store);
  registerOpenApiRoute(app);
  registerAgentJobRoutes(app, deps);
  for (const module of modules) await module(app, deps);
  return app;
}
