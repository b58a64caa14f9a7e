/**
 * The access log and the request series of `/metrics`, kept by the HTTP server itself.
 *
 * Fastify runs without a logger: given one, it makes a child logger for every request
 * and hangs two listeners on every response to learn when it ends, about a tenth of the
 * job route's CPU time per request (A/B of both builds under bench:api's load). Instead
 * the server makes Quire's own request and response objects
 * (Node's `IncomingMessage` and `ServerResponse` options): the request carries its id,
 * its route pattern and when it arrived, and a response's first `end()` reports it.
 * Fastify's own error events (a stream failing mid-answer, a serializer error) reach the
 * log through {@link ErrorLogController}; route code logs through `deps.logger` with
 * `reqId: request.id` (`request.log` is Fastify's silent logger).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../core/logger.js';

/** The server's requests: what the access line and the metrics need, filled as it goes. */
export class QuireRequest extends IncomingMessage {
  /** Set when Fastify asks for the request id (app.ts). */
  requestId = '';
  /** The matched route's URL pattern, set by its first hook; undefined when none matched. */
  routePattern: string | undefined = undefined;
  /** performance.now() when the request's head had been read. */
  readonly receivedAt = performance.now();
}

/** Called once per response, when the answer has been handed to the socket. */
export type ResponseEnded = (request: QuireRequest, response: ServerResponse<QuireRequest>, ms: number) => void;

/** A ServerResponse class whose first `end()` calls `ended`; its requests are QuireRequests. */
export function reportingResponse(ended: ResponseEnded): typeof ServerResponse {
  class ReportingResponse extends ServerResponse<QuireRequest> {
    private reported = false;

    // end() has three overloads (chunk, encoding, callback, each optional); Node's own
    // end() sorts them out, so they pass through as named parameters: a rest parameter
    // and apply() would cost an array per response.
    override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
      (super.end as (c: unknown, e: unknown, cb: unknown) => this).call(this, chunk, encoding, callback);
      if (!this.reported) {
        this.reported = true;
        ended(this.req, this, performance.now() - this.req.receivedAt);
      }
      return this;
    }
  }
  return ReportingResponse as unknown as typeof ServerResponse;
}

/**
 * Fastify's error events, logged with the request id. Request logging is off: the access
 * line is written when the response ends (see reportingResponse).
 */
export class ErrorLogController extends LogController {
  constructor(private readonly logger: Logger) {
    super({ disableRequestLogging: true });
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest): void {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') this.logger.info({ reqId: request.id }, 'stream closed prematurely');
    else this.logger.warn({ err: error, reqId: request.id }, 'response terminated with an error with headers already sent');
  }

  override writeHeadError(error: Error, request: FastifyRequest): void {
    this.logger.warn({ err: error, reqId: request.id }, error.message);
  }

  override serializerError(error: Error, request: FastifyRequest, _reply: FastifyReply, metadata: { statusCode: number }): void {
    this.logger.error({ err: error, reqId: request.id, statusCode: metadata.statusCode }, 'The serializer for the given status code failed');
  }
}
