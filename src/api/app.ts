/**
 * Builds the Fastify application: request ids and the access log, auth, errors, metrics,
 * health, OpenAPI, and the route modules of the features it is given (src/service.ts
 * passes every feature's). Listening is the caller's business.
 */
import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type onRequestHookHandler } from 'fastify';
import { redactUrl, requestLineWriter } from '../core/logger.js';
import { ErrorLogController, QuireRequest, reportingResponse } from './access-log.js';
import { installAuth } from './auth.js';
import type { AppDeps } from './deps.js';
import { installErrorHandler, sendError } from './error-handler.js';
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

/** A module adding the routes of one feature; the service passes them in (src/service.ts). */
export type RouteModule = (app: FastifyInstance, deps: AppDeps) => void | Promise<void>;

/** A request id a client may send in `x-request-id`: short, and safe in a header and a log line. */
const CLIENT_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Request ids: the client's `x-request-id` when it sends a usable one, else this
 * process's random prefix and a counter (`4f0c9a2e71b3-1a`): unique across the
 * processes of a deployment without drawing a random UUID per request.
 */
function requestIds(): { forRequest: (req: IncomingMessage) => string; next: () => string } {
  const prefix = randomBytes(6).toString('hex');
  let n = 0;
  const next = () => `${prefix}-${(++n).toString(36)}`;
  return {
    forRequest(req) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : next();
      (req as QuireRequest).requestId = id;
      return id;
    },
    next,
  };
}

/** What Node's HTTP parser refused, as the client is told. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'Request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_REQUEST_HEADERS_TIMEOUT') return { status: 408, message: 'The request took too long to arrive' };
  if (code === 'HPE_INVALID_METHOD') return { status: 400, message: 'Malformed request: unknown HTTP method' };
  if (code === 'HPE_UNEXPECTED_CONTENT_LENGTH' || code === 'HPE_INVALID_CONTENT_LENGTH') return { status: 400, message: 'Malformed request: conflicting or invalid Content-Length' };
  return { status: 400, message: 'Malformed HTTP request' };
}

/**
 * The first onRequest hook of a route: the request id header, the route's pattern and,
 * unless the route is public, the key check. A callback rather than async, so no
 * promise and no extra turn of the microtask queue.
 */
function requestStart(pattern: string, isPublic: boolean, checkAuth: ReturnType<typeof installAuth>): onRequestHookHandler {
  return (request, reply, done) => {
    reply.header('x-request-id', request.id);
    (request.raw as QuireRequest).routePattern = pattern;
    if (isPublic) done();
    else checkAuth(request, done);
  };
}

export async function buildApp(deps: AppDeps, modules: RouteModule[] = []): Promise<FastifyInstance> {
  const metrics = new RequestMetrics();
  const writeRequestLine = requestLineWriter(deps.logger);
  const ids = requestIds();
  const app = Fastify({
    // No logger for Fastify: the access line and the metrics come from the server's own
    // request and response objects (access-log.ts), its error events from the controller.
    logger: false,
    logController: new ErrorLogController(deps.logger),
    http: {
      IncomingMessage: QuireRequest,
      ServerResponse: reportingResponse((req, res, ms) => {
        writeRequestLine(req.requestId, req.method ?? '', redactUrl(req.url ?? ''), res.statusCode, ms);
        metrics.observe(req.method ?? '', req.routePattern ?? 'unmatched', res.statusCode, ms / 1000);
      }),
    },
    bodyLimit: deps.config.bodyLimit,
    requestIdHeader: false,
    genReqId: ids.forRequest,
    // Answers Fastify gives before any route (a path it cannot decode, a parameter over
    // maxParamLength) take the API's error form too.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      const message = error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL: it is not valid percent-encoding' : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'Bad request';
      void sendError(reply, 400, message);
    },
    // What Node's parser refuses never reaches Fastify's routing: answered here, in the
    // same form, with a request id of its own, and logged at debug.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const { status, message } = clientErrorAnswer(err.code);
      const id = ids.next();
      deps.logger.debug({ reqId: id, code: err.code }, 'client error');
      const body = JSON.stringify({ error: message });
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
            `x-request-id: ${id}\r\nconnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  const checkAuth = installAuth(app, deps.store, deps.usage);
  app.addHook('onRoute', (route) => {
    const hidden = !!(route.schema)?.hide;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url, hidden });
    // Each route's first onRequest hook is made for it: it knows the route's pattern
    // (for /metrics) and whether it is public without asking Fastify per request
    // (request.routeOptions builds a new object on every call). Unmatched requests
    // get their request id header from the not-found handler (method-not-allowed.ts).
    // Fastify makes a GET's HEAD route from the options as given, so it gets its own.
    route.onRequest = [requestStart(route.url, !!route.config?.public, checkAuth), ...[route.onRequest ?? []].flat()];
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
  installErrorHandler(app, deps.logger);
  installNotFound(app);
  await installOpenApi(app);
  installMetrics(app, metrics, deps.store);
  registerHealthRoutes(app, deps.store, deps.logger);
  registerOpenApiRoute(app);
  for (const module of modules) await module(app, deps);
  return app;
}
