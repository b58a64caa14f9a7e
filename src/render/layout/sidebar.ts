/**
 * The sidebar: the node list of the current section drawn as groups (top-level groups
 * as headed lists, nested groups as <details> that work without JS), hidden pages and
 * groups left out, the current page marked with aria-current="page" and its groups open.
 *
 * Very large sections (thousands of pages) would repeat the whole tree in every file;
 * past INLINE_LIMIT entries, groups that do not hold the current page (top-level ones
 * and, inside the one that does, nested ones: an API reference is one group of tag
 * groups) are drawn as a single link to their first page, and past 2 * GROUP_WINDOW + 1
 * groups only a window around the current one is drawn. Pages stay small and every
 * page stays reachable without JS.
 *
 * A tree is drawn first (drawSidebarTree: groups opened for the current page) and the
 * current page marked after (markCurrent), so pages drawn alike share one drawing.
 */
import type { NavNode } from '../types.js';
import { escapeAttr, escapeHtml, isExternalHref, safeUrl } from './escape.js';
import { firstVisiblePage, nodesContain } from './nav-tree.js';
import type { SitePage } from './site-model.js';
import { uiIcon } from './ui-icons.js';

export const INLINE_LIMIT = 400;
/** Top-level entries drawn on each side of the current one in very large sections. */
export const GROUP_WINDOW = 20;

