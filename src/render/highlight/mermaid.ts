/**
 * `mermaid` fences. The diagram is drawn in the reader's browser by the mermaid library,
 * which the export ships as a local asset (theme/mermaid-assets.ts) and the site script
 * loads only on pages that have a diagram (browser/mermaid-diagrams.ts): no request to
 * another host, air-gapped too. The page holds the diagram's source, shown as a labelled,
 * copyable block until the drawing replaces it, and kept when it cannot be drawn (no
 * script, or a syntax error, which is shown beside it).
 *
 * Why not draw at export time: the one renderer that needs no browser (beautiful-mermaid)
 * draws no gitGraph, gantt or pie diagram, four of the real sites' diagrams among them, and
 * takes about 0.1 s of CPU per diagram (8 s for the 88 diagrams of five real sites).
 */
import { escapeHtml } from '../markdown/escape.js';
import { copyButton } from './code-block.js';
import { uiStrings, type UiStrings } from '../layout/ui-strings.js';
import { MERMAID_MARK } from '../pool/page-features.js';

export function renderMermaid(code: string, ui: UiStrings = uiStrings()): string {
  return (
    // data-code: the header's copy button copies the source (browser/copy-code.ts)
    `<figure class="q-mermaid" ${MERMAID_MARK} data-code>` +
    '<div class="q-mermaid-diagram" data-mermaid-diagram></div>' +
    `<div class="q-code-header"><span class="q-code-title">${escapeHtml(ui.mermaidSource)}</span>${copyButton(ui)}</div>` +
    `<pre class="q-code-pre q-mermaid-source" tabindex="0"><code>${escapeHtml(code)}</code></pre>` +
    '</figure>'
  );
}
