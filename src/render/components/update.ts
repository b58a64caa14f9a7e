/**
 * Update: one changelog entry with a label (its anchor and table-of-contents entry),
 * an optional description and tags, then the content. The tags of a page's updates are
 * offered as filters above its table of contents (components/update.mdx: "Shown as
 * filters in the right side panel"); the site script (update-filter.ts) hides the
 * updates that carry none of the checked tags.
 */
import { attrs, escapeAttr, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition, RenderApi } from './types.js';

/** Per page renderer, every tag of its updates, in first-seen order. */
const pageTags = new WeakMap<RenderApi, Set<string>>();

function filter(tags: Set<string>, label: string): string {
  const boxes = [...tags].map((t) => `<label class="q-update-filter-tag"><input type="checkbox" value="${escapeAttr(t)}"> ${escapeHtml(t)}</label>`).join('');
  return `<div class="q-update-filter" data-update-filter><p class="toc-title">${escapeHtml(label)}</p>${boxes}</div>`;
}

export const Update: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const label = r.label(p.label) ?? { html: 'Update', text: 'Update' };
    const id = r.slug(label.text || 'update');
    r.heading(2, label.text, id);
    const tags = Array.isArray(p.tags) ? p.tags.filter((t): t is string => typeof t === 'string') : [];
    if (tags.length) {
      let all = pageTags.get(r);
      if (!all) pageTags.set(r, (all = new Set()));
      for (const t of tags) all.add(t);
      const every = all;
      r.pageBlock('toc', 'update-filter', () => filter(every, r.ui.filters));
    }
    return (
      `<section${attrs({ class: 'q-update update', 'data-update': '', id, 'data-tags': tags.length ? JSON.stringify(tags) : undefined })}><div class="q-update-meta">` +
      `<h2 class="q-update-label"><a href="#${escapeAttr(id)}">${label.html}</a></h2>` +
      (typeof p.description === 'string' ? `<p class="q-update-description">${escapeHtml(p.description)}</p>` : '') +
      (tags.length ? `<ul class="q-update-tags">${tags.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : '') +
      `</div><div class="q-update-content">${r.children(el)}</div></section>`
    );
  },
};
