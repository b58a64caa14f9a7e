/**
 * The one error hierarchy of Quire. Every error a user may see is an AppError with an
 * HTTP status and a stable code; anything else is a bug and is answered as a 500 whose
 * detail only reaches the log.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra response headers, e.g. `Retry-After` for rate limits. */
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, options: { cause?: unknown; headers?: Record<string, string> } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.status = status;
    this.code = code;
    this.headers = options.headers ?? {};
  }
}

export class InvalidError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(400, 'invalid', message, options);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Invalid or missing API key') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'rate_limited', message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}

export class UnavailableError extends AppError {
  constructor(message: string) {
    super(503, 'unavailable', message);
  }
}

/**
 * Thrown by job handlers for failures that another attempt cannot fix (a missing
 * docs.json, a refused clone): the queue fails the job at once instead of retrying.
 */
export class UnrecoverableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnrecoverableError';
  }
}
