/**
 * The operations of a dereferenced OpenAPI document: listing them in document order,
 * finding one by method and path, and the slugs that make stable page paths.
 *
 * Page path scheme (stable across builds, independent of the order of the navigation):
 * `api-reference/<tag>/<method>-<path>`, e.g. `GET /users/{id}` tagged `Users` becomes
 * `api-reference/users/get-users-id`; untagged operations use the tag `endpoints`. When
 * two documents of a site hold the same tag, method and path, the later document's page
 * gets its file name as an extra segment (`api-reference/billing/users/get-users-id`).
 */
import type { OpenApiObject } from './read-document.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationInfo {
  method: string; // upper case
  path: string;
  operationId?: string;
  summary?: string;
  tags: string[];
  deprecated: boolean;
  /** `x-hidden` / `x-excluded`: left out of generated groups (still renderable when named). */
  hidden: boolean;
}

export function listOperations(doc: OpenApiObject): OperationInfo[] {
  const out: OperationInfo[] = [];
  for (const [p, item] of Object.entries<OpenApiObject>(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const m of HTTP_METHODS) {
      const op = item[m] as OpenApiObject | undefined;
      if (!op || typeof op !== 'object') continue;
      out.push({
        method: m.toUpperCase(), path: p,
        operationId: typeof op.operationId === 'string' ? op.operationId : undefined,
        summary: typeof op.summary === 'string' && op.summary.trim() ? op.summary.trim() : undefined,
        tags: Array.isArray(op.tags) ? op.tags.filter((t: unknown): t is string => typeof t === 'string') : [],
        deprecated: op.deprecated === true,
        hidden: op['x-hidden'] === true || op['x-excluded'] === true || item['x-hidden'] === true,
      });
    }
  }
  return out;
}

function normalisePath(p: string): string {
  const trimmed = p.trim().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Finds an operation by method and path; tolerant of case in the method and a trailing slash. */
export function findOperation(doc: OpenApiObject, method: string, path: string): { path: string; op: OpenApiObject; item: OpenApiObject } | undefined {
  const m = method.toLowerCase();
  const paths = (doc.paths ?? {}) as Record<string, OpenApiObject>;
  const key = Object.prototype.hasOwnProperty.call(paths, path) ? path : Object.keys(paths).find((k) => normalisePath(k) === normalisePath(path));
  if (key === undefined) return undefined;
  const item = paths[key];
  const op = item?.[m] as OpenApiObject | undefined;
  return op && typeof op === 'object' ? { path: key, op, item } : undefined;
}

export function slugify(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

/** `GET /users/{id}` -> `get-users-id`. */
export function operationSlug(method: string, path: string): string {
  return slugify(`${method} ${path}`);
}

export function operationTitle(op: OperationInfo): string {
  return op.summary ?? `${op.method} ${op.path}`;
}

/** Tags in the order the document declares them, then in order of first use. */
export function orderedTags(doc: OpenApiObject, ops: OperationInfo[]): string[] {
  const tags: string[] = [];
  for (const t of Array.isArray(doc.tags) ? doc.tags : []) if (typeof t?.name === 'string' && !tags.includes(t.name)) tags.push(t.name);
  for (const op of ops) for (const t of op.tags) if (!tags.includes(t)) tags.push(t);
  return tags;
}
