/**
 * Renders one API reference page (runs inside render worker threads, so it takes only
 * the serializable spec and reads the document through the per-process cache): request
 * bar and playground (on a webhook's page its bar and payload examples, webhook-html.ts), description, the MDX page's own content when there is one,
 * authorizations, parameters, body, callbacks, responses, and an aside with request code samples
 * and response examples. Everything from the document is escaped; nothing is evaluated.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic, PageContext, RenderedPage } from '../types.js';
import { blockLanguages, ensureLanguages, getHighlighter } from '../highlight/index.js';
import { remoteAlive } from '../highlight/remote-highlight.js';
import { fillUi, uiStrings } from '../layout/ui-strings.js';
import { renderCallbacks } from './callbacks-html.js';
import { codeSamples } from './code-samples.js';
import { loadRenderDocument } from './document-cache.js';
import { esc } from './html.js';
import { markdownToHtml, type MarkdownLinks } from './markdown.js';
import { buildOperationModel, buildWebhookModel } from './operation-model.js';
import { codeSpan, endpointMarkdown, withNote } from './endpoint-markdown.js';
import { findOperation, findWebhook } from './operations.js';
import { codeBlock, HeadingList, renderBody, renderParameters, renderResponses, responseExampleTabs, tabs } from './page-sections.js';
import { renderPlayground } from './playground-html.js';
import { canHighlightSample, highlightSample } from './sample-highlight.js';
import { playgroundMode } from './playground-mode.js';
import type { SchemaHtmlContext } from './schema-html.js';
import { stringAt } from './schema-utils.js';
import { renderSecurity } from './security.js';
import type { EndpointPageSpec } from './types.js';
import { payloadExampleTabs, webhookBar } from './webhook-html.js';

/**
 * Ids already used by the MDX content, so the reference's headings never clash with them.
 * The content's own headings are the content renderer's to report (the caller merges them).
 */
function reserveContentIds(html: string, headings: HeadingList): void {
  for (const m of html.matchAll(/\bid="([^"]+)"/g)) headings.reserve(m[1]);
}

/**
 * A description that is one plain sentence or paragraph becomes the page description
 * (the layout shows it under the title and in meta tags); anything with Markdown
 * formatting or several paragraphs is rendered in the body instead, so it keeps its
 * links and is never shown twice.
 */
