/**
 * The sections of an endpoint page other than the playground: parameters by location,
 * request body, responses per status and media type, and the tabbed code panels (request
 * samples, response examples) built on the site's tab markup (role="tablist" +
 * aria-controls, wired by the theme script).
 */
import type { HighlighterCore } from 'shiki/core';
import type { Heading } from '../types.js';
import { renderCodeBlock, type HighlightCache } from '../highlight/index.js';
import { fillUi, statusText, uiStrings, type UiStrings } from '../layout/ui-strings.js';
import { esc, prettyJson } from './html.js';
import { markdownToHtml, paragraphHtml } from './markdown.js';
import type { OperationModel, ParamLocation } from './operation-model.js';
import type { OpenApiObject } from './read-document.js';
import { mediaExample } from './sample.js';
import { highlightSample } from './sample-highlight.js';
import { renderField, renderSchemaBody, wordsOf, type SchemaHtmlContext } from './schema-html.js';
import { isSchema, mergeAllOf, stringAt, type Schema } from './schema-utils.js';

/** Collects the page's headings with unique ids. */
export class HeadingList {
  readonly items: Heading[] = [];
  /**
   * @param anchorLabel the heading link's accessible name, in the page's language
   * @param used ids taken on the page (shared with the list a nested one comes from)
   * @param levels how much deeper than asked its headings are drawn
   * @param prefix put before each id it hands out
   */
  constructor(private readonly anchorLabel: string, private readonly used = new Set<string>(), private readonly levels = 0, private readonly prefix = '') {}
  /**
   * A list for a part drawn under one of this list's headings (a callback's body and
   * responses): its headings are `levels` deeper and stay out of the page's table of
   * contents (they sit in a collapsed section); its ids start with `prefix`, so they never
   * take the ids of the page's own parts (`response-200` stays the operation's).
   */
  nested(levels: number, prefix: string): HeadingList {
    return new HeadingList(this.anchorLabel, this.used, this.levels + levels, `${this.prefix}${prefix}-`);
  }
  add(depth: number, text: string, base: string): string {
    const id = this.unique(base);
    this.items.push({ depth, text, id });
    return id;
  }
  reserve(id: string): void {
    this.used.add(id);
  }
  /** A unique id for an element that is not a heading (a field's anchor). */
  unique(base: string): string {
    base = this.prefix + base;
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }
  heading(depth: number, text: string, base: string, extra = ''): string {
    const id = this.add(depth, text, base);
    depth = Math.min(6, depth + this.levels);
    return `<h${depth} id="${esc(id)}">${esc(text)}${extra}<a class="heading-anchor" href="#${esc(id)}" aria-label="${esc(this.anchorLabel)}">#</a></h${depth}>`;
  }
}

export interface TabItem { label: string; html: string }

/** Tabs with the site's markup; one item renders without a tab bar. */
export function tabs(items: TabItem[], uid: string, ariaLabel: string): string {
  if (items.length === 0) return '';
  if (items.length === 1) return `<div class="api-tabs"><div class="api-tab-title">${esc(items[0].label)}</div>${items[0].html}</div>`;
  const bar = items.map((t, i) => `<button type="button" role="tab" id="${uid}-t${i}" aria-controls="${uid}-p${i}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}">${esc(t.label)}</button>`).join('');
  const panels = items.map((t, i) => `<div role="tabpanel" id="${uid}-p${i}" aria-labelledby="${uid}-t${i}"${i === 0 ? '' : ' hidden'}>${t.html}</div>`).join('');
  return `<div class="api-tabs"><div role="tablist" aria-label="${esc(ariaLabel)}">${bar}</div>${panels}</div>`;
}

const unescapeText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/**
 * A highlighted code block (the site's shared highlighter and markup). Tokenizing can stop
 * early on a loaded machine (shiki's per-line time limit) and lose text, so the result is
 * checked against the code and falls back to plain text rather than show a cut sample.
 */
