/**
 * The operations of a dereferenced OpenAPI document: listing them in document order,
 * finding one by method and path (or a webhook by its name), their titles and their
 * navigation groups (page paths are page-paths.ts's).
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
  /** An operation of the document's `webhooks` (OpenAPI 3.1): `path` is the webhook's name, its key there. */
  webhook?: true;
}

/** `x-mint.metadata.title` of an operation: the page title Mintlify gives it instead of the summary. */
function mintTitle(op: OpenApiObject): string | undefined {
  return stringAt(objectAt(objectAt(op['x-mint']).metadata).title);
}

/**
 * Every operation of the document: those of `paths`, then those of `webhooks` (in that
 * order Mintlify's page generator makes their pages, so page suffixes come out the same).
 */
export function listOperations(doc: OpenApiObject): OperationInfo[] {
  return [...operationsOf(doc.paths, false), ...operationsOf(doc.webhooks, true)];
}

function operationsOf(items: unknown, webhook: boolean): OperationInfo[] {
  const out: OperationInfo[] = [];
  for (const [p, item] of objectEntries(items)) {
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
        ...(webhook ? { webhook: true as const } : {}),
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

/**
 * The webhook `name` of the document (its key under `webhooks`, matched exactly as Mintlify
 * does) and its operation: the one of `method` when given, else the Path Item's first in
 * HTTP_METHODS order, which is the one Mintlify shows for `openapi: "file webhook name"`.
 */
export function findWebhook(doc: OpenApiObject, name: string, method?: string): { path: string; method: string; op: OpenApiObject; item: OpenApiObject } | undefined {
  const webhooks = objectAt(doc.webhooks);
  const item = Object.prototype.hasOwnProperty.call(webhooks, name) ? webhooks[name] : undefined;
  if (!isSchema(item)) return undefined;
  const m = method ? HTTP_METHODS.find((h) => h === method.toLowerCase()) : HTTP_METHODS.find((h) => isSchema(item[h]));
  return m && isSchema(item[m]) ? { path: name, method: m.toUpperCase(), op: item[m], item } : undefined;
}

/** The names of the document's webhooks, for a message about one it lacks. */
export function webhookNames(doc: OpenApiObject | undefined): string[] {
  return Object.keys(objectAt(doc?.webhooks));
}

export function operationTitle(op: OperationInfo): string {
  // A webhook has no path to show: its name says what it is (`crawlStarted`).
  return op.title ?? op.summary ?? (op.webhook ? op.path : `${op.method} ${op.path}`);
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
