/**
 * An API reference page as Markdown (its `page.md`): the operation (method, path,
 * servers), its description, authorizations, parameters by location, the request body
 * and each response with a summary of their schemas as nested lists (name, type,
 * required, description), down to a few levels. Descriptions from the document are
 * Markdown already and go in as written; an agent reads the same facts the HTML shows.
 */
import type { OperationModel } from './operation-model.js';
import type { OpenApiObject } from './read-document.js';
import { isSchema, mergeAllOf, typeLabel, type Schema } from './schema-utils.js';

/** How deep nested properties are listed; deeper ones are named by their type only. */
const MAX_DEPTH = 4;
/** Properties listed per object, so one huge schema cannot flood the page. */
const MAX_PROPERTIES = 60;

export const oneLine = (text: string): string => text.trim().replace(/\s*\n\s*/g, ' ');

export function fieldLine(name: string, schema: Schema | undefined, names: Map<object, string>, opts: { required?: boolean; deprecated?: boolean; description?: string; note?: string }): string {
  const s = schema ? mergeAllOf(schema) : {};
  const info = [schema ? typeLabel(schema, names) : 'any', opts.note, opts.required ? 'required' : undefined, opts.deprecated || s.deprecated === true ? 'deprecated' : undefined];
  if (s.default !== undefined) info.push(`default: ${JSON.stringify(s.default)}`);
  const enumValues = Array.isArray(s.enum) ? s.enum : undefined;
  if (enumValues) info.push(`one of: ${enumValues.slice(0, 20).map((v) => JSON.stringify(v)).join(', ')}${enumValues.length > 20 ? ', …' : ''}`);
  const description = opts.description ?? (typeof s.description === 'string' ? s.description : undefined);
  return `\`${name}\` (${info.filter(Boolean).join(', ')})${description ? `: ${oneLine(description)}` : ''}`;
}

/** The properties of an object schema (or of an array's items) as list lines, indented by depth. */
export function properties(schema: Schema | undefined, names: Map<object, string>, depth: number, seen: Set<object>): string[] {
  if (!schema || depth >= MAX_DEPTH || seen.has(schema)) return [];
  let s = mergeAllOf(schema);
  if (isSchema(s.items)) s = mergeAllOf(s.items);
  const choices = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : []).filter(isSchema);
  const indent = '  '.repeat(depth);
  const inner = new Set(seen).add(schema);
  if (choices.length && !isSchema(s.properties)) {
    return choices.flatMap((c, i) => [`${indent}- Option ${i + 1}: ${typeLabel(c, names)}${typeof c.title === 'string' ? ` (${c.title})` : ''}`, ...properties(c, names, depth + 1, inner)]);
  }
  if (!isSchema(s.properties)) return [];
  const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
  const entries = Object.entries<unknown>(s.properties).filter((e): e is [string, Schema] => isSchema(e[1]));
  const lines = entries.slice(0, MAX_PROPERTIES).flatMap(([name, prop]) => [
    `${indent}- ${fieldLine(name, prop, names, { required: required.has(name) })}`,
    ...properties(prop, names, depth + 1, inner),
  ]);
  if (entries.length > MAX_PROPERTIES) lines.push(`${indent}- … ${entries.length - MAX_PROPERTIES} more properties`);
  return lines;
}

function securityLines(model: OperationModel): string[] {
  const { requirements, optional } = model.security;
  if (!requirements.length) return [];
  const lines = requirements.map((group) => `- ${group.map((a) => `${a.key} (${a.kind}${a.in ? `, ${a.in} \`${a.name}\`` : ''}${a.scopes.length ? `, scopes: ${a.scopes.join(', ')}` : ''})`).join(' and ')}`);
  return ['## Authorizations', '', ...(optional ? ['Optional; any one of:', ''] : requirements.length > 1 ? ['Any one of:', ''] : []), ...lines];
}

const LOCATION_TITLES: Record<string, string> = { path: 'Path parameters', query: 'Query parameters', header: 'Headers', cookie: 'Cookies' };

/** `content`: the MDX page's own content as Markdown; `description`: the page description, when the operation's became it. */
export function endpointMarkdown(model: OperationModel, names: Map<object, string>, opts: { content?: string; description?: string }): string {
  const out: string[] = [];
  if (opts.content) out.push(opts.content, '');
  out.push('```http', `${model.method} ${model.path}`, '```', '');
  if (model.servers.length) out.push(`Server${model.servers.length > 1 ? 's' : ''}: ${model.servers.map((s) => `\`${s}\``).join(', ')}`, '');
  if (model.op.deprecated === true) out.push('**Deprecated.** This operation may be removed in a future version.', '');
  // A one-line description is the page's own (under its title): not repeated here.
  if (!opts.description && typeof model.op.description === 'string' && model.op.description.trim()) out.push(model.op.description.trim(), '');
  const security = securityLines(model);
  if (security.length) out.push(...security, '');
  for (const location of ['path', 'query', 'header', 'cookie']) {
    const params = model.parameters.filter((p) => p.in === location);
    if (!params.length) continue;
    out.push(`## ${LOCATION_TITLES[location]}`, '');
    for (const p of params) out.push(`- ${fieldLine(p.name, p.schema, names, { required: p.required, deprecated: p.deprecated, description: p.description })}`, ...properties(p.schema, names, 1, new Set()));
    out.push('');
  }
  if (model.body) {
    out.push('## Request body', '');
    if (model.body.description) out.push(oneLine(model.body.description), '');
    for (const m of model.body.media) {
      out.push(`\`${m.type}\`${model.body.required ? ' (required)' : ''}${m.schema ? `: ${typeLabel(m.schema, names)}` : ''}`, '');
      const lines = properties(m.schema, names, 0, new Set());
      if (lines.length) out.push(...lines, '');
    }
  }
  const responses = isSchema(model.op.responses) ? Object.entries<unknown>(model.op.responses).filter((e): e is [string, OpenApiObject] => isSchema(e[1])) : [];
  if (responses.length) {
    out.push('## Responses', '');
    for (const [status, response] of responses) {
      out.push(`### ${status}`, '');
      if (typeof response.description === 'string' && response.description.trim()) out.push(oneLine(response.description), '');
      for (const [type, media] of Object.entries<unknown>(isSchema(response.content) ? response.content : {})) {
        const schema = isSchema(media) && isSchema(media.schema) ? media.schema : undefined;
        out.push(`\`${type}\`${schema ? `: ${typeLabel(schema, names)}` : ''}`, '');
        const lines = properties(schema, names, 0, new Set());
        if (lines.length) out.push(...lines, '');
      }
    }
  }
  return out.join('\n').trim();
}
