/**
 * CodeGroup: several fences shown as tabs titled from each fence's meta (```` ```bash cURL ````
 * gives "cURL", else the language). RequestExample / ResponseExample are the same with a
 * role marker, placed in the page's right column as Mintlify does (see RenderApi.toSide).
 */
import { parseCodeMeta } from '../highlight/code-meta.js';
import { tabList } from './tabs.js';
import type { ComponentDefinition, JsxElement, RenderApi } from './types.js';

function codeTabs(el: JsxElement, r: RenderApi, className: string, extra: Record<string, string | boolean | undefined> = {}): string {
  const codes = r.codeChildren(el);
  if (!codes.length) return `<div class="${className}">${r.children(el)}</div>`;
  const items = codes.map((c, i) => ({ label: parseCodeMeta(c.meta).title ?? c.lang ?? `Example ${i + 1}`, html: r.code(c, true) }));
  return tabList(r, items, 'code-group', className, extra);
}

/** `dropdown`: the site script shows a menu of the titles in place of the tabs (code-groups.mdx). */
export const CodeGroup: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    return codeTabs(el, r, 'q-code-group', { 'data-dropdown': p.dropdown === true, 'data-sync': p.sync === false ? 'false' : undefined });
  },
};

export function example(kind: 'request' | 'response'): ComponentDefinition {
  return {
    block: true,
    render(el, r) {
      const html = `<div class="q-example q-${kind}-example" data-example="${kind}">${codeTabs(el, r, 'q-code-group')}</div>`;
      return r.toSide(html, el) ? '' : html;
    },
  };
}
