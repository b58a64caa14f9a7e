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
    const label = r.label(p.label) ?? { html: 'Update', text: 'Update' };
    const id = r.slug(label.text || 'update');
    r.heading(2, label.text, id);
    const tags = Array.isArray(p.tags) ? p.tags.filter((t): t is string => typeof t === 'string') : [];
    return (
      `<section class="q-update" data-update id="${escapeAttr(id)}"><div class="q-update-meta">` +
      `<h2 class="q-update-label"><a href="#${escapeAttr(id)}">${label.html}</a></h2>` +
      (typeof p.description === 'string' ? `<p class="q-update-description">${escapeHtml(p.description)}</p>` : '') +
      (tags.length ? `<ul class="q-update-tags">${tags.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : '') +
      `</div><div class="q-update-content">${r.children(el)}</div></section>`
    );
  },
};
