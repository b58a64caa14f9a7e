/**
 * Tile (components/tiles.mdx): a link with a preview area (its children, usually a light
 * and a dark image) on a patterned background, then a title and a description.
 */
import { attrs, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';

export const Tile: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const href = typeof p.href === 'string' ? r.href(p.href, el) : null;
    const tag = href !== null ? 'a' : 'div';
    return (
      `<${tag}${attrs({ class: 'q-tile tile', 'data-tile': '', href: href ?? undefined })}>` +
      `<span class="q-tile-preview">${r.children(el)}</span>` +
      (typeof p.title === 'string' ? `<span class="q-tile-title">${escapeHtml(p.title)}</span>` : '') +
      (typeof p.description === 'string' ? `<span class="q-tile-description">${escapeHtml(p.description)}</span>` : '') +
      `</${tag}>`
    );
  },
};