export interface SidebarContext {
  current: string;
  /** Set for sections past INLINE_LIMIT entries: groups away from the current page collapse. */
  large?: boolean;
  pages: Record<string, SitePage>;
  href(page: string): string;
  /**
   * An href the author wrote (frontmatter `url`) as this page links it: a site path to a
   * page becomes that page's relative href, anything else stays as written. Like `href`, it
   * depends only on the page's folder. Without it, `url` is used as written.
   */
  link?(raw: string): string;
  /** Renders a page icon name (Lucide or the content engineer's icon set). */
  icon: (name: string) => string;
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


/** Where the current-page mark goes in a drawn sidebar. */
const CURRENT = ' aria-current="page"';

/**
 * A sidebar drawn without the current-page mark, with the offsets in `html` where the
 * mark goes for each page it lists. Drawing decides which groups are open from
 * `ctx.current`; marking the page comes after, so every page with the same groups
 * open (and links from the same folder) can share one drawing (sidebar-cache.ts).
 */
export interface SidebarDrawing {
  html: string;
  marks: Map<string, number[]>;
}

function mark(out: SidebarDrawing, page: string): void {
  const at = out.marks.get(page);
  if (at) at.push(out.html.length);
  else out.marks.set(page, [out.html.length]);
}

/** The drawing's HTML with `page` marked as the current one wherever it is listed. */
export function markCurrent(drawing: SidebarDrawing, page: string): string {
  const at = drawing.marks.get(page);
  if (!at) return drawing.html;
  let html = '';
  let from = 0;
  for (const offset of at) {
    html += drawing.html.slice(from, offset) + CURRENT;
    from = offset;
  }
  return html + drawing.html.slice(from);
}

function pageItem(page: string, ctx: SidebarContext, out: SidebarDrawing): void {
  const p = ctx.pages[page];
  if (!p || p.hidden) return;
  // Frontmatter `url`: the entry leads there instead, as Mintlify's sidebar does: off the
  // site, or (0xsequence's `url: /solutions/...`) to another page, linked like any page.
  if (p.url) {
    out.html += isExternalHref(p.url) ? linkItem(p.sidebarTitle, p.url, p.icon, ctx) : `<li><a class="nav-link" href="${escapeAttr(ctx.link ? ctx.link(p.url) : safeUrl(p.url))}">${p.icon ? ctx.icon(p.icon) : ''}<span class="nav-label">${escapeHtml(p.sidebarTitle)}</span></a></li>`;
    return;
  }
  const icon = p.icon ? ctx.icon(p.icon) : '';
  const method = p.method ? `<span class="method method-${escapeAttr(p.method.toLowerCase())}">${escapeHtml(methodLabel(p.method))}</span>` : '';
  const tag = p.tag ? `<span class="nav-tag">${escapeHtml(p.tag)}</span>` : '';
  const deprecated = p.deprecated ? ' nav-deprecated' : '';
  out.html += `<li><a class="nav-link${deprecated}" href="${escapeAttr(ctx.href(page))}"`;
  mark(out, page);
  out.html += `>${method}${icon}${navLabel(p.sidebarTitle, !!(method || icon || tag || deprecated))}${tag}</a></li>`;
}

/**
 * A link's label. Beside an icon, method or tag it is a `.nav-label` (it takes the room
 * left, and a deprecated page strikes it through); alone it is the link's text, which the
 * link's flex box lays out the same: most entries are plain, and the span was about 7% of
 * every page of a large site.
 */
function navLabel(label: string, flanked: boolean): string {
  return flanked ? `<span class="nav-label">${escapeHtml(label)}</span>` : escapeHtml(label);
}

function methodLabel(method: string): string {
  const m = method.toUpperCase();
  // Short enough for the pill beside a title, as DELETE is.
  return m === 'DELETE' ? 'DEL' : m === 'WEBHOOK' ? 'HOOK' : m;
}

function linkItem(label: string, href: string, icon: string | undefined, ctx: SidebarContext): string {
  return `<li><a class="nav-link nav-external" href="${escapeAttr(safeUrl(href))}">${icon ? ctx.icon(icon) : ''}<span class="nav-label">${escapeHtml(label)}</span>${uiIcon('arrow-up-right', 'icon nav-external-icon')}</a></li>`;
}

function nodeList(nodes: NavNode[], ctx: SidebarContext, depth: number, out: SidebarDrawing): void {
  for (const node of nodes) {
    // A group's root page is drawn as the group's title (groupItem).
    if (node.kind === 'page') {
      if (!node.root) pageItem(node.page, ctx, out);
    }
    else if (node.kind === 'link') out.html += linkItem(node.label, node.href, node.icon, ctx);
    else if (node.kind === 'group' && !node.hidden) groupItem(node, ctx, depth, out);
  }
}

function groupItem(node: Extract<NavNode, { kind: 'group' }>, ctx: SidebarContext, depth: number, out: SidebarDrawing): void {
  if (ctx.large && depth > 0 && !node.expanded && !nodesContain(node.children, ctx.current)) {
    out.html += collapsedGroup(node, ctx, 'nav-subgroup nav-group-collapsed');
    return;
  }
  const icon = node.icon ? ctx.icon(node.icon) : '';
  const tag = node.tag ? `<span class="nav-tag">${escapeHtml(node.tag)}</span>` : '';
  const start = out.html.length;
  const rootNode = node.children[0]?.kind === 'page' && node.children[0].root ? node.children[0] : undefined;
  const rootPage = rootNode && ctx.pages[rootNode.page] && !ctx.pages[rootNode.page].hidden ? rootNode.page : undefined;
  // With a root page, the group's title is a link to it (marked when it is the current page).
  const title = (inner: string) => {
    if (rootPage) {
      out.html += `<a class="nav-group-root" href="${escapeAttr(ctx.href(rootPage))}"`;
      mark(out, rootPage);
      out.html += `>${inner}</a>`;
    } else {
      out.html += inner;
    }
  };
  if (depth === 0) {
    out.html += `<li class="nav-group sidebar-group"><p class="nav-group-title sidebar-group-header">`;
    title(`${icon}${escapeHtml(node.group)}${tag}`);
    out.html += `</p><ul>`;
  } else {
    const open = node.expanded || nodesContain(node.children, ctx.current) ? ' open' : '';
    out.html += `<li class="nav-subgroup"><details${open}><summary>`;
    title(`${icon}<span class="nav-label">${escapeHtml(node.group)}</span>${tag}`);
    // The chevron is the summary's ::after (theme layout.css): no element for it.
    out.html += `</summary><ul>`;
  }
  const innerStart = out.html.length;
  nodeList(node.children, ctx, depth + 1, out);
  // A group with nothing visible (and no root page) is left out; nothing was marked inside it either.
  if (out.html.length === innerStart && !rootPage) out.html = out.html.slice(0, start);
  else out.html += depth === 0 ? '</ul></li>' : '</ul></details></li>';
}

/** A top-level group drawn as one link to its first page (large sections only). */
function collapsedGroup(node: Extract<NavNode, { kind: 'group' }>, ctx: SidebarContext, className = 'nav-group-collapsed'): string {
  const first = firstVisiblePage(node.children, ctx.pages);
  if (!first) return '';
  const icon = node.icon ? ctx.icon(node.icon) : '';
  return `<li class="${className}"><a href="${escapeAttr(ctx.href(first))}">${icon}${escapeHtml(node.group)}</a></li>`;
}

/** A link standing for the groups left out before or after the window. */
function moreGroups(nodes: NavNode[], count: number, towards: 'before' | 'after', ctx: SidebarContext): string {
  if (count === 0) return '';
  const target = towards === 'before' ? nodes[nodes.length - 1] : nodes[0];
  const first = target.kind === 'group' ? firstVisiblePage(target.children, ctx.pages) : target.kind === 'page' ? target.page : undefined;
  if (!first) return '';
  const label = `${count} ${towards === 'before' ? 'earlier' : 'more'} ${count === 1 ? 'entry' : 'entries'}`;
  return `<li class="nav-group-collapsed nav-more"><a href="${escapeAttr(ctx.href(first))}">${label}</a></li>`;
}

/** The `<ul>` of the sidebar for one node list, the current page marked. */
export function renderSidebarTree(nodes: NavNode[], ctx: SidebarContext): string {
  return markCurrent(drawSidebarTree(nodes, ctx), ctx.current);
}

/** The `<ul>` of the sidebar for one node list, groups opened for `ctx.current`, nothing marked yet. */
export function drawSidebarTree(nodes: NavNode[], ctx: SidebarContext): SidebarDrawing {
  const out: SidebarDrawing = { html: '', marks: new Map() };
  if (countEntries(nodes) <= INLINE_LIMIT) {
    out.html = '<ul class="nav-tree" id="navigation-items">';
    nodeList(nodes, ctx, 0, out);
    out.html += '</ul>';
    return out;
  }
  // Past a few dozen top-level entries, only a window around the current one is drawn
  // (each page stays small however many groups the section has); links at both ends
  // lead on to the entries left out.
  let from = 0;
  let to = nodes.length;
  if (nodes.length > 2 * GROUP_WINDOW + 1) {
    const at = Math.max(0, nodes.findIndex((n) => (n.kind === 'page' && n.page === ctx.current) || (n.kind === 'group' && nodesContain(n.children, ctx.current))));
    from = Math.max(0, Math.min(at - GROUP_WINDOW, nodes.length - (2 * GROUP_WINDOW + 1)));
    to = from + 2 * GROUP_WINDOW + 1;
  }
  const large = { ...ctx, large: true };
  out.html = '<ul class="nav-tree nav-tree-large" id="navigation-items">' + moreGroups(nodes.slice(0, from), from, 'before', large);
  for (const node of nodes.slice(from, to)) {
    if (node.kind === 'group' && !node.hidden && !nodesContain(node.children, ctx.current)) out.html += collapsedGroup(node, large);
    else nodeList([node], large, 0, out);
  }
  out.html += moreGroups(nodes.slice(to), nodes.length - to, 'after', large) + '</ul>';
  return out;
}
