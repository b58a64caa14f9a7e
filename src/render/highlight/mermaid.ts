/**
 * `mermaid` fences. Mermaid needs a browser DOM to lay out a diagram and no renderer
 * that runs on Node 20 without a browser is available, so the diagram is shown as its
 * readable source in a styled, labelled block (copyable like any code).
 */
import { escapeHtml } from '../markdown/escape.js';
import { COPY_BUTTON } from './code-block.js';

export function renderMermaid(code: string): string {
  return (
    '<figure class="q-mermaid" data-mermaid>' +
    `<div class="q-code-header"><span class="q-code-title">Diagram (Mermaid source)</span>${COPY_BUTTON}</div>` +
    `<pre class="q-code-pre q-mermaid-source" tabindex="0"><code>${escapeHtml(code)}</code></pre>` +
    '</figure>'
  );
}
