/**
 * Tree, Tree.Folder, Tree.File: a file tree. Folders are `<details>` (open with
 * `defaultOpen`), so they expand without JS; ARIA tree roles describe the structure.
 */
import { attrs, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition, JsxElement, RenderApi } from './types.js';

function items(el: JsxElement, r: RenderApi): string {
  return r
    .childElements(el, ['Tree.Folder', 'Tree.File', 'TreeFolder', 'TreeFile'])
    .map((c) => (c.name === 'Tree.Folder' || c.name === 'TreeFolder' ? TreeFolder : TreeFile).render(c, r))
    .join('');
}

export const Tree: ComponentDefinition = {
  block: true,
  render: (el, r) => `<ul class="q-tree" data-tree role="tree">${items(el, r)}</ul>`,
};

export const TreeFolder: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const name = typeof p.name === 'string' ? p.name : 'folder';
    const open = p.defaultOpen === true || p.openable === false;
    return (
      `<li class="q-tree-folder" role="treeitem" aria-expanded="${open}"><details${attrs({ open })}>` +
      `<summary>${r.icon('folder', { className: 'q-tree-icon', library: 'lucide' })}<span class="q-tree-name">${escapeHtml(name)}</span></summary>` +
      `<ul role="group">${items(el, r)}</ul></details></li>`
    );
  },
};

export const TreeFile: ComponentDefinition = {
  block: true,
  render(el, r) {
    const name = r.props(el).name;
    return `<li class="q-tree-file" role="treeitem">${r.icon('file', { className: 'q-tree-icon', library: 'lucide' })}<span class="q-tree-name">${escapeHtml(typeof name === 'string' ? name : 'file')}</span></li>`;
  },
};
