/**
 * Visibility: content for one audience. `for="humans"` shows on the web page and is left
 * out of the page's Markdown version; `for="agents"` is the other way round (the Markdown
 * side is agents/page-markdown.ts). Any other value shows everywhere, as plain content.
 */
import type { ComponentDefinition } from './types.js';

export const Visibility: ComponentDefinition = {
  block: true,
  render(el, r) {
    const audience = r.props(el).for;
    if (audience === 'agents') return '';
    if (audience !== 'humans') r.warn(`<Visibility for=${JSON.stringify(audience ?? null)}>: expected "humans" or "agents"; the content is shown to both`, el);
    return r.children(el);
  },
};