export function codeBlock(h: HighlighterCore | null, code: string, lang: string, cache?: HighlightCache, ui?: UiStrings): string {
  const html = renderCodeBlock(h, code, { lang, bare: true, cache, ui });
  const pre = /<pre\b[^>]*><code>([\s\S]*)<\/code><\/pre>/.exec(html);
  if (!h || (pre && unescapeText(pre[1]) === code)) return html;
  return renderCodeBlock(null, code, { lang, bare: true, ui });
}

const LOCATION_TITLES: Record<ParamLocation, 'pathParameters' | 'queryParameters' | 'headerParameters' | 'cookieParameters'> = { path: 'pathParameters', query: 'queryParameters', header: 'headerParameters', cookie: 'cookieParameters' };

/**
 * The first word of a field's anchor by where it is. `body` and `response` are read off
 * links into a published Mintlify site's generated pages; a path parameter takes
 * `param` as a ParamField `path=` does there; query, header and cookie follow the
 * location's name, as body does (no published link shows them).
 */
const ANCHOR_PREFIX: Record<ParamLocation, string> = { path: 'param', query: 'query', header: 'header', cookie: 'cookie' };

/** `ctx` with field anchors under `base`, unique among the page's ids. */
export function anchored(ctx: SchemaHtmlContext, base: string, headings: HeadingList): SchemaHtmlContext {
  return { ...ctx, anchor: { base, unique: (id) => headings.unique(id) } };
}

export function renderParameters(model: OperationModel, ctx: SchemaHtmlContext, headings: HeadingList): string {
  const ui = wordsOf(ctx);
  return (Object.keys(LOCATION_TITLES) as ParamLocation[]).map((loc) => {
    const params = model.parameters.filter((p) => p.in === loc);
    if (params.length === 0) return '';
    const fields = params.map((p) => renderField(p.name, p.schema, anchored(ctx, ANCHOR_PREFIX[loc], headings), { required: p.required, deprecated: p.deprecated, description: p.description, example: p.example }));
    return `<section class="api-params" data-in="${loc}">${headings.heading(2, ui[LOCATION_TITLES[loc]], `${loc}-parameters`)}<div class="api-fields">${fields.join('')}</div></section>`;
  }).join('');
}

/** The fields of one media type's schema (object, array of objects, or a single value). */
export function schemaFields(schema: Schema | undefined, ctx: SchemaHtmlContext, name: string): string {
  if (!schema) return '';
  const s = mergeAllOf(schema);
  const about = typeof s.description === 'string' ? `<div class="api-schema-desc">${markdownToHtml(s.description, ctx.links)}</div>` : '';
  return about + schemaFieldList(schema, s, ctx, name);
}

function schemaFieldList(schema: Schema, s: Schema, ctx: SchemaHtmlContext, name: string): string {
  const hasProps = (x: Schema) => isSchema(x.properties) || Array.isArray(x.oneOf) || Array.isArray(x.anyOf) || isSchema(x.additionalProperties);
  if (hasProps(s)) return `<div class="api-fields">${renderSchemaBody(schema, ctx)}</div>`;
  if (isSchema(s.items) && hasProps(mergeAllOf(s.items))) return `<p class="api-note">${esc(wordsOf(ctx).arrayOfObjects)}</p><div class="api-fields">${renderSchemaBody(s.items, ctx)}</div>`;
  return `<div class="api-fields">${renderField(name, schema, ctx, { description: '' })}</div>`;
}

export function renderBody(model: OperationModel, ctx: SchemaHtmlContext, headings: HeadingList, uid: string): string {
  const body = model.body;
  if (!body || body.media.length === 0) return '';
  const ui = wordsOf(ctx);
  const head = headings.heading(2, ui.body, 'body', body.required ? ` <span class="api-badge api-badge-required">${esc(ui.required)}</span>` : '');
  const bodyCtx = anchored(ctx, 'body', headings);
  const items = body.media.map((m) => ({ label: m.type, html: schemaFields(m.schema, bodyCtx, 'body') }));
  return `<section class="api-body">${head}${markdownToHtml(body.description, ctx.links)}${tabs(items, `${uid}-body`, ui.bodyMediaTypes)}</section>`;
}

function responseEntries(model: OperationModel): [string, OpenApiObject][] {
  return Object.entries<unknown>(isSchema(model.op.responses) ? model.op.responses : {}).filter((e): e is [string, OpenApiObject] => isSchema(e[1]));
}

