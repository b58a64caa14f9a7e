/**
 * Tree (alias FileTree), Tree.Folder, Tree.File: a file tree. Folders are `<details>`
 * (open with `defaultOpen`), so they expand without JS; ARIA tree roles describe the
 * structure. A Tree may also hold a nested Markdown list (components/tree.mdx): an item
 * ending in `/` or holding a list is a folder, open by default; the others are files.
 */
import type { List, Nodes } from 'mdast';
import { attrs, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition, JsxElement, RenderApi } from './types.js';

const FOLDERS = ['Tree.Folder', 'TreeFolder', 'FileTree.Folder'];
const FILES = ['Tree.File', 'TreeFile', 'FileTree.File'];

function folder(r: RenderApi, name: string, open: boolean, inner: string): string {
  return (
    `<li class="q-tree-folder" role="treeitem" aria-expanded="${open}"><details${attrs({ open })}>` +
    `<summary>${r.icon('folder', { className: 'q-tree-icon', library: 'lucide' })}<span class="q-tree-name">${escapeHtml(name)}</span></summary>` +
    `<ul role="group">${inner}</ul></details></li>`
  );
}

function file(r: RenderApi, name: string): string {
  return `<li class="q-tree-file" role="treeitem">${r.icon('file', { className: 'q-tree-icon', library: 'lucide' })}<span class="q-tree-name">${escapeHtml(name)}</span></li>`;
}

/** Plain text of mdast nodes (names drop their inline formatting). */
function textOf(r: RenderApi, nodes: Nodes[]): string {
  return r.text({ type: 'mdxJsxFlowElement', name: null, attributes: [], children: nodes as never[] }).trim();
}

function listItems(r: RenderApi, list: List): string {
  return list.children.map((item) => {
    const nested = item.children.find((c): c is List => c.type === 'list');
    const label = textOf(r, item.children.filter((c) => c.type !== 'list'));
    if (nested || label.endsWith('/')) return folder(r, label.replace(/\/+$/, ''), true, nested ? listItems(r, nested) : '');
    return file(r, label);
  }).join('');
}

function items(el: JsxElement, r: RenderApi): string {
  const lists = (el.children as Nodes[]).filter((c): c is List => c.type === 'list');
  const elements = r.childElements(el, [...FOLDERS, ...FILES]).map((c) => (FOLDERS.includes(c.name ?? '') ? TreeFolder : TreeFile).render(c, r)).join('');
  return elements + lists.map((l) => listItems(r, l)).join('');
}

export const Tree: ComponentDefinition = {
  block: true,
  render: (el, r) => `<ul class="q-tree" data-tree role="tree">${items(el, r)}</ul>`,
};

export const TreeFolder: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    return folder(r, typeof p.name === 'string' ? p.name : 'folder', p.defaultOpen === true || p.openable === false, items(el, r));
  },
};

export const TreeFile: ComponentDefinition = {
  block: true,
  render(el, r) {
    const name = r.props(el).name;
    return file(r, typeof name === 'string' ? name : 'file');
  },
};
