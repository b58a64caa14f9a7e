/**
 * Visibility (components/visibility.mdx): `for="humans"` content is shown on the site,
 * `for="agents"` content only in the page's Markdown version, so the HTML leaves it out.
 */
import type { ComponentDefinition } from './types.js';

export const Visibility: ComponentDefinition = {
  block: true,
  render(el, r) {
    const audience = r.props(el).for;
    if (audience === 'agents') return '';
    if (audience !== 'humans') r.warn(`<Visibility for=${JSON.stringify(audience ?? null)}> should be "humans" or "agents": its content is shown`, el);
    return r.children(el);
  },
};