function plainDescription(text: unknown): string | undefined {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  const t = text.trim();
  return /\n\s*\n|[`*_[\]<>#|~\\]/.test(t) || t.length > 300 ? undefined : t.replace(/\s+/g, ' ');
}

/** `contentHtml` and `contentMarkdown`: the MDX page's own content, when an MDX page names the operation. */
export async function renderEndpointPage(spec: EndpointPageSpec, ctx: PageContext, contentHtml?: string, contentMarkdown?: string): Promise<RenderedPage> {
  const diagnostics: Diagnostic[] = [];
  const base: Omit<RenderedPage, 'html' | 'headings'> = {
    page: spec.page,
    frontmatter: { title: spec.title, openapi: `${spec.file} ${spec.webhook ? 'webhook' : spec.method} ${spec.path}` },
    title: spec.title, brokenLinks: [], assets: [], diagnostics,
  };
  const { doc, names } = await loadRenderDocument(ctx.root, spec);
  const found = spec.webhook ? findWebhook(doc, spec.path, spec.method) : findOperation(doc, spec.method, spec.path);
  const ui = uiStrings(ctx.language);
  if (!found) {
    const where = `${spec.webhook ? 'webhooks' : 'paths'}[${JSON.stringify(spec.path)}].${spec.method.toLowerCase()}`;
    diagnostics.push({ severity: 'error', file: spec.file, path: where, message: `${spec.webhook ? 'Webhook' : 'Operation'} ${spec.method} ${spec.path} not found in ${spec.file}` });
    // Said on the page and in its `.md` twin, in the page's language: the reference is missing, not silently empty.
    const operation = `${spec.method} ${spec.path}`;
    const [word, key] = spec.webhook ? [ui.webhookMissing, 'name'] : [ui.operationMissing, 'operation'];
    const html = fillUi(esc(word), { [key]: esc(spec.webhook ? spec.path : operation), file: esc(spec.file) });
    const markdown = withNote(contentMarkdown, fillUi(word, { [key]: codeSpan(spec.webhook ? spec.path : operation), file: codeSpan(spec.file) }));
    return { ...base, html: `${contentHtml ?? ''}<p class="api-note">${html}</p>`, markdown, headings: [] };
  }
  const model = (spec.webhook ? buildWebhookModel : buildOperationModel)(doc, ctx.config, spec.method, found.path, found.op, found.item);
  const links: MarkdownLinks = { resolveLink: (href) => ctx.resolveLink(href, spec.page), broken: base.brokenLinks };
  const schemaCtx: SchemaHtmlContext = { names, links, direction: 'request', ui };
  const headings = new HeadingList(ui.linkToSection);
  if (contentHtml) reserveContentIds(contentHtml, headings);
  // Stable per page, so two builds give the same bytes and ids never clash across pages.
  const uid = `api-${createHash('sha256').update(spec.page).digest('hex').slice(0, 8)}`;
  const { mode } = playgroundMode(ctx.config, ctx.deployment);
  const description = plainDescription(found.op.description);

  // A webhook's request is the API's to send: only samples the document writes (`x-codeSamples`), none generated.
  const samples = codeSamples(model, model.webhook ? { autogenerate: false } : spec.examples ?? ctx.config.api?.examples);
  // With a highlight thread the examples are highlighted there (highlight/remote-highlight.ts).
  const highlighter = remoteAlive() ? await getHighlighter() : await ensureLanguages(['json', 'xml', 'yaml', ...samples.filter((s) => !s.generated).flatMap((s) => blockLanguages(s.lang, s.code))]);
  const cache = ctx.highlightCache;

  const deprecated = found.op.deprecated === true
    ? `<div class="api-deprecated-note" role="note"><strong>${esc(ui.deprecated)}.</strong> ${esc(ui.deprecatedOperation)}</div>` : '';
  const security = renderSecurity(doc, model.security, links, ui);
  // The MDX page's own content comes first, above the whole reference.
  const head = [
    contentHtml ? `<div class="api-content">${contentHtml}</div>` : '',
    model.webhook ? webhookBar(model, ui) : renderPlayground(model, mode, uid, ui),
    deprecated,
    description ? '' : markdownToHtml(stringAt(found.op.description), links),
  ].join('');
  const reference = [
    security ? `<section class="api-security">${headings.heading(2, ui.authorizations, 'authorizations')}${security}</section>` : '',
    renderParameters(model, schemaCtx, headings),
    renderBody(model, schemaCtx, headings, uid),
    renderCallbacks(model, schemaCtx, headings, uid),
    renderResponses(model, schemaCtx, headings, uid),
  ].join('');
  const sampleTabs = tabs(samples.map((s) => ({ label: s.label, html: s.generated && canHighlightSample(s.lang) ? highlightSample(s.code, s.lang, ui) : codeBlock(highlighter, s.code, s.lang, cache, ui) })), `${uid}-code`, ui.requestSamples);
  const payload = model.webhook ? payloadExampleTabs(model, highlighter, uid, cache, ui) : '';
  const aside = `${payload}${sampleTabs ? `<div class="api-samples">${sampleTabs}</div>` : ''}${responseExampleTabs(model, highlighter, uid, cache, ui)}`;
  // Narrow containers stack head, examples, reference; wide ones put the examples beside.
  const html = `<div class="api-ref" data-api-endpoint data-method="${esc(model.method)}"${model.webhook ? ' data-webhook' : ''}><div class="api-ref-grid"><div class="api-ref-head">${head}</div><aside class="api-ref-aside" aria-label="${esc(ui.examples)}">${aside}</aside><div class="api-ref-main">${reference}</div></div></div>`;
  return {
    ...base,
    frontmatter: { ...base.frontmatter, ...(description ? { description } : {}), ...(found.op.deprecated === true ? { deprecated: true } : {}) },
    ...(description ? { description } : {}),
    html,
    markdown: endpointMarkdown(model, { names, ui }, { content: contentMarkdown, description }),
    headings: headings.items,
  };
}
