/**
 * Panel: content for the page's right column, in place of the table of contents
 * (components/panel.mdx). Inside another component it stays where it is.
 */
import type { ComponentDefinition } from './types.js';

export const Panel: ComponentDefinition = {
  block: true,
  render(el, r) {
    const html = `<aside class="q-panel panel" data-panel>${r.children(el)}</aside>`;
    return r.toSide(html, el) ? '' : html;
  },
};
