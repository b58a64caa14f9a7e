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
import { urlSlug } from './mintlify-slug.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface Operation {
  method: string;
  path: string;
  /** Output page path Mintlify gives it (no leading slash, no extension). */
  url: string;
  /** In the navigation (not x-hidden / x-excluded). */
  listed: boolean;
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
        out.push({ method: webhook ? 'webhook' : method, path, url: pageUrl(directory, method, path, op), listed });
      }
    }
  };
  add(doc.paths, false);
  add(doc.webhooks, true);
  return out;
}
