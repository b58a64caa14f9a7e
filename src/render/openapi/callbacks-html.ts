/**
 * The callbacks of an endpoint page (the operation's `callbacks`), as Mintlify shows them:
 * one section between the request body and the responses, each callback request collapsed
 * under its method, URL expression and name, and opened on the same parameter, body and
 * response parts as the operation's own (page-sections.ts). Their headings sit two levels
 * deeper and stay out of the table of contents; their ids and field anchors start with the
 * callback's name, unique on the page.
 */
import { esc } from './html.js';
import { markdownToHtml } from './markdown.js';
import type { OperationModel } from './operation-model.js';
import { renderBody, renderParameters, renderResponses, type HeadingList } from './page-sections.js';
import { wordsOf, type SchemaHtmlContext } from './schema-html.js';
import { stringAt } from './schema-utils.js';

export function renderCallbacks(model: OperationModel, ctx: SchemaHtmlContext, headings: HeadingList, uid: string): string {
  const list = model.callbacks ?? [];
  if (list.length === 0) return '';
  const title = headings.heading(2, wordsOf(ctx).callbacks, 'callbacks');
  const items = list.map(({ name, expression, model: m }, i) => {
    // Under the section's h2 a request's own "Body" and "Response" are h4, its statuses h5;
    // its ids are the callback's (`callback-orderupdated-body`), in document order.
    const inner = headings.nested(2, `callback-${slug(name)}`);
    const summary = stringAt(m.op.summary);
    const head = `<summary class="api-callback-summary"><span class="api-method api-method-${esc(m.method.toLowerCase())}">${esc(m.method)}</span> <code class="api-callback-expression">${esc(expression)}</code> <span class="api-callback-name">${esc(summary ?? name)}</span></summary>`;
    const parts = [
      markdownToHtml(stringAt(m.op.description), ctx.links),
      renderParameters(m, ctx, inner),
      renderBody(m, ctx, inner, `${uid}-cb${i}`),
      renderResponses(m, ctx, inner, `${uid}-cb${i}`),
    ].join('');
    return `<details class="api-callback" data-callback="${esc(name)}">${head}<div class="api-callback-content">${parts}</div></details>`;
  });
  return `<section class="api-callbacks">${title}${items.join('')}</section>`;
}

/** An id part of a callback's name: `orderUpdated` -> `orderupdated`. */
function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'callback';
}
