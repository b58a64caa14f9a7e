/**
 * One operation gathered for rendering: its parameters (path-level ones merged with the
 * operation's), request body, servers (docs.json `api.servers`/`api.url` first, then the
 * operation's, path's and document's), example values for every input and its callbacks. Code samples,
 * the playground and the reference itself all read this model.
 */
import type { SiteConfig } from '../types.js';
import type { OpenApiObject } from './read-document.js';
import { mediaExample, sampleFromSchema } from './sample.js';
import { arrayAt, isSchema, objectAt, objectEntries, ownExample, type Schema } from './schema-utils.js';
import { HTTP_METHODS } from './operations.js';
import { operationSecurity, type OperationSecurity } from './security.js';

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ParameterModel {
  name: string;
  in: ParamLocation;
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema?: Schema;
  /** Example from the parameter or its schema; `found` false when none was written. */
  example: { found: boolean; value?: unknown };
}

export interface BodyModel {
  required: boolean;
  description?: string;
  /** Media types in document order, each with its schema and examples. */
  media: { type: string; schema?: Schema; examples: { value: unknown; name?: string }[] }[];
}

export interface OperationModel {
  method: string;
  path: string;
  op: OpenApiObject;
  parameters: ParameterModel[];
  body?: BodyModel;
  servers: string[];
  security: OperationSecurity;
  /** A webhook (`path` is its name): a request the API sends to the reader's server. */
  webhook?: true;
  /** The operation's `callbacks`, each request in document order (none on a callback's own model). */
  callbacks?: CallbackModel[];
}

/** One request of an operation's callbacks: `callbacks.{name}.{expression}.{method}`. */
export interface CallbackModel {
  name: string;
  /** The runtime expression of the URL it is sent to (`{$request.body#/callbackUrl}`); the model's `path` too. */
  expression: string;
  model: OperationModel;
}

const LOCATIONS: ParamLocation[] = ['path', 'query', 'header', 'cookie'];

export function buildOperationModel(doc: OpenApiObject, config: SiteConfig, method: string, path: string, op: OpenApiObject, item: OpenApiObject): OperationModel {
  const merged = new Map<string, OpenApiObject>();
  for (const p of [...arrayAt(item.parameters), ...arrayAt(op.parameters)]) {
    if (isSchema(p) && typeof p.name === 'string' && LOCATIONS.includes(p.in as ParamLocation)) merged.set(`${String(p.in)}:${p.name}`, p);
  }
  const parameters = [...merged.values()].map((p): ParameterModel => {
    const firstContent = objectEntries(p.content)[0]?.[1];
    const schema = isSchema(p.schema) ? p.schema : isSchema(firstContent?.schema) ? firstContent.schema : undefined;
    const namedExample = objectEntries(p.examples).map(([, e]) => e).find((e) => e.value !== undefined);
    const example = p.example !== undefined ? { found: true, value: p.example } : namedExample ? { found: true, value: namedExample.value } : schema ? ownExample(schema) : { found: false };
    return { name: String(p.name), in: p.in as ParamLocation, required: p.in === 'path' || p.required === true, deprecated: p.deprecated === true, description: typeof p.description === 'string' ? p.description : undefined, schema, example };
  });
  let body: BodyModel | undefined;
  if (isSchema(op.requestBody) && isSchema(op.requestBody.content)) {
    body = {
      required: op.requestBody.required === true,
      description: typeof op.requestBody.description === 'string' ? op.requestBody.description : undefined,
      media: objectEntries(op.requestBody.content).map(([type, m]) => ({ type, schema: isSchema(m.schema) ? m.schema : undefined, examples: mediaExample(m, 'request') })),
    };
  }
  const model: OperationModel = { method: method.toUpperCase(), path, op, parameters, body, servers: serversFor(doc, config, op, item), security: operationSecurity(doc, op) };
  const callbacks = callbacksOf(doc, config, op);
  return callbacks.length ? { ...model, callbacks } : model;
}

/**
 * The requests of an operation's `callbacks`. Like a webhook, each is sent by the API to a
 * URL the caller gave (its expression), so it has no server and only its own security.
 */
function callbacksOf(doc: OpenApiObject, config: SiteConfig, op: OpenApiObject): CallbackModel[] {
  const out: CallbackModel[] = [];
  for (const [name, callback] of objectEntries(op.callbacks)) {
    for (const [expression, item] of objectEntries(callback)) {
      for (const m of HTTP_METHODS) {
        const cb = item[m];
        // A callback's own callbacks are not followed: one level is what the page shows.
        if (isSchema(cb)) out.push({ name, expression, model: outbound(doc, buildOperationModel(doc, config, m, expression, { ...cb, callbacks: undefined }, item), cb) });
      }
    }
  }
  return out;
}

/** A request the API sends: no server of the API, and only the security written on it. */
function outbound(doc: OpenApiObject, model: OperationModel, op: OpenApiObject): OperationModel {
  return { ...model, servers: [], security: operationSecurity(doc, { security: Array.isArray(op.security) ? op.security : [] }) };
}

/**
 * A webhook's model: the parts of an operation, but its request goes from the API to the
 * reader's server, so neither the servers nor the document-wide `security` (how to call the
 * API) apply to it; only security written on the webhook itself does.
 */
export function buildWebhookModel(doc: OpenApiObject, config: SiteConfig, method: string, name: string, op: OpenApiObject, item: OpenApiObject): OperationModel {
  return { ...outbound(doc, buildOperationModel(doc, config, method, name, op, item), op), webhook: true };
}

/** Server URLs with their variables set to defaults; docs.json settings win over the document. */
export function serversFor(doc: OpenApiObject, config: SiteConfig, op: OpenApiObject, item: OpenApiObject): string[] {
  const configured = (config.api?.servers ?? []).filter((s) => typeof s === 'string' && s.trim());
  if (configured.length) return configured;
  if (config.api?.url && /^https?:\/\//i.test(config.api.url)) return [config.api.url];
  const list = [op.servers, item.servers, doc.servers].find((s) => Array.isArray(s) && s.length > 0) as OpenApiObject[] | undefined;
  return (list ?? []).filter((s) => isSchema(s) && typeof s.url === 'string').map((s) =>
    String(s.url).replace(/\{([^}]+)\}/g, (whole: string, name: string) => {
      const v = objectAt(s.variables)[name];
      return isSchema(v) && v.default !== undefined ? (typeof v.default === 'string' ? v.default : JSON.stringify(v.default)) : whole;
    }).replace(/\/+$/, ''));
}

/** A value to put in samples for a parameter: its example, else one generated from its schema. */
export function parameterSample(p: ParameterModel): unknown {
  if (p.example.found) return p.example.value;
  return sampleFromSchema(p.schema, 'request');
}
