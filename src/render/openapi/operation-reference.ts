/**
 * The reference to an operation or a webhook that a page's frontmatter (`openapi: ...`) and a
 * navigation entry (`pages: ["api.yaml POST /users"]`) both write, read one way for both, as
 * Mintlify reads it (its extractMethodAndEndpoint): `GET /users`, `api.yaml GET /users`,
 * `webhook orderUpdated`, `api.yaml webhook orderUpdated`.
 */

export interface OperationReference {
  /** Upper-case HTTP method, or `WEBHOOK` for a webhook (its HTTP method is the document's to say). */
  method: string;
  /** The operation's path, or the webhook's name (its key under the document's `webhooks`). */
  path: string;
  /** Document named in the reference, as written. */
  file?: string;
}

const METHOD_RE = /^(get|put|post|delete|options|head|patch|trace)$/i;

/** The method word of a webhook reference: Mintlify's `webhook` in place of an HTTP method. */
export const WEBHOOK = 'WEBHOOK';
const WEBHOOK_RE = /^webhook$/i;

/**
 * `text` as a reference, or null when it is not one. A path starts with `/`; a webhook's name
 * is any key of `webhooks` (`orderUpdated`, `/plants_hook`), so it need not.
 */
export function parseOperationReference(text: string): OperationReference | null {
  const parts = text.trim().split(/\s+/);
  if (parts.length === 2 && WEBHOOK_RE.test(parts[0])) return { method: WEBHOOK, path: parts[1] };
  if (parts.length === 3 && WEBHOOK_RE.test(parts[1])) return { file: parts[0], method: WEBHOOK, path: parts[2] };
  if (parts.length === 2 && METHOD_RE.test(parts[0]) && parts[1].startsWith('/')) return { method: parts[0].toUpperCase(), path: parts[1] };
  if (parts.length === 3 && METHOD_RE.test(parts[1]) && parts[2].startsWith('/')) return { file: parts[0], method: parts[1].toUpperCase(), path: parts[2] };
  return null;
}
