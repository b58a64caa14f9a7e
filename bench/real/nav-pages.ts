/**
 * The pages a site's navigation names, as Mintlify reads docs.json (or mint.json): every
 * string in a `pages` list and every group `root`, at any depth (products, tabs, anchors,
 * dropdowns, versions, languages, menus, groups), plus the API pages Mintlify generates:
 * an endpoint entry (`GET /users`, `spec.yaml POST /users`) becomes one page, and an
 * `openapi` on a navigation node whose subtree lists none of its endpoints becomes one
 * page per listed operation (openapi-pages.ts gives the URLs).
 */
import { specFile, specOperations, type Operation } from './openapi-pages.js';

type Json = Record<string, unknown>;

export interface NavigationPages {
  /** Page paths (no leading slash, no extension) the navigation names, each once, in order. */
  pages: string[];
  /** URLs of the API pages Mintlify generates from OpenAPI, each once. */
  generated: string[];
  /** The field names (kebab case) of each generated page's operation, for checking its anchors. */
  apiFields: Map<string, string[]>;
  /** What could not be followed (a remote spec, an endpoint not in any spec), one line each. */
  unresolved: string[];
}

const ENDPOINT = /^(?:(\S+)\s+)?(get|post|put|patch|delete|head|options|trace|webhook)\s+(\S.*)$/i;

interface Scope {
  /** Spec files of the nearest `openapi` above (relative to the root). */
  specs: string[];
  directory: string;
}

/** `openapi` as written on a node: a name, a list of names, or `{source, directory}`. */
function openapiOf(value: unknown): { names: string[]; directory?: string } {
  if (typeof value === 'string') return { names: [value] };
  if (Array.isArray(value)) return { names: value.filter((v): v is string => typeof v === 'string') };
  if (value && typeof value === 'object') {
    const { source, directory } = value as Json;
    return { names: typeof source === 'string' ? [source] : [], ...(typeof directory === 'string' ? { directory } : {}) };
  }
  return { names: [] };
}

export function navigationPages(root: string, config: Json): NavigationPages {
  const pages = new Set<string>();
  const generated = new Set<string>();
  const apiFields = new Map<string, string[]>();
  const addGenerated = (op: Operation) => {
    generated.add(op.url);
    apiFields.set(op.url, [...(apiFields.get(op.url) ?? []), ...op.fields]);
  };
  const unresolved: string[] = [];
  const ops = (file: string, directory: string): Operation[] => specOperations(root, file, directory) ?? [];
  const resolveSpecs = (names: string[]): string[] =>
    names.flatMap((name) => {
      if (/^https?:\/\//.test(name)) {
        unresolved.push(`remote OpenAPI document ${name} not read: its pages are not counted`);
        return [];
      }
      const file = specFile(root, name);
      if (!file) unresolved.push(`OpenAPI document "${name}" not found in the source`);
      return file ? [file] : [];
    });
  const api = (config.api ?? {}) as Json;
  const top: Scope = { specs: resolveSpecs(openapiOf(api.openapi ?? config.openapi).names), directory: 'api-reference' };

  /** Returns how many endpoint entries the subtree named. */
  function entry(text: string, scope: Scope): number {
    const m = ENDPOINT.exec(text.trim());
    if (!m) {
      pages.add(text.trim().replace(/^\/+/, '').replace(/\.mdx?$/, ''));
      return 0;
    }
    const [, named, method, path] = m;
    const files = named ? resolveSpecs([named]) : scope.specs;
    const op = files.flatMap((f) => ops(f, scope.directory)).find((o) => o.method === method.toLowerCase() && o.path === path.trim());
    if (op) addGenerated(op);
    else unresolved.push(`endpoint "${text}" is in no OpenAPI document the navigation names`);
    return 1;
  }

  function walk(node: unknown, scope: Scope): number {
    if (Array.isArray(node)) return node.reduce<number>((n, child) => n + walk(child, scope), 0);
    if (!node || typeof node !== 'object') return 0;
    const obj = node as Json;
    const own = obj.openapi !== undefined ? openapiOf(obj.openapi) : undefined;
    const inner: Scope = own ? { specs: resolveSpecs(own.names), directory: own.directory ?? scope.directory } : scope;
    let endpoints = 0;
    if (typeof obj.root === 'string') entry(obj.root, inner);
    for (const [key, value] of Object.entries(obj)) {
      if (key === 'pages' && Array.isArray(value)) {
        for (const item of value) endpoints += typeof item === 'string' ? entry(item, inner) : walk(item, inner);
      } else if (typeof value === 'object' && key !== 'openapi' && key !== 'asyncapi') endpoints += walk(value, inner);
    }
    // An `openapi` whose subtree lists no endpoint of its own: Mintlify generates every operation.
    if (own && endpoints === 0) for (const f of inner.specs) for (const op of ops(f, inner.directory)) if (op.listed) addGenerated(op);
    return endpoints;
  }

  walk(config.navigation, top);
  return { pages: [...pages], generated: [...generated], apiFields, unresolved };
}
