/**
 * An API reference page as Markdown (its `page.md`): the operation (method, path,
 * servers; a webhook's name and method), its description, authorizations, parameters by
 * location, the request body, its callbacks and each response with a summary of their
 * schemas as nested lists (name, type, required, description), down to a few levels. Descriptions from the document are
 * Markdown already and go in as written; an agent reads the same facts the HTML shows, in
 * the same words (the page language's row of ui-strings.ts).
 */
import { fillUi, type UiStrings } from '../layout/ui-strings.js';
import type { OperationModel } from './operation-model.js';
import type { OpenApiObject } from './read-document.js';
import { isSchema, mergeAllOf, typeLabel, type Schema } from './schema-utils.js';

/** How deep nested properties are listed; deeper ones are named by their type only. */
const MAX_DEPTH = 4;
/** Properties listed per object, so one huge schema cannot flood the page. */
const MAX_PROPERTIES = 60;

export const oneLine = (text: string): string => text.trim().replace(/\s*\n\s*/g, ' ');

/** What the Markdown of a reference page is written with: the document's schema names and the page's words. */
export interface MarkdownContext {
  names: Map<object, string>;
  ui: UiStrings;
}

/** A code span that holds any text: its fence is longer than the text's longest run of backticks (CommonMark). */
export function codeSpan(text: string): string {
  const fence = '`'.repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** The page's own Markdown (if any) and then a note, for a page whose reference could not be written. */
export const withNote = (content: string | undefined, note: string): string => (content?.trim() ? `${content.trim()}\n\n${note}` : note);

/** `Headers:` in the page's language, before a list. */
export const labelLine = (label: string, ui: UiStrings): string => fillUi(ui.labelColon, { label });

/** `Servers: a, b` in the page's language (a full-width colon takes no space after it). */
const labelled = (label: string, text: string, ui: UiStrings): string => {
  const head = labelLine(label, ui);
  return head.endsWith('：') ? head + text : `${head} ${text}`;
};

export function fieldLine(name: string, schema: Schema | undefined, ctx: MarkdownContext, opts: { required?: boolean; deprecated?: boolean; description?: string; note?: string }): string {
  const { names, ui } = ctx;
  const s = schema ? mergeAllOf(schema) : {};
  // Type names stay as the document writes them (the HTML shows them so too).
  const info = [schema ? typeLabel(schema, names) : 'any', opts.note, opts.required ? ui.required : undefined, opts.deprecated || s.deprecated === true ? ui.deprecatedBadge : undefined];
  if (s.default !== undefined) info.push(fillUi(ui.defaultIs, { value: JSON.stringify(s.default) }));
  const enumValues = Array.isArray(s.enum) ? s.enum : undefined;
  if (enumValues) info.push(fillUi(ui.enumValues, { values: `${enumValues.slice(0, 20).map((v) => JSON.stringify(v)).join(', ')}${enumValues.length > 20 ? ', …' : ''}` }));
  const description = opts.description ?? (typeof s.description === 'string' ? s.description : undefined);
  return `\`${name}\` (${info.filter(Boolean).join(', ')})${description ? `: ${oneLine(description)}` : ''}`;
}

/** The properties of an object schema (or of an array's items) as list lines, indented by depth. */
export function properties(schema: Schema | undefined, ctx: MarkdownContext, depth: number, seen: Set<object>): string[] {
  const { names, ui } = ctx;
  if (!schema || depth >= MAX_DEPTH || seen.has(schema)) return [];
  let s = mergeAllOf(schema);
  if (isSchema(s.items)) s = mergeAllOf(s.items);
  const choices = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : []).filter(isSchema);
  const indent = '  '.repeat(depth);
  const inner = new Set(seen).add(schema);
  if (choices.length && !isSchema(s.properties)) {
    return choices.flatMap((c, i) => [`${indent}- ${fillUi(ui.optionN, { n: i + 1 })}: ${typeLabel(c, names)}${typeof c.title === 'string' ? ` (${c.title})` : ''}`, ...properties(c, ctx, depth + 1, inner)]);
  }
  if (!isSchema(s.properties)) return [];
  const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
  const entries = Object.entries<unknown>(s.properties).filter((e): e is [string, Schema] => isSchema(e[1]));
  const lines = entries.slice(0, MAX_PROPERTIES).flatMap(([name, prop]) => [
    `${indent}- ${fieldLine(name, prop, ctx, { required: required.has(name) })}`,
    ...properties(prop, ctx, depth + 1, inner),
  ]);
  if (entries.length > MAX_PROPERTIES) lines.push(`${indent}- ${fillUi(ui.moreProperties, { count: entries.length - MAX_PROPERTIES })}`);
  return lines;
}

