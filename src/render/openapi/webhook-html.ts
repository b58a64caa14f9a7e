/**
 * What a webhook page (OpenAPI 3.1 `webhooks`) shows where an endpoint page has its
 * request bar, playground and request samples. A webhook is a request the API sends to a
 * URL the reader registers, so there is no URL to show and nothing to try: the bar says
 * the method, that it is a webhook and its name, and the aside shows the payload the
 * reader's server receives (the request body's examples, as the response examples are shown).
 */
import type { HighlighterCore } from 'shiki/core';
import type { HighlightCache } from '../highlight/index.js';
import type { UiStrings } from '../layout/ui-strings.js';
import { esc } from './html.js';
import type { OperationModel } from './operation-model.js';
import { EXAMPLES_PER_TYPE, exampleHtml, tabs, type TabItem } from './page-sections.js';

export function webhookBar(model: OperationModel, ui: UiStrings): string {
  return `<div class="api-request-bar api-webhook-bar"><span class="api-method api-method-${esc(model.method.toLowerCase())}">${esc(model.method)}</span> <span class="api-webhook-badge">${esc(ui.webhook)}</span> <code class="api-request-url">${esc(model.path)}</code></div>`;
}

/** The payload examples, one tab per media type and named example. */
export function payloadExampleTabs(model: OperationModel, h: HighlighterCore | null, uid: string, cache: HighlightCache | undefined, ui: UiStrings): string {
  const media = model.body?.media ?? [];
  const items: TabItem[] = [];
  for (const m of media) {
    for (const ex of m.examples.slice(0, EXAMPLES_PER_TYPE)) {
      const label = [ui.payload, media.length > 1 ? m.type : '', ex.name ?? ''].filter(Boolean).join(' · ');
      items.push({ label, html: exampleHtml(m.type, ex.value, h, cache, ui) });
    }
  }
  return items.length ? `<div class="api-samples">${tabs(items, `${uid}-payload`, ui.payload)}</div>` : '';
}
