/**
 * Reading dereferenced JSON Schemas (OpenAPI 3.0 and 3.1 flavours): merging `allOf`,
 * naming component schemas (a dereferenced document has lost its `$ref` names), and the
 * short type label shown next to a field (`string<uuid>`, `User[]`, `integer | null`).
 */
import type { OpenApiObject } from './read-document.js';

export type Schema = OpenApiObject;

/** Component schema object -> its name in `components.schemas`, for labels and cycle notes. */
export function componentNames(doc: OpenApiObject): Map<object, string> {
  const names = new Map<object, string>();
  for (const [name, schema] of Object.entries(objectAt(objectAt(doc.components).schemas))) {
    if (schema && typeof schema === 'object' && !names.has(schema)) names.set(schema, name);
  }
  return names;
}

export function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `value` when it is an object of the document, else an empty one: for reading optional parts. */
export function objectAt(value: unknown): OpenApiObject {
  return isSchema(value) ? value : {};
}

/** The object members of an object (`paths`, `responses`, `content`...), other values left out. */
export function objectEntries(value: unknown): [string, OpenApiObject][] {
  return Object.entries(objectAt(value)).filter((e): e is [string, OpenApiObject] => isSchema(e[1]));
}

/** `value` when it is an array, else an empty one. */
export function arrayAt(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

/** `value` when it is a string, else undefined. */
export function stringAt(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Folds `allOf` into one object schema (properties merged, `required` united). Parts that
 * are themselves `allOf` are folded too, with a guard so a cyclic `allOf` cannot loop.
 */
export function mergeAllOf(schema: Schema, seen: Set<object> = new Set()): Schema {
  if (!Array.isArray(schema.allOf) || seen.has(schema)) return schema;
  seen.add(schema);
  const { allOf, ...rest } = schema;
  const merged: Schema = {};
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  for (const part of [...(allOf as unknown[]).filter(isSchema).map((p) => mergeAllOf(p, seen)), rest]) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties' && isSchema(v)) Object.assign(properties, v);
      else if (k === 'required' && Array.isArray(v)) v.forEach((r) => required.add(String(r)));
      else if (k === 'description' || k === 'title') merged[k] = merged[k] ?? v;
      else if (v !== undefined) merged[k] = v;
    }
  }
  if (Object.keys(properties).length > 0) {
    merged.properties = properties;
    merged.type = merged.type ?? 'object';
  }
  if (required.size > 0) merged.required = [...required];
  if (typeof rest.description === 'string') merged.description = rest.description;
  return merged;
}

function typesOf(schema: Schema): string[] {
  const t = schema.type;
  const types = Array.isArray(t) ? t.map(String) : typeof t === 'string' ? [t] : [];
  if (types.length === 0) {
    if (schema.properties || schema.additionalProperties) types.push('object');
    else if (schema.items) types.push('array');
    else if (schema.const !== undefined) types.push(typeof schema.const);
    else if (Array.isArray(schema.enum) && schema.enum.length) types.push(schema.enum[0] === null ? 'null' : typeof schema.enum[0]);
  }
  if (schema.nullable === true && !types.includes('null')) types.push('null');
  return types;
}

export function typeLabel(schema: Schema, names: Map<object, string>, depth = 0): string {
  if (depth > 4) return 'any';
  const s = mergeAllOf(schema);
  if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) {
    const options = ((s.oneOf ?? s.anyOf) as unknown[]).filter(isSchema);
    const labels = [...new Set(options.map((o) => typeLabel(o, names, depth + 1)))];
    return labels.length <= 3 ? labels.join(' | ') : Array.isArray(s.oneOf) ? 'one of' : 'any of';
  }
  const types = typesOf(s);
  if (types.length === 0) return names.get(schema) ?? 'any';
  return types
    .map((t) => {
      if (t === 'array') return isSchema(s.items) ? `${typeLabel(s.items, names, depth + 1)}[]` : 'array';
      if (t === 'object') return names.get(schema) ?? 'object';
      return typeof s.format === 'string' && t !== 'null' ? `${t}<${s.format}>` : t;
    })
    .join(' | ');
}

/** Human-readable constraints: `>= 1`, `length <= 64`, `pattern ^a`, `unique items`. */
export function constraintsOf(schema: Schema): string[] {
  const out: string[] = [];
  const num = (v: unknown): v is number => typeof v === 'number';
  if (num(schema.minimum)) out.push(`${schema.exclusiveMinimum === true ? '>' : '>='} ${schema.minimum}`);
  if (num(schema.exclusiveMinimum)) out.push(`> ${schema.exclusiveMinimum}`);
  if (num(schema.maximum)) out.push(`${schema.exclusiveMaximum === true ? '<' : '<='} ${schema.maximum}`);
  if (num(schema.exclusiveMaximum)) out.push(`< ${schema.exclusiveMaximum}`);
  if (num(schema.multipleOf)) out.push(`multiple of ${schema.multipleOf}`);
  if (num(schema.minLength)) out.push(`length >= ${schema.minLength}`);
  if (num(schema.maxLength)) out.push(`length <= ${schema.maxLength}`);
  if (typeof schema.pattern === 'string') out.push(`pattern ${schema.pattern}`);
  if (num(schema.minItems)) out.push(`items >= ${schema.minItems}`);
  if (num(schema.maxItems)) out.push(`items <= ${schema.maxItems}`);
  if (schema.uniqueItems === true) out.push('unique items');
  return out;
}

/** The example a schema carries itself (3.0 `example`, 3.1 `examples[0]`), if any. */
export function ownExample(schema: Schema): { found: boolean; value?: unknown } {
  if (schema.example !== undefined) return { found: true, value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { found: true, value: schema.examples[0] };
  return { found: false };
}
