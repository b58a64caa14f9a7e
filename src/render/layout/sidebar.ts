/**
 * The sidebar: the node list of the current section drawn as groups (top-level groups
 * as headed lists, nested groups as <details> that work without JS), hidden pages and
 * groups left out, the current page marked with aria-current="page" and its groups open.
 *
 * Very large sections (thousands of pages) would repeat the whole tree in every file;
 * past INLINE_LIMIT entries, top-level groups that do not hold the current page are
 * drawn as a single link to their first page, which keeps each page small and the
 * whole tree reachable without JS.
 */
import type { NavNode } from '../types.js';
import { escapeAttr, escapeHtml, safeUrl } from './escape.js';
import { firstVisiblePage } from './nav-tree.js';
import type { SitePage } from './site-model.js';
import { uiIcon } from './ui-icons.js';

export const INLINE_LIMIT = 400;

/** Drawn by CSS: sidebars repeat it hundreds of times per page, an SVG would weigh. */
const CHEVRON = '<span class="nav-chevron" aria-hidden="true"></span>';

export interface SidebarContext {
  current: string;
  pages: Record<string, SitePage>;
  href(page: string): string;
  /** Renders a page icon name (Lucide or the content engineer's icon set). */
  icon(name: string): string;
}

const entryCounts = new WeakMap<NavNode[], number>();

function countEntries(nodes: NavNode[]): number {
  const known = entryCounts.get(nodes);
  if (known !== undefined) return known;
  let n = 0;
  for (const node of nodes) n += node.kind === 'group' ? 1 + countEntries(node.children) : 1;
  entryCounts.set(nodes, n);
  return n;
}

function contains(nodes: NavNode[], page: string): boolean {
  return nodes.some((n) => (n.kind === 'page' && n.page === page) || (n.kind === 'group' && contains(n.children, page)));
}

function pageItem(page: string, ctx: SidebarContext): string {
  const p = ctx.pages[page];
  if (!p || p.hidden) return '';
  const current = page === ctx.current ? ' aria-current="page"' : '';
  const icon = p.icon ? ctx.icon(p.icon) : '';
  const method = p.method ? `<span class="method method-${escapeAttr(p.method.toLowerCase())}">${escapeHtml(methodLabel(p.method))}</span>` : '';
  const tag = p.tag ? `<span class="nav-tag">${escapeHtml(p.tag)}</span>` : '';
  const deprecated = p.deprecated ? ' nav-deprecated' : '';
  return `<li><a class="nav-link${deprecated}" href="${escapeAttr(ctx.href(page))}"${current}>${method}${icon}<span class="nav-label">${escapeHtml(p.sidebarTitle)}</span>${tag}</a></li>`;
}

function methodLabel(method: string): string {
  const m = method.toUpperCase();
  return m === 'DELETE' ? 'DEL' : m;
}

function linkItem(label: string, href: string, icon: string | undefined, ctx: SidebarContext): string {
  return `<li><a class="nav-link nav-external" href="${escapeAttr(safeUrl(href))}">${icon ? ctx.icon(icon) : ''}<span class="nav-label">${escapeHtml(label)}</span>${uiIcon('arrow-up-right', 'icon nav-external-icon')}</a></li>`;
}

function nodeList(nodes: NavNode[], ctx: SidebarContext, depth: number): string {
  let html = '';
  for (const node of nodes) {
    if (node.kind === 'page') html += pageItem(node.page, ctx);
    else if (node.kind === 'link') html += linkItem(node.label, node.href, node.icon, ctx);
    else if (node.kind === 'group' && !node.hidden) html += groupItem(node, ctx, depth);
  }
  return html;
}

function groupItem(node: Extract<NavNode, { kind: 'group' }>, ctx: SidebarContext, depth: number): string {
  const inner = nodeList(node.children, ctx, depth + 1);
  if (!inner) return '';
  const icon = node.icon ? ctx.icon(node.icon) : '';
  if (depth === 0) {
    return `<li class="nav-group"><p class="nav-group-title">${icon}${escapeHtml(node.group)}</p><ul>${inner}</ul></li>`;
  }
  const open = node.expanded || contains(node.children, ctx.current) ? ' open' : '';
  return `<li class="nav-subgroup"><details${open}><summary>${icon}<span class="nav-label">${escapeHtml(node.group)}</span>${CHEVRON}</summary><ul>${inner}</ul></details></li>`;
}

// A collapsed group looks the same from every page of one folder (links are relative
// to the folder): draw it once per folder.
const collapsedByFolder = new WeakMap<NavNode, Map<string, string>>();

/** A top-level group drawn as one link to its first page (large sections only). */
function collapsedGroup(node: Extract<NavNode, { kind: 'group' }>, ctx: SidebarContext): string {
  const folder = ctx.current.includes('/') ? ctx.current.slice(0, ctx.current.lastIndexOf('/')) : '';
  let byFolder = collapsedByFolder.get(node);
  if (!byFolder) collapsedByFolder.set(node, (byFolder = new Map()));
  let html = byFolder.get(folder);
  if (html === undefined) {
    const first = firstVisiblePage(node.children, ctx.pages);
    const icon = node.icon ? ctx.icon(node.icon) : '';
    html = first
      ? `<li class="nav-group-collapsed"><a href="${escapeAttr(ctx.href(first))}">${icon}${escapeHtml(node.group)}</a></li>`
      : '';
    byFolder.set(folder, html);
  }
  return html;
}

/** The `<ul>` of the sidebar for one node list. */
export function renderSidebarTree(nodes: NavNode[], ctx: SidebarContext): string {
  if (countEntries(nodes) <= INLINE_LIMIT) return `<ul class="nav-tree">${nodeList(nodes, ctx, 0)}</ul>`;
  let html = '';
  for (const node of nodes) {
    if (node.kind === 'group' && !node.hidden && !contains(node.children, ctx.current)) html += collapsedGroup(node, ctx);
    else html += nodeList([node], ctx, 0);
  }
  return `<ul class="nav-tree nav-tree-large">${html}</ul>`;
}