/** Each requirement a line; a scheme's kind and location are the document's own values, as the HTML shows them. */
function securityLines(model: OperationModel, ui: UiStrings): string[] {
  const { requirements, optional } = model.security;
  if (!requirements.length) return [];
  const lines = requirements.map((group) => `- ${group.map((a) => `${a.key} (${a.kind}${a.in ? `, ${a.in} \`${a.name}\`` : ''}${a.scopes.length ? `, ${fillUi(ui.scopesList, { scopes: a.scopes.join(', ') })}` : ''})`).join(` ${ui.and} `)}`);
  return [`## ${ui.authorizations}`, '', ...(optional ? [ui.optionalAnyOneOf, ''] : requirements.length > 1 ? [ui.anyOneOf, ''] : []), ...lines];
}

/** Headers and cookies are titled shorter than in the HTML (`headerList`: 请求头 where the HTML's `headers` is 响应头). */
const LOCATION_TITLES = { path: 'pathParameters', query: 'queryParameters', header: 'headerList', cookie: 'cookies' } as const;

/** `content`: the MDX page's own content as Markdown; `description`: the page description, when the operation's became it. */
export function endpointMarkdown(model: OperationModel, ctx: MarkdownContext, opts: { content?: string; description?: string }): string {
  const { ui } = ctx;
  const out: string[] = [];
  if (opts.content) out.push(opts.content, '');
  // A webhook has no URL of its own (the reader's server receives it): its name and method say which it is.
  if (model.webhook) out.push(labelled(ui.webhook, `${codeSpan(model.path)} (${model.method})`, ui), '');
  else out.push('```http', `${model.method} ${model.path}`, '```', '');
  if (model.servers.length) out.push(labelled(model.servers.length > 1 ? ui.servers : ui.server, model.servers.map((s) => `\`${s}\``).join(', '), ui), '');
  // The HTML page's words for a deprecated operation.
  if (model.op.deprecated === true) out.push(`**${ui.deprecated}.** ${ui.deprecatedOperation}`, '');
  // A one-line description is the page's own (under its title): not repeated here.
  if (!opts.description && typeof model.op.description === 'string' && model.op.description.trim()) out.push(model.op.description.trim(), '');
  const security = securityLines(model, ui);
  if (security.length) out.push(...security, '');
  for (const location of ['path', 'query', 'header', 'cookie'] as const) {
    const params = model.parameters.filter((p) => p.in === location);
    if (!params.length) continue;
    out.push(`## ${ui[LOCATION_TITLES[location]]}`, '');
    for (const p of params) out.push(`- ${fieldLine(p.name, p.schema, ctx, { required: p.required, deprecated: p.deprecated, description: p.description })}`, ...properties(p.schema, ctx, 1, new Set()));
    out.push('');
  }
  out.push(...bodyLines(model, ctx, '##'));
  // Between the body and the responses, as on the HTML page.
  if (model.callbacks?.length) {
    out.push(`## ${ui.callbacks}`, '');
    for (const { name, expression, model: cb } of model.callbacks) {
      out.push(`### ${name}: ${codeSpan(`${cb.method} ${expression}`)}`, '');
      if (typeof cb.op.description === 'string' && cb.op.description.trim()) out.push(cb.op.description.trim(), '');
      out.push(...bodyLines(cb, ctx, '####'), ...responseLines(cb, ctx, '####'));
    }
  }
  out.push(...responseLines(model, ctx, '##'));
  return out.join('\n').trim();
}

/** The request body under a heading of `level` (`##`, or deeper in a callback). */
function bodyLines(model: OperationModel, ctx: MarkdownContext, level: string): string[] {
  const { names, ui } = ctx;
  if (!model.body) return [];
  const out = [`${level} ${ui.requestBody}`, ''];
  if (model.body.description) out.push(oneLine(model.body.description), '');
  for (const m of model.body.media) {
    out.push(`\`${m.type}\`${model.body.required ? ` (${ui.required})` : ''}${m.schema ? `: ${typeLabel(m.schema, names)}` : ''}`, '');
    const lines = properties(m.schema, ctx, 0, new Set());
    if (lines.length) out.push(...lines, '');
  }
  return out;
}

/** Each response under a heading of `level`, its status one level deeper. */
function responseLines(model: OperationModel, ctx: MarkdownContext, level: string): string[] {
  const { names, ui } = ctx;
  const responses = isSchema(model.op.responses) ? Object.entries<unknown>(model.op.responses).filter((e): e is [string, OpenApiObject] => isSchema(e[1])) : [];
  if (!responses.length) return [];
  const out = [`${level} ${ui.responses}`, ''];
  for (const [status, response] of responses) {
    out.push(`${level}# ${status}`, '');
    if (typeof response.description === 'string' && response.description.trim()) out.push(oneLine(response.description), '');
    for (const [type, media] of Object.entries<unknown>(isSchema(response.content) ? response.content : {})) {
      const schema = isSchema(media) && isSchema(media.schema) ? media.schema : undefined;
      out.push(`\`${type}\`${schema ? `: ${typeLabel(schema, names)}` : ''}`, '');
      const lines = properties(schema, ctx, 0, new Set());
      if (lines.length) out.push(...lines, '');
    }
  }
  return out;
}
