/**
 * The smaller pieces around a page: section tabs (with their menus), anchors,
 * breadcrumbs, table of contents, previous/next links and the announcement banner.
 */
import type { Heading, NavSection } from '../types.js';
import { escapeAttr, escapeHtml, safeUrl } from './escape.js';
import type { SiteModel, SitePage } from './site-model.js';
import { firstVisiblePage } from './nav-tree.js';
import { uiIcon } from './ui-icons.js';
import { uiStrings, type UiStrings } from './ui-strings.js';
import { renderNavMenu, type MenuEntry } from './nav-menus.js';

/** A tab's `menu` items (Mintlify's tab menus), hidden ones left out unless the page is in one. */
export function tabMenuItems(tab: NavSection, chain: NavSection[]): NavSection[] {
  return tab.sections.filter((s) => s.kind === 'menu' && (!s.hidden || chain.includes(s)));
}

/** Links a column of a product menu lists at most, so a long item cannot flood the drop-down. */
const COLUMN_LINKS = 6;

/**
 * A product's `menu` as the columns of its entry in the product switcher (Mintlify's
 * product menus, "a multi-column dropdown"): one column per item, headed by the item and
 * listing its groups (each leading to its first page) and pages, a few each.
 */
export function productColumns(product: NavSection, chain: NavSection[], target: (s: NavSection) => string, pages: Record<string, SitePage>, href: (page: string) => string, current: string): MenuEntry[] | undefined {
  const items = tabMenuItems(product, chain);
  if (items.length === 0) return undefined;
  return items.map((m) => {
    const links: MenuEntry[] = [];
    for (const n of m.children) {
      if (links.length >= COLUMN_LINKS) break;
      const page = n.kind === 'group' && !n.hidden ? firstVisiblePage(n.children, pages) : n.kind === 'page' && !pages[n.page]?.hidden ? n.page : undefined;
      if (!page || !pages[page]) continue;
      const label = n.kind === 'group' ? n.group : pages[page].sidebarTitle;
      links.push({ labelHtml: escapeHtml(label), href: href(page), ...(page === current ? { current: true } : {}) });
    }
    return { ...menuEntry(m, chain, target), links };
  });
}

/** A section as an entry of a drop-down menu: where it leads, marked when the page is inside it. */
export function menuEntry(s: NavSection, chain: NavSection[], target: (s: NavSection) => string): MenuEntry {
  return {
    labelHtml: escapeHtml(s.label),
    href: target(s),
    ...(s.icon ? { icon: s.icon } : {}),
    ...(s.description ? { description: s.description } : {}),
    ...(chain.includes(s) ? { current: true } : {}),
    ...(s.href ? { external: true } : {}),
  };
}

/**
 * Tabs across the top of the site, the active one marked. A tab with a `menu` is a
 * button opening the list of its items, each leading to its own part of the sidebar.
 */
export function renderTabs(tabs: NavSection[], chain: NavSection[], target: (s: NavSection) => string, icon: (name: string) => string, ui: UiStrings = uiStrings()): string {
  if (tabs.length === 0) return '';
  const items = tabs
    .map((t, i) => {
      const current = chain.includes(t) ? ' aria-current="true"' : '';
      const label = `${t.icon ? icon(t.icon) : ''}${escapeHtml(t.label)}`;
      const menu = tabMenuItems(t, chain);
      if (menu.length > 0) {
        const entries = menu.map((m) => menuEntry(m, chain, target));
        return `<li>${renderNavMenu({ id: `tab-${i}`, className: 'tab-menu', buttonClass: 'section-tab', buttonAttrs: current.trim(), buttonHtml: label, entries, icon })}</li>`;
      }
      return `<li><a class="section-tab" href="${escapeAttr(target(t))}"${current}>${label}</a></li>`;
    })
    .join('');
  return `<nav class="section-tabs" aria-label="${escapeAttr(ui.sections)}"><ul>${items}</ul></nav>`;
}

/**
 * The tabs again at the top of the sidebar, shown only on small screens where the tab
 * bar is hidden (the mobile menu holds them): each tab a link, its menu items below it.
 */
export function renderSidebarTabs(tabs: NavSection[], chain: NavSection[], target: (s: NavSection) => string, icon: (name: string) => string, ui: UiStrings = uiStrings()): string {
  if (tabs.length === 0) return '';
  const link = (s: NavSection, className: string) =>
    `<a class="${className}" href="${escapeAttr(target(s))}"${chain.includes(s) ? ' aria-current="true"' : ''}>${s.icon ? icon(s.icon) : ''}<span class="nav-label">${escapeHtml(s.label)}</span>${s.href ? uiIcon('arrow-up-right', 'icon nav-external-icon') : ''}</a>`;
  const items = tabs
    .map((t) => {
      const menu = tabMenuItems(t, chain);
      const sub = menu.length ? `<ul class="sidebar-tab-menu">${menu.map((m) => `<li>${link(m, 'nav-link')}</li>`).join('')}</ul>` : '';
      return `<li>${link(t, 'nav-link sidebar-tab')}${sub}</li>`;
    })
    .join('');
  return `<nav class="sidebar-tabs" aria-label="${escapeAttr(ui.sections)}"><ul class="nav-tree">${items}</ul></nav>`;
}

