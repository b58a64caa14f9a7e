/**
 * Renders one AsyncAPI channel page (inside render worker threads, from the serializable
 * spec; the document is read through the per-thread cache): the channel's address on each
 * server, its description, parameters, bindings, then the messages the reader sends and
 * those the reader receives, each with its headers and payload fields (the OpenAPI pages'
 * field renderer and anchors), and an aside with one example per message. Everything from
 * the document is escaped; nothing is evaluated.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic, PageContext, RenderedPage } from '../types.js';
import { fillUi, uiStrings, type UiStrings } from '../layout/ui-strings.js';
import { addressAfter, channelModel, type AsyncBinding, type AsyncMessage, type AsyncOperation, type ChannelModel } from './asyncapi-model.js';
import { loadAsyncRenderDocument } from './asyncapi-document.js';
import { codeSpan, fieldLine, labelLine, oneLine, properties, withNote, type MarkdownContext } from './endpoint-markdown.js';
import { esc, prettyJson } from './html.js';
import { markdownToHtml, type MarkdownLinks } from './markdown.js';
import { anchored, HeadingList, schemaFields, tabs, type TabItem } from './page-sections.js';
import { sampleFromSchema } from './sample.js';
import { highlightSample } from './sample-highlight.js';
import { renderChannelPlayground } from './channel-playground-html.js';
import { playgroundMode } from './playground-mode.js';
import { renderField, wordsOf, type SchemaHtmlContext } from './schema-html.js';
import { componentNames, isSchema } from './schema-utils.js';
import type { ChannelPageSpec } from './types.js';

/** A one-line description becomes the page description (under the title); longer ones go in the body. */
function plainDescription(text: string | undefined): string | undefined {
  if (!text?.trim()) return undefined;
  const t = text.trim();
  return /\n\s*\n|[`*_[\]<>#|~\\]/.test(t) || t.length > 300 ? undefined : t.replace(/\s+/g, ' ');
}

function addressBars(model: ChannelModel, ui: UiStrings): string {
  const bar = (protocol: string, url: string, label?: string) => {
    const address = addressAfter(url, model.address);
    return `<div class="api-request-bar api-channel-bar" data-code><span class="api-method api-method-channel">${esc(protocol.toUpperCase() || 'CHANNEL')}</span> <code class="api-request-url"><span class="api-server">${esc(url)}</span>${esc(address)}</code>${label ? ` <span class="api-note">${esc(label)}</span>` : ''}<pre hidden><code>${esc(url + address)}</code></pre><button type="button" class="q-code-copy" data-copy aria-label="${esc(ui.copyAddress)}"><span class="q-code-copy-label">${esc(ui.copyButton)}</span></button></div>`;
  };
  if (model.servers.length === 0) return model.address ? bar('', '') : '';
  return model.servers.map((s) => bar(s.protocol, s.url, model.servers.length > 1 ? s.id : undefined)).join('');
}

/** A binding's settings: schemas as fields, plain values as fields showing the value. */
function bindingFields(binding: AsyncBinding, ctx: SchemaHtmlContext): string {
  return Object.entries(binding.value).map(([name, value]) => isSchema(value) && (value.type !== undefined || isSchema(value.properties))
    ? renderField(name, value, ctx)
    : renderField(name, { type: Array.isArray(value) ? 'array' : typeof value, const: value }, ctx)).join('');
}

function renderBindings(bindings: AsyncBinding[], ctx: SchemaHtmlContext, headings: HeadingList, depth: number, title = wordsOf(ctx).bindings): string {
  if (bindings.length === 0) return '';
  const parts = bindings.map((b) => `<div class="api-binding" data-protocol="${esc(b.protocol)}"><p class="api-binding-head"><code>${esc(b.protocol)}</code>${b.version ? ` <span class="api-note">${esc(fillUi(wordsOf(ctx).bindingVersion, { version: b.version }))}</span>` : ''}</p><div class="api-fields">${bindingFields(b, anchored(ctx, `binding-${b.protocol}`, headings))}</div></div>`);
  return `<section class="api-bindings">${headings.heading(depth, title, 'bindings')}${parts.join('')}</section>`;
}

function renderMessage(m: AsyncMessage, ctx: SchemaHtmlContext, headings: HeadingList, depth: number): string {
  const badge = m.contentType ? ` <span class="api-badge">${esc(m.contentType)}</span>` : '';
  const head = headings.heading(depth, m.title, `message-${m.id}`, badge);
  const ui = wordsOf(ctx);
  const headers = m.headers ? `<p class="api-field-group">${esc(ui.headers)}</p>${schemaFields(m.headers, anchored(ctx, 'header', headings), 'headers')}` : '';
  const payload = m.payload ? `<p class="api-field-group">${esc(ui.payload)}</p>${schemaFields(m.payload, anchored(ctx, 'payload', headings), 'payload')}` : '';
  return `<div class="api-message" data-message="${esc(m.id)}">${head}${markdownToHtml(m.description, ctx.links)}${headers}${payload}${renderBindings(m.bindings, ctx, headings, depth + 1, ui.messageBindings)}</div>`;
}

/** `title`: `Send` or `Receive`, the section's id and class; `label`: its heading in the page's words. */
function renderOperations(title: string, label: string, ops: AsyncOperation[], ctx: SchemaHtmlContext, headings: HeadingList): string {
  if (ops.length === 0) return '';
  const head = headings.heading(2, label, title.toLowerCase());
  // One operation: its messages sit right under the section; several: each under its operation's title.
  const body = ops.map((op) => {
    const opHead = ops.length > 1 ? headings.heading(3, op.title, `operation-${op.id}`) : '';
    const messages = op.messages.map((m) => renderMessage(m, ctx, headings, ops.length > 1 ? 4 : 3)).join('');
    return `<div class="api-operation" data-operation="${esc(op.id)}">${opHead}${markdownToHtml(op.description, ctx.links)}${renderBindings(op.bindings, ctx, headings, ops.length > 1 ? 4 : 3, wordsOf(ctx).operationBindings)}${messages}</div>`;
  }).join('');
  return `<section class="api-channel-${title.toLowerCase()}">${head}${body}</section>`;
}

/** One example per message: the document's first, else one built from the payload schema. */
function exampleTabs(model: ChannelModel, uid: string, ui: UiStrings): string {
  const items: TabItem[] = [];
  for (const [side, label, messages] of [['Send', ui.send, model.send.flatMap((o) => o.messages)], ['Receive', ui.receive, model.receive.flatMap((o) => o.messages)], ['Message', ui.message, model.other]] as const) {
    for (const m of messages) {
      const value = m.examples.find((e) => e.payload !== undefined)?.payload ?? sampleFromSchema(m.payload, side === 'Send' ? 'request' : 'response');
      if (value === undefined) continue;
      items.push({ label: `${label} · ${m.title}`, html: highlightSample(prettyJson(value), 'json', ui) });
    }
  }
  return items.length ? `<div class="api-response-examples">${tabs(items.slice(0, 12), `${uid}-mx`, ui.messageExamples)}</div>` : '';
}

/** The channel page's `.md` twin, with the HTML page's words (the same keys of the page language's row). */
function channelMarkdown(model: ChannelModel, ctx: MarkdownContext, opts: { content?: string; description?: string }): string {
  const { ui } = ctx;
  const out: string[] = [];
  if (opts.content) out.push(opts.content, '');
  const urls = model.servers.length ? model.servers.map((s) => s.url + addressAfter(s.url, model.address)) : model.address ? [model.address] : [];
  if (urls.length) out.push('```', ...urls, '```', '');
  if (!opts.description && model.description) out.push(model.description, '');
  if (model.parameters.length) out.push(`## ${ui.parameters}`, '', ...model.parameters.map((p) => `- ${fieldLine(p.name, p.schema, ctx, { required: true, description: p.description })}`), '');
  for (const b of model.bindings) {
    const protocol = `\`${b.protocol}\``;
    out.push(b.version ? fillUi(ui.bindingOfVersion, { protocol, version: b.version }) : fillUi(ui.bindingOf, { protocol }), '');
    for (const [name, value] of Object.entries(b.value)) {
      out.push(...(isSchema(value) ? [`- ${fieldLine(name, value, ctx, {})}`, ...properties(value, ctx, 1, new Set())] : [`- \`${name}\`: ${oneLine(prettyJson(value))}`]));
    }
    out.push('');
  }
  for (const [title, messages] of [[ui.send, model.send.flatMap((o) => o.messages)], [ui.receive, model.receive.flatMap((o) => o.messages)], [ui.messages, model.other]] as const) {
    if (messages.length === 0) continue;
    out.push(`## ${title}`, '');
    for (const m of messages) {
      out.push(`### ${m.title}`, '');
      if (m.description) out.push(m.description.trim(), '');
      if (m.headers) out.push(labelLine(ui.headers, ui), '', ...properties(m.headers, ctx, 0, new Set()), '');
      if (m.payload) {
        const lines = properties(m.payload, ctx, 0, new Set());
        // A payload that is not an object is one field, named as the HTML names it.
        out.push(labelLine(ui.payload, ui), '', ...(lines.length ? lines : [`- ${fieldLine('payload', m.payload, ctx, {})}`]), '');
      }
    }
  }
  return out.join('\n').trimEnd() + '\n';
}

/** `contentHtml` and `contentMarkdown`: the MDX page's own content, when an MDX page names the channel. */
export async function renderChannelPage(spec: ChannelPageSpec, ctx: PageContext, contentHtml?: string, contentMarkdown?: string): Promise<RenderedPage> {
  const diagnostics: Diagnostic[] = [];
  const base: Omit<RenderedPage, 'html' | 'headings'> = {
    page: spec.page, frontmatter: { title: spec.title, asyncapi: `${spec.file} ${spec.channel}` }, title: spec.title, brokenLinks: [], assets: [], diagnostics,
  };
  const doc = await loadAsyncRenderDocument(ctx.root, spec);
  const model = channelModel(doc, spec.channel);
  const ui = uiStrings(ctx.language);
  if (!model) {
    diagnostics.push({ severity: 'error', file: spec.file, path: `channels[${JSON.stringify(spec.channel)}]`, message: `AsyncAPI channel "${spec.channel}" not found in ${spec.file}` });
    // The reader (and an agent reading the twin) is told, in the page's language, why the reference is not there.
    const html = fillUi(esc(ui.channelMissing), { channel: esc(spec.channel), file: esc(spec.file) });
    const markdown = withNote(contentMarkdown, fillUi(ui.channelMissing, { channel: codeSpan(spec.channel), file: codeSpan(spec.file) }));
    return { ...base, html: `${contentHtml ?? ''}<p class="api-note">${html}</p>`, markdown, headings: [] };
  }
  const names = componentNames(doc);
  const links: MarkdownLinks = { resolveLink: (href) => ctx.resolveLink(href, spec.page), broken: base.brokenLinks };
  const schemaCtx: SchemaHtmlContext = { names, links, direction: 'response', ui };
  const headings = new HeadingList(ui.linkToSection);
  if (contentHtml) for (const m of contentHtml.matchAll(/\bid="([^"]+)"/g)) headings.reserve(m[1]);
  const uid = `api-${createHash('sha256').update(spec.page).digest('hex').slice(0, 8)}`;
  const description = plainDescription(model.description);
  // The WebSocket playground follows api.playground.display as the endpoint pages' does.
  const playground = playgroundMode(ctx.config, ctx.deployment).mode === 'interactive' ? renderChannelPlayground(model, doc, uid, ui) : '';
  const head = [contentHtml ? `<div class="api-content">${contentHtml}</div>` : '', addressBars(model, ui), playground, description ? '' : markdownToHtml(model.description, links)].join('');
  const params = model.parameters.length
    ? `<section class="api-params" data-in="channel">${headings.heading(2, ui.parameters, 'parameters')}<div class="api-fields">${model.parameters.map((p) => renderField(p.name, p.schema, anchored(schemaCtx, 'param', headings), { required: true, description: p.description })).join('')}</div></section>` : '';
  const reference = [
    params,
    renderBindings(model.bindings, schemaCtx, headings, 2),
    renderOperations('Send', ui.send, model.send, { ...schemaCtx, direction: 'request' }, headings),
    renderOperations('Receive', ui.receive, model.receive, schemaCtx, headings),
    model.other.length ? `<section class="api-channel-messages">${headings.heading(2, ui.messages, 'messages')}${model.other.map((m) => renderMessage(m, schemaCtx, headings, 3)).join('')}</section>` : '',
  ].join('');
  const html = `<div class="api-ref api-channel" data-api-channel="${esc(spec.channel)}"><div class="api-ref-grid"><div class="api-ref-head">${head}</div><aside class="api-ref-aside" aria-label="${esc(ui.examples)}">${exampleTabs(model, uid, ui)}</aside><div class="api-ref-main">${reference}</div></div></div>`;
  return {
    ...base,
    frontmatter: { ...base.frontmatter, ...(description ? { description } : {}) },
    ...(description ? { description } : {}),
    html,
    markdown: channelMarkdown(model, { names, ui }, { content: contentMarkdown, description }),
    headings: headings.items,
  };
}
