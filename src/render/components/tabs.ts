/**
 * Tabs / Tab, and the shared tab markup CodeGroup and the examples use. Without JS the
 * first panel shows and the others carry `hidden`; the site JS switches `hidden`,
 * `aria-selected` and `tabindex` when a tab is clicked or arrowed to, and selects the
 * tab of the same title in the page's other tab sets and code groups unless one says
 * `sync={false}` (`data-sync="false"`, components/tabs.mdx). A Tab's button carries its
 * anchor id, so a link to `#<tab id>` opens that tab (site JS).
 */
import { attrs, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition, JsxElement, RenderApi } from './types.js';

export interface TabItem {
  label: string;
  html: string;
  icon?: string;
  /** The tab's own anchor id (Tabs: its `id` or title); code groups keep generated ids. */
  id?: string;
}

export function tabList(r: RenderApi, items: TabItem[], kind: 'tabs' | 'code-group', className: string, extra: Record<string, string | boolean | undefined> = {}): string {
  const base = r.uid(kind === 'tabs' ? 'tabs' : 'code-group');
  const tabId = (t: TabItem, i: number) => t.id ?? `${base}-tab-${i + 1}`;
  const tabs = items.map((t, i) =>
    `<button${attrs({ type: 'button', role: 'tab', class: 'q-tab', id: tabId(t, i), 'aria-selected': i === 0 ? 'true' : 'false', 'aria-controls': `${base}-panel-${i + 1}`, tabindex: i === 0 ? 0 : -1 })}>${t.icon ?? ''}${escapeHtml(t.label)}</button>`,
  );
  const panels = items.map((t, i) =>
    `<div${attrs({ role: 'tabpanel', class: 'q-tab-panel', id: `${base}-panel-${i + 1}`, 'aria-labelledby': tabId(t, i), tabindex: 0, hidden: i > 0 })}>${t.html}</div>`,
  );
  return `<div${attrs({ class: className, [`data-${kind}`]: '', id: base, ...extra })}><div class="q-tab-list" role="tablist">${tabs.join('')}</div>${panels.join('')}</div>`;
}

export const Tabs: ComponentDefinition = {
  block: true,
  render(el, r) {
    const items = r.childElements(el, ['Tab']).map((tab: JsxElement, i): TabItem => {
      const p = r.props(tab);
      const label = typeof p.title === 'string' ? p.title : `Tab ${i + 1}`;
      // components/tabs.mdx: `id` is "a custom ID for the tab used for anchor linking",
      // defaulting to the title; made into a slug as heading ids are, which is what links
      // into Mintlify's published pages use (`/deploy/authentication-setup#oauth-2-0`).
      const id = r.slug(typeof p.id === 'string' ? p.id : label);
      return { label, id, html: r.children(tab), icon: p.icon ? r.icon(p.icon, { className: 'q-tab-icon' }, tab) : undefined };
    });
    if (!items.length) return r.children(el);
    return tabList(r, items, 'tabs', 'q-tabs', { 'data-sync': r.props(el).sync === false ? 'false' : undefined });
  },
};

/** A Tab outside Tabs renders as a titled section. */
export const Tab: ComponentDefinition = {
  block: true,
  render(el, r) {
    const title = r.props(el).title;
    return `<div class="q-tab-panel">${typeof title === 'string' ? `<p class="q-tab-title">${escapeHtml(title)}</p>` : ''}${r.children(el)}</div>`;
  },
};
