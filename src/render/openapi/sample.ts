/**
 * Example values generated from a schema when the document gives none: the schema's own
 * example, default, const or first enum value, else a placeholder by type and format.
 * Recursion-safe: a schema already being expanded on the current path yields nothing
 * (an empty array inside arrays), and depth is capped.
 */
import { arrayAt, isSchema, mergeAllOf, objectAt, ownExample, type Schema } from './schema-utils.js';

export type SampleDirection = 'request' | 'response';

const MAX_DEPTH = 8;

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z', date: '2024-01-15', time: '09:30:00Z', email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6', uri: 'https://example.com', url: 'https://example.com',
  hostname: 'example.com', ipv4: '192.0.2.1', ipv6: '2001:db8::1', byte: 'U3dhZ2dlcg==', binary: '<binary>', password: '********',
};

export function sampleFromSchema(schema: unknown, direction: SampleDirection = 'response', ancestors: Set<object> = new Set(), depth = 0): unknown {
  if (!isSchema(schema)) return undefined;
  if (ancestors.has(schema) || depth > MAX_DEPTH) return undefined;
  const own = ownExample(schema);
  if (own.found) return own.value;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  ancestors.add(schema);
  try {
    const s = mergeAllOf(schema);
    const options = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
    if (Array.isArray(options) && options.length > 0) return sampleFromSchema(options.find(isSchema), direction, ancestors, depth + 1);
    const type = Array.isArray(s.type) ? arrayAt(s.type).find((t) => t !== 'null') : s.type;
    if (type === 'object' || (!type && (s.properties || s.additionalProperties))) {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(objectAt(s.properties))) {
        if (!isSchema(prop)) continue;
        if ((direction === 'request' && prop.readOnly === true) || (direction === 'response' && prop.writeOnly === true)) continue;
        const v = sampleFromSchema(prop, direction, ancestors, depth + 1);
        if (v !== undefined) out[name] = v;
      }
      if (Object.keys(out).length === 0 && isSchema(s.additionalProperties)) {
        const v = sampleFromSchema(s.additionalProperties, direction, ancestors, depth + 1);
        if (v !== undefined) out.key = v;
      }
      return out;
    }
    if (type === 'array' || (!type && s.items)) {
      const item = sampleFromSchema(s.items, direction, ancestors, depth + 1);
      return item === undefined ? [] : [item];
    }
    if (type === 'string') return STRING_FORMATS[s.format as string] ?? (typeof s.minLength === 'number' && s.minLength > 6 ? 'x'.repeat(s.minLength) : 'string');
    if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? s.minimum : 0;
    if (type === 'boolean') return true;
    if (type === 'null') return null;
    return undefined;
  } finally {
    ancestors.delete(schema);
  }
}

/** The example of a media type object: `example`, first of `examples`, else generated. */
export function mediaExample(media: Schema | undefined, direction: SampleDirection): { value: unknown; name?: string }[] {
  if (!media) return [];
  if (media.example !== undefined) return [{ value: media.example }];
  if (isSchema(media.examples)) {
    const named = Object.entries<unknown>(media.examples)
      .filter(([, e]) => isSchema(e) && e.value !== undefined)
      .map(([name, e]) => ({ name: (e as Schema).summary ? String((e as Schema).summary) : name, value: (e as Schema).value }));
    if (named.length > 0) return named;
  }
  const generated = sampleFromSchema(media.schema, direction);
  return generated === undefined ? [] : [{ value: generated }];
}