/** Anchors at the top of the sidebar (a description becomes the link's title). */
export function renderAnchors(items: { label: string; href: string; icon?: string; current?: boolean; description?: string }[], icon: (name: string) => string): string {
  if (items.length === 0) return '';
  const lis = items
    .map((a) => `<li><a class="nav-anchor" href="${escapeAttr(safeUrl(a.href))}"${a.description ? ` title="${escapeAttr(a.description)}"` : ''}${a.current ? ' aria-current="true"' : ''}>${icon(a.icon ?? 'link')}<span>${escapeHtml(a.label)}</span></a></li>`)
    .join('');
  return `<ul class="nav-anchors">${lis}</ul>`;
}

export function renderBreadcrumbs(trail: string[], ui: UiStrings = uiStrings()): string {
  if (trail.length === 0) return '';
  const items = trail.map((t) => `<li class="breadcrumb-item">${escapeHtml(t)}</li>`).join('');
  return `<nav class="breadcrumbs" aria-label="${escapeAttr(ui.breadcrumb)}"><ol class="breadcrumb-list">${items}</ol></nav>`;
}

/** "On this page": h2 and h3 headings of the page with their anchors. */
/** The table of contents; `top` (a component's block, the Update tag filter) goes above the list. */
export function renderToc(headings: Heading[], ui: UiStrings = uiStrings(), top = ''): string {
  const shown = headings.filter((h) => h.depth >= 2 && h.depth <= 3 && h.id);
  if (shown.length === 0) return top ? `<nav class="toc" id="table-of-contents" aria-label="${escapeAttr(ui.onThisPage)}">${top}</nav>` : '';
  const items = shown
    .map((h) => `<li class="toc-item toc-depth-${h.depth}"><a href="#${escapeAttr(h.id)}">${escapeHtml(h.text)}</a></li>`)
    .join('');
  return `<nav class="toc" id="table-of-contents" aria-label="${escapeAttr(ui.onThisPage)}">${top}<p class="toc-title">${escapeHtml(ui.onThisPage)}</p><ul id="table-of-contents-content">${items}</ul></nav>`;
}

export function renderPrevNext(prev?: { href: string; title: string }, next?: { href: string; title: string }, ui: UiStrings = uiStrings()): string {
  if (!prev && !next) return '';
  const link = (dir: 'prev' | 'next', l: { href: string; title: string }) =>
    `<a class="pager-link pager-${dir} pagination-${dir}" href="${escapeAttr(l.href)}" rel="${dir}">` +
    `<span class="pager-dir">${dir === 'prev' ? `${uiIcon('chevron-left')} ${escapeHtml(ui.previous)}` : `${escapeHtml(ui.next)} ${uiIcon('chevron-right')}`}</span>` +
    `<span class="pager-title pagination-title">${escapeHtml(l.title)}</span></a>`;
  return `<nav class="pager" id="pagination" aria-label="${escapeAttr(ui.previous)} / ${escapeAttr(ui.next)}">${prev ? link('prev', prev) : '<span></span>'}${next ? link('next', next) : ''}</nav>`;
}

/** The banner text is written as Markdown-ish text: links `[text](url)` are kept, the rest escaped. */
export function renderBanner(banner: { content: string; dismissible?: boolean } | undefined, ui: UiStrings = uiStrings()): string {
  if (!banner || !banner.content.trim()) return '';
  const html = escapeHtml(banner.content).replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, text: string, url: string) => {
    const href = safeUrl(url.replace(/&amp;/g, '&'));
    return `<a href="${escapeAttr(href)}">${text}</a>`;
  });
  const close = banner.dismissible ? `<button type="button" class="icon-button banner-close" data-banner-close aria-label="${escapeAttr(ui.dismiss)}">${uiIcon('x')}</button>` : '';
  return `<div class="banner" id="banner" data-banner${banner.dismissible ? ' data-dismissible' : ''}><p>${html}</p>${close}</div>`;
}

/** The navbar links and primary button again at the foot of the sidebar, shown only on small screens. */
export function renderMobileLinks(model: Pick<SiteModel, 'config'>, link: (href: string) => string = safeUrl): string {
  const { links, primary } = model.config.navbar;
  if (links.length === 0 && !primary) return '';
  const items = links.map((l) => `<li><a class="nav-link" href="${escapeAttr(link(l.href))}"><span class="nav-label">${escapeHtml(l.label)}</span></a></li>`).join('');
  const button = primary ? `<a class="button-primary" href="${escapeAttr(link(primary.href))}">${escapeHtml(primary.label)}</a>` : '';
  return `<div class="sidebar-mobile-links">${items ? `<ul class="nav-tree">${items}</ul>` : ''}${button}</div>`;
}
