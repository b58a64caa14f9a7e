/**
 * Update: one changelog entry with a label (its anchor and table-of-contents entry),
 * an optional description and tags, then the content.
 */
import { escapeAttr, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';

export const Update: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const label = typeof p.label === 'string' ? p.label : 'Update';
    const id = r.slug(label);
    r.heading(2, label, id);
    const tags = Array.isArray(p.tags) ? p.tags.filter((t): t is string => typeof t === 'string') : [];
    return (
      `<section class="q-update" data-update id="${escapeAttr(id)}"><div class="q-update-meta">` +
      `<h2 class="q-update-label"><a href="#${escapeAttr(id)}">${escapeHtml(label)}</a></h2>` +
      (typeof p.description === 'string' ? `<p class="q-update-description">${escapeHtml(p.description)}</p>` : '') +
      (tags.length ? `<ul class="q-update-tags">${tags.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : '') +
      `</div><div class="q-update-content">${r.children(el)}</div></section>`
    );
  },
};
