/** Errors the client raises: an API answer with an error status, or a network failure. */
export class QuireApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds from a `Retry-After` header, when the server sent one. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'QuireApiError';
  }
}

export class QuireNetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'QuireNetworkError';
  }
}
