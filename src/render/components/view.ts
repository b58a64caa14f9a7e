/**
 * View (components/view.mdx): content for one of several alternatives (a language, a
 * framework) chosen in a selector at the top of the page. The first view shows; the
 * others carry `hidden` until the site script (views.ts) switches them.
 */
import { attrs, escapeAttr, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition, RenderApi } from './types.js';

/** Per page renderer, the views so far (titles in page order). */
const seen = new WeakMap<RenderApi, string[]>();

function selector(titles: string[], label: string): string {
  const options = titles.map((t, i) => `<option value="${escapeAttr(t)}"${i === 0 ? ' selected' : ''}>${escapeHtml(t)}</option>`).join('');
  return `<div class="q-view-select" data-view-select><label class="q-view-label"><span>${escapeHtml(label)}</span><select aria-label="${escapeAttr(label)}">${options}</select></label></div>`;
}

export const View: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const title = typeof p.title === 'string' && p.title ? p.title : 'View';
    let titles = seen.get(r);
    if (!titles) seen.set(r, (titles = []));
    // Several <View> of one title are one view (Mintlify: "one view component per language per page", not enforced)
    if (!titles.includes(title)) titles.push(title);
    const all = titles;
    r.pageBlock('top', 'view-select', () => selector(all, r.ui.view));
    const icon = p.icon ? r.icon(p.icon, { className: 'q-view-icon' }, el) : '';
    return `<section${attrs({ class: 'q-view', 'data-view': title, hidden: titles[0] !== title })}>${icon ? `<span class="q-view-badge">${icon}${escapeHtml(title)}</span>` : ''}${r.children(el)}</section>`;
  },
};