export function renderResponses(model: OperationModel, ctx: SchemaHtmlContext, headings: HeadingList, uid: string): string {
  const entries = responseEntries(model);
  if (entries.length === 0) return '';
  const responseCtx = anchored({ ...ctx, direction: 'response' }, 'response', headings);
  const ui = wordsOf(ctx);
  const title = headings.heading(2, ui.response, 'response');
  const parts = entries.map(([status, res], i) => {
    const text = statusText(ui, status) || (status === 'default' ? ui.defaultResponse : '');
    const head = headings.heading(3, status, `response-${status.toLowerCase()}`, text ? ` <span class="api-status-text">${esc(text)}</span>` : '');
    const headers = Object.entries<unknown>(isSchema(res.headers) ? res.headers : {}).filter((e): e is [string, OpenApiObject] => isSchema(e[1]))
      .map(([name, h]) => renderField(name, isSchema(h.schema) ? h.schema : undefined, responseCtx, { required: h.required === true, description: stringAt(h.description), deprecated: h.deprecated === true, note: 'header' }));
    const content = Object.entries<unknown>(isSchema(res.content) ? res.content : {}).filter((e): e is [string, OpenApiObject] => isSchema(e[1]));
    const media = tabs(content.map(([type, m]) => ({ label: type, html: schemaFields(isSchema(m.schema) ? m.schema : undefined, responseCtx, 'response') })), `${uid}-r${i}`, fillUi(ui.responseMediaTypes, { code: status }));
    return `<div class="api-response" data-status="${esc(status)}">${head}${markdownToHtml(stringAt(res.description), ctx.links)}${headers.length ? `<div class="api-fields">${headers.join('')}</div>` : ''}${media}</div>`;
  });
  return `<section class="api-responses">${title}${parts.join('')}</section>`;
}

/**
 * A response's description as the note of its example tab: its inline Markdown (`Return any
 * \`2xx\``, firecrawl's webhooks), or as text when it is more than one paragraph; undefined without one.
 */
function noteHtml(description: unknown): string | undefined {
  if (typeof description !== 'string' || !description.trim()) return undefined;
  return paragraphHtml(description) ?? esc(description);
}

/** Examples shown per media type (of a response, or of a webhook's payload). */
export const EXAMPLES_PER_TYPE = 3;

/** One example of media type `type` as a tab's content. */
export function exampleHtml(type: string, value: unknown, h: HighlighterCore | null, cache: HighlightCache | undefined, ui: UiStrings): string {
  const json = /json/i.test(type);
  const code = typeof value === 'string' && !json ? value : prettyJson(value);
  // Examples printed by JSON.stringify have a known shape: the light tokenizer colours them like shiki.
  if (json && typeof value !== 'string') return highlightSample(code, 'json', ui);
  return codeBlock(h, code, json ? 'json' : /xml/i.test(type) ? 'xml' : /yaml/i.test(type) ? 'yaml' : 'text', cache, ui);
}

/** Examples of every response with content, one tab per status (and media type when several). */
export function responseExampleTabs(model: OperationModel, h: HighlighterCore | null, uid: string, cache?: HighlightCache, ui: UiStrings = uiStrings()): string {
  const items: TabItem[] = [];
  for (const [status, res] of responseEntries(model)) {
    const content = Object.entries<unknown>(isSchema(res.content) ? res.content : {}).filter((e): e is [string, OpenApiObject] => isSchema(e[1]));
    for (const [type, m] of content) {
      for (const ex of mediaExample(m, 'response').slice(0, EXAMPLES_PER_TYPE)) {
        const label = [status, content.length > 1 ? type : '', ex.name ?? ''].filter(Boolean).join(' · ');
        items.push({ label, html: exampleHtml(type, ex.value, h, cache, ui) });
      }
    }
    if (content.length === 0 && items.length < 12) items.push({ label: status, html: `<p class="api-note">${noteHtml(res.description) ?? esc(ui.noContent)}</p>` });
  }
  return items.length ? `<div class="api-response-examples">${tabs(items, `${uid}-rx`, ui.responseExamples)}</div>` : '';
}
