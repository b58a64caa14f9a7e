/**
 * The URLs Mintlify gives the pages it generates from an OpenAPI document named in the
 * navigation: `{directory, default api-reference}/{tag slug}/{summary slug}` (issue 17,
 * api-playground/openapi-setup.mdx), or the operation's `x-mint.href`. Operations marked
 * `x-hidden` or `x-excluded` get no navigation entry. Written for the real-site benchmark,
 * apart from Quire's own OpenAPI code, so it measures Quire against Mintlify's scheme.
 *
 * Not written down by Mintlify and chosen here: an operation without a tag sits directly
 * in the directory; one without a summary is named by its operationId, else `method path`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fieldAnchor, urlSlug } from './mintlify-slug.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface Operation {
  method: string;
  path: string;
  /** Output page path Mintlify gives it (no leading slash, no extension). */
  url: string;
  /** In the navigation (not x-hidden / x-excluded). */
  listed: boolean;
  /** Its parameter and schema property names in kebab case, at any depth (`expiresAt` -> `expires-at`). */
  fields: string[];
}

type Json = Record<string, unknown>;

/** A spec named as in docs.json (`/openapi.json`, `v3-openapi`, `specs/api.yaml`) -> its file, or undefined. */
export function specFile(root: string, name: string): string | undefined {
  const rel = name.replace(/^\.?\//, '');
  for (const candidate of [rel, `${rel}.json`, `${rel}.yaml`, `${rel}.yml`]) if (existsSync(join(root, candidate))) return candidate;
  return undefined;
}

const loaded = new Map<string, Json | undefined>();

function load(root: string, file: string): Json | undefined {
  const key = join(root, file);
  if (!loaded.has(key)) {
    try {
      loaded.set(key, parse(readFileSync(key, 'utf8'), { maxAliasCount: -1 }) as Json);
    } catch {
      // an unreadable document has no pages to count; the export reports it itself
      loaded.set(key, undefined);
    }
  }
  return loaded.get(key);
}

function pageUrl(directory: string, method: string, path: string, op: Json): string {
  const mint = (op['x-mint'] ?? {}) as Json;
  if (typeof mint.href === 'string') return mint.href.replace(/^\/+/, '');
  const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? urlSlug(op.tags[0]) : '';
  const name = typeof op.summary === 'string' && op.summary.trim() ? op.summary : typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`;
  return [directory.replace(/^\/+|\/+$/g, ''), tag, urlSlug(name)].filter(Boolean).join('/');
}

/**
 * The names a generated page's field anchors are made of: every parameter and every schema
 * property under the operation (request body, responses, parameters; through `$ref`s of
 * the same document, `items`, `oneOf`/`anyOf`/`allOf`, `additionalProperties`), in kebab case.
 */
function operationFields(doc: Json, item: Json, op: Json): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const obj = node as Json;
    if (typeof obj.$ref === 'string' && obj.$ref.startsWith('#/')) {
      let target: unknown = doc;
      for (const key of obj.$ref.slice(2).split('/')) target = target && typeof target === 'object' ? (target as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      visit(target);
    }
    if (typeof obj.name === 'string' && typeof obj.in === 'string') names.add(fieldAnchor(obj.name).slice('param-'.length));
    if (obj.properties && typeof obj.properties === 'object') for (const name of Object.keys(obj.properties)) names.add(fieldAnchor(name).slice('param-'.length));
    for (const key of ['properties', 'items', 'oneOf', 'anyOf', 'allOf', 'additionalProperties', 'parameters', 'requestBody', 'responses', 'content', 'schema']) {
      const child = obj[key];
      if (key === 'properties' || key === 'responses' || key === 'content') for (const v of Object.values((child ?? {}) as Json)) visit(v);
      else visit(child);
    }
  };
  visit(item.parameters);
  visit(op);
  return [...names].filter(Boolean);
}

/** Every operation (and webhook) of the spec file, with the URL Mintlify gives its page; undefined when the file does not parse. */
export function specOperations(root: string, file: string, directory = 'api-reference'): Operation[] | undefined {
  const doc = load(root, file);
  if (!doc || typeof doc !== 'object') return undefined;
  const out: Operation[] = [];
  const add = (group: unknown, webhook: boolean) => {
    if (!group || typeof group !== 'object') return;
    for (const [path, item] of Object.entries(group as Json)) {
      if (!item || typeof item !== 'object') continue;
      for (const method of METHODS) {
        const op = (item as Json)[method] as Json | undefined;
        if (!op || typeof op !== 'object') continue;
        const listed = op['x-hidden'] !== true && op['x-excluded'] !== true;
        out.push({ method: webhook ? 'webhook' : method, path, url: pageUrl(directory, method, path, op), listed, fields: operationFields(doc, item as Json, op) });
      }
    }
  };
  add(doc.paths, false);
  add(doc.webhooks, true);
  return out;
}
