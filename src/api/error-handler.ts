/**
 * The one error handler: any thrown value becomes `{"error": "..."}` with the right
 * status. Known errors keep their message; anything unexpected is a 500 whose detail
 * only goes to the log, with the request id, never to the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function describeValidation(err: FastifyError): string {
  const issues = (err.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  if (!first) return err.message;
  const where = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const property = first.params?.additionalProperty;
  const extra = typeof property === 'string' && property ? ` "${property}"` : '';
  const context = err.validationContext === 'body' ? 'body' : err.validationContext;
  return `Invalid ${context}${where ? ` field "${where}"` : ''}: ${first.message ?? 'invalid'}${extra}`;
}

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

export function sendError(reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send({ error: message });
}

/** Connection-level failures of PostgreSQL (and a busy or failing SQLite file): the database, not the request, is at fault. */
const DATABASE_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'SQLITE_BUSY', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_CANTOPEN']);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && DATABASE_DOWN.has(e.code)) return true;
    if (typeof e.message === 'string' && /^Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message)) return true;
  }
  return false;
}

export function installErrorHandler(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) return sendError(reply, err.status, err.message, err.headers);
    if (isDatabaseUnavailable(err)) {
      // Only the code: a driver's error object can carry its whole connection state.
      logger.warn({ reqId: request.id, code: (err as { code?: string }).code, msg: err.message }, 'database unavailable');
      return sendError(reply, 503, 'The database is unavailable; try again shortly', { 'retry-after': '5' });
    }
    if (err.validation) return sendError(reply, 400, describeValidation(err));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      let message = CLIENT_MESSAGES[err.code] ?? err.message;
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) message = `Malformed JSON body: ${err.message}`;
      return sendError(reply, status, message);
    }
    logger.error({ err, reqId: request.id }, 'unhandled error');
    return sendError(reply, 500, 'Internal server error');
  });
}
