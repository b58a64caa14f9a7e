/** Frame: a bordered figure around an image or video, with an optional hint above and caption below. */
import { escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';

export const Frame: ComponentDefinition = {
  block: true,
  render(el, r) {
    const { caption, hint } = r.props(el);
    return `<figure class="q-frame" data-frame>${typeof hint === 'string' ? `<p class="q-frame-hint">${escapeHtml(hint)}</p>` : ''}<div class="q-frame-content">${r.children(el)}</div>${typeof caption === 'string' ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
  },
};
