/**
 * CodeGroup: several fences shown as tabs titled from each fence's meta (```` ```bash cURL ````
 * gives "cURL", else the language). RequestExample / ResponseExample are the same with a
 * role marker, shown beside API pages.
 */
import { parseCodeMeta } from '../highlight/code-meta.js';
import { tabList } from './tabs.js';
import type { ComponentDefinition, JsxElement, RenderApi } from './types.js';

function codeTabs(el: JsxElement, r: RenderApi, className: string): string {
  const codes = r.codeChildren(el);
  if (!codes.length) return `<div class="${className}">${r.children(el)}</div>`;
  const items = codes.map((c, i) => ({ label: parseCodeMeta(c.meta).title ?? c.lang ?? `Example ${i + 1}`, html: r.code(c, true) }));
  return tabList(r, items, 'code-group', className);
}

export const CodeGroup: ComponentDefinition = { block: true, render: (el, r) => codeTabs(el, r, 'q-code-group') };

export function example(kind: 'request' | 'response'): ComponentDefinition {
  return {
    block: true,
    render: (el, r) => `<div class="q-example q-${kind}-example" data-example="${kind}">${codeTabs(el, r, 'q-code-group')}</div>`,
  };
}
