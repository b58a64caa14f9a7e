/** Frame: a bordered figure around an image or video, with an optional caption. */
import { escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';

export const Frame: ComponentDefinition = {
  block: true,
  render(el, r) {
    const caption = r.props(el).caption;
    return `<figure class="q-frame" data-frame><div class="q-frame-content">${r.children(el)}</div>${typeof caption === 'string' ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
  },
};
