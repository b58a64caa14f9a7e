/**
 * The operations of a dereferenced OpenAPI document: listing them in document order,
 * finding one by method and path, their titles and their navigation groups (page paths
 * are page-paths.ts's).
 */
import { hrefOverride } from './page-paths.js';
import type { OpenApiObject } from './read-document.js';
import { isSchema, objectAt, objectEntries, stringAt } from './schema-utils.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationInfo {
  method: string; // upper case
  path: string;
  operationId?: string;
  summary?: string;
  tags: string[];
  deprecated: boolean;
  /** `x-hidden`: the page exists but generated groups leave it out. */
  hidden: boolean;
  /** `x-excluded`: no page unless the navigation or a page names the operation. */
  excluded: boolean;
  /** `x-mint.href`: the page path chosen by the document. */
  href?: string;
  /** `x-mint.metadata.title`: the page title chosen by the document. */
  title?: string;
}

/** `x-mint.metadata.title` of an operation: the page title Mintlify gives it instead of the summary. */
function mintTitle(op: OpenApiObject): string | undefined {
  return stringAt(objectAt(objectAt(op['x-mint']).metadata).title);
}

export function listOperations(doc: OpenApiObject): OperationInfo[] {
  const out: OperationInfo[] = [];
  for (const [p, item] of objectEntries(doc.paths)) {
    for (const m of HTTP_METHODS) {
      const op = item[m] as OpenApiObject | undefined;
      if (!op || typeof op !== 'object') continue;
      out.push({
        method: m.toUpperCase(), path: p,
        operationId: typeof op.operationId === 'string' ? op.operationId : undefined,
        summary: typeof op.summary === 'string' && op.summary.trim() ? op.summary.trim() : undefined,
        tags: Array.isArray(op.tags) ? op.tags.filter((t: unknown): t is string => typeof t === 'string') : [],
        deprecated: op.deprecated === true,
        hidden: op['x-hidden'] === true || item['x-hidden'] === true,
        excluded: op['x-excluded'] === true || item['x-excluded'] === true,
        ...(hrefOverride(op) ? { href: hrefOverride(op) } : {}),
        ...(mintTitle(op) !== undefined ? { title: mintTitle(op) } : {}),
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

export function operationTitle(op: OperationInfo): string {
  return op.title ?? op.summary ?? `${op.method} ${op.path}`;
}

/** Untagged operations go in a group of this name, as in Mintlify. */
export const UNTAGGED_GROUP = 'API Reference';

/**
 * The navigation groups of a document's operations, as Mintlify builds them: one per first
 * tag, in order of first use in the document's paths (not the order of `tags`), labelled
 * with the tag's `x-group` when it has one; untagged operations in "API Reference".
 */
export function tagGroups(doc: OpenApiObject, ops: OperationInfo[]): { label: string; ops: OperationInfo[] }[] {
  const labels = new Map<string, string>();
  for (const t of Array.isArray(doc.tags) ? doc.tags.filter(isSchema) : []) {
    const name = stringAt(t.name);
    const group = stringAt(t['x-group'])?.trim();
    if (name !== undefined && group) labels.set(name, group);
  }
  const groups = new Map<string, OperationInfo[]>();
  for (const op of ops) {
    const name = op.tags[0] ?? UNTAGGED_GROUP;
    groups.set(name, [...(groups.get(name) ?? []), op]);
  }
  return [...groups].map(([name, list]) => ({ label: labels.get(name) ?? name, ops: list }));
}
