/**
 * Puts one rendered page into the site's layout: <head> (title, canonical URL, meta
 * tags from head-meta.ts, JSON-LD from structured-data.ts, favicon, the hashed CSS/JS), banner, top bar,
 * tabs, sidebar, breadcrumbs, the page body, table of contents, previous/next links,
 * footer and the search dialog. Every link is relative to the page's own file.
 */
import type { NavSection, RenderedPage } from '../types.js';
import { pageHref, pageOutputFile, rootPrefix } from '../output/page-paths.js';
import { pageCanonical, renderMetaTags } from './head-meta.js';
import { renderStructuredData } from './structured-data.js';
import { escapeAttr, escapeHtml, safeUrl } from './escape.js';
import { groupTrail, sectionChain, sectionTarget } from './nav-tree.js';
import { menuEntry, productColumns, renderAnchors, renderBanner, renderBreadcrumbs, renderMobileLinks, renderPrevNext, renderSidebarTabs, renderTabs, renderToc } from './page-chrome.js';
import { renderSidebarPicker } from './nav-menus.js';
import { renderFooter } from './footer.js';
import { renderSearchDialog } from './search-dialog.js';
import { sidebarTreeFor } from './sidebar-cache.js';
import type { SiteModel } from './site-model.js';
import { renderMobileSwitchers, renderTopBar, type Switcher } from './top-bar.js';
import { uiIcon } from './ui-icons.js';
import { uiScriptData, uiStrings } from './ui-strings.js';
import { equivalentPage, neighbours, pageGlobalLinks, pageLanguage } from './nav-scope.js';
import { languageTag } from '../config/languages.js';
import { pageSearchScope } from '../search/search-scopes.js';

export interface LayoutOptions {
  /** Renders an icon name written by the author (frontmatter, navigation). */
  icon?: (name: string) => string;
  /** Whether this page needs the KaTeX stylesheet. */
  math?: boolean;
  /** Whether this page has a Mermaid diagram: the site script then loads the mermaid library. */
  mermaid?: boolean;
  /**
   * For 404.html, which hosts serve at any URL: links are written relative to the
   * site root and a <base> pointing at the root path of the base URL makes them work.
   */
  basePath?: string;
}

/**
 * What the layout reads of a rendered page: what a render thread sends the export's main
 * thread for it to draw the page (pool/render-task.ts), a cached page's RenderedPage included.
 */
export type LayoutInput = Pick<RenderedPage, 'page' | 'frontmatter' | 'title' | 'description' | 'html' | 'headings' | 'sideColumn' | 'tocTop'>;

const SECTION_SWITCHERS = new Set(['product', 'version', 'language']);

/** One function for every page, so sidebars drawn with it can be shared (sidebar-cache.ts). */
const defaultIcon = (name: string) => uiIcon(name);

const orderIndexes = new WeakMap<string[], Map<string, number>>();

/** The site's reading order with the position of every page, computed once per site. */
function orderIndex(model: SiteModel): { order: string[]; index: Map<string, number> } {
  let index = orderIndexes.get(model.order);
  if (!index) {
    index = new Map(model.order.map((p, i) => [p, i]));
    orderIndexes.set(model.order, index);
  }
  return { order: model.order, index };
}

/** Opens the page body in every page; the body follows it verbatim. */
const BODY_OPEN = '<article class="prose mdx-content" id="content">';

/** A page as drawn around its body: the page is `before + rendered.html + after`. */
interface PageParts {
  before: string;
  after: string;
}

export function layoutPage(model: SiteModel, rendered: LayoutInput, options: LayoutOptions = {}): string {
  const { before, after } = layoutParts(model, rendered, options);
  return before + rendered.html + after;
}

/** The layout on either side of the body. */
function layoutParts(model: SiteModel, rendered: LayoutInput, options: LayoutOptions = {}): PageParts {
  const page = rendered.page;
  const file = options.basePath !== undefined ? 'index.html' : pageOutputFile(page);
  const root = rootPrefix(file);
  const fromPage = options.basePath !== undefined ? 'index' : page;
  const href = (to: string) => pageHref(fromPage, to);
  // Navbar and footer links the author wrote as site paths (`/api`, `/guides/intro#x`)
  // point at the pages' .html files like every other internal link; the rest as given.
  const link = (raw: string) => {
    const m = /^\/([^?#]*)(#.*)?$/.exec(raw.trim());
    const target = m ? m[1].replace(/\/+$/, '').replace(/\.(mdx?|html)$/, '') || 'index' : undefined;
    return target !== undefined && model.pages[target] ? pageHref(fromPage, target, (m![2] ?? '').slice(1)) : safeUrl(raw);
  };
  const icon = options.icon ?? defaultIcon;
  const nav = model.navigation;
  const { chain } = sectionChain(nav, page);
  const target = (s: NavSection) => {
    const t = sectionTarget(s, model.pages);
    return t.page ? href(t.page) : t.href ? link(t.href) : '#';
  };
  // The page's language sets <html lang>, the interface words, and may bring its own banner, navbar and footer.
  const language = pageLanguage(chain);
  const ui = uiStrings(language?.label);
  const view = language?.chrome ? { ...model, config: { ...model.config, ...language.chrome } } : model;
  const meta = model.pages[page];
  const mode = options.basePath !== undefined ? undefined : meta?.mode;

  const hasSidebar = mode !== 'custom' && mode !== 'center';

  // Each level of the chain is drawn by its kind: tabs across the top (a tab's menu as
  // a drop-down there), versions and languages as switchers in the top bar (leading to
  // the same page in the other one when it has it), products, dropdowns and other menus
  // as pickers at the top of the sidebar, anchors as links there. On small screens the
  // sidebar (the mobile menu) holds the tabs and switchers too.
  let tabsHtml = '';
  const anchors: { label: string; href: string; icon?: string; current?: boolean; description?: string }[] = pageGlobalLinks(nav, chain).map((g) => {
    // Written as site paths (`/changelog`) like navbar links: made relative, and marked on their own page.
    const to = link(g.href);
    return { ...g, href: to, current: to === href(page) };
  });
  const switchers: Switcher[] = [];
  const sidebarTop: string[] = [];
  let level = nav.sections;
  for (let i = 0; level.length > 0; i++) {
    const active = chain[i];
    const kind = (active ?? level[0]).kind;
    const siblings = level.filter((s) => s.kind === kind && (!s.hidden || s === active));
    const same = (s: NavSection) => {
      const to = s.href ? undefined : equivalentPage(page, active, s, model.pages);
      return to ? href(to) : target(s);
    };
    if (kind === 'tab') {
      tabsHtml = renderTabs(siblings, chain, target, icon, ui);
      sidebarTop.push(renderSidebarTabs(siblings, chain, target, icon, ui));
    } else if (kind === 'menu' && (chain[i - 1]?.kind === 'tab' || chain[i - 1]?.kind === 'product')) {
      // drawn with its tab (tab bar, small-screen tab list) or as columns in the product switcher
    } else if (kind === 'product' && hasSidebar) {
      sidebarTop.push(renderSidebarPicker('product', 'product', siblings.map((s) => ({ ...menuEntry(s, chain, same), columns: productColumns(s, chain, target, model.pages, href, page) })), icon));
    } else if (SECTION_SWITCHERS.has(kind) && active) {
      switchers.push({ sections: siblings, active, target: same });
    } else if (kind === 'dropdown' || kind === 'menu') {
      sidebarTop.push(renderSidebarPicker(`${kind}-${i}`, kind, siblings.map((s) => menuEntry(s, chain, target)), icon));
    } else for (const s of siblings) anchors.push({ label: s.label, href: target(s), icon: s.icon, current: s === active, description: s.description });
    if (!active) break;
    level = active.sections;
  }

  const innermost = chain[chain.length - 1];
  const treeNodes = innermost ? innermost.children : nav.root;
  // Hrefs from a page depend only on its folder (pageHref).
  const folder = fromPage.slice(0, Math.max(0, fromPage.lastIndexOf('/')));
  const sidebarTree = sidebarTreeFor(treeNodes, { current: page, pages: model.pages, href, link, icon }, folder);
  const sidebar = hasSidebar ? `<aside class="sidebar" id="sidebar" aria-label="${escapeAttr(ui.navigation)}"><div class="sidebar-inner" id="sidebar-content">${renderMobileSwitchers(switchers, icon)}${sidebarTop.join('')}${renderAnchors(anchors, icon)}${sidebarTree}${renderMobileLinks(view, link)}</div></aside><div class="sidebar-backdrop" data-menu-close></div>` : '';

  const trail = [...chain.filter((s) => s.kind === 'tab' || s.kind === 'anchor' || s.kind === 'dropdown' || s.kind === 'menu').map((s) => s.label), ...(groupTrail(treeNodes, page) ?? [])];
  const { prev: prevPage, next: nextPage } = options.basePath !== undefined || meta?.hidePager || mode === 'custom' || mode === 'frame' ? {} : neighbours(page, chain, model.pages, orderIndex(model));
  const pager = renderPrevNext(
    prevPage ? { href: href(prevPage), title: model.pages[prevPage].title } : undefined,
    nextPage ? { href: href(nextPage), title: model.pages[nextPage].title } : undefined,
    ui,
  );

  const description = rendered.description ?? meta?.description;
  const toc = mode || rendered.sideColumn ? '' : renderToc(rendered.headings, ui, rendered.tocTop);
  const homeHref = model.pages.index ? href('index') : model.order[0] ? href(model.order[0]) : `${root}index.html`;
  const deprecated = meta?.deprecated ? ` <span class="nav-tag page-deprecated">${escapeHtml(ui.deprecated)}</span>` : '';
  // Custom and frame pages are a blank canvas: no title block (Mintlify's organize/pages.mdx).
  const headerHtml = mode === 'custom' || mode === 'frame' ? '' : `<header class="page-header" id="header">${renderBreadcrumbs(trail, ui)}<h1 class="page-title" id="page-title">${escapeHtml(rendered.title)}${deprecated}</h1>` +
    (description ? `<p class="page-description">${escapeHtml(description)}</p>` : '') + `</header>`;
  const layoutClass = `layout${toc ? '' : ' no-toc'}${hasSidebar ? '' : ' no-sidebar'}${mode ? ` mode-${mode}` : ''}`;

  const before = '<!doctype html>\n' +
    `<html lang="${escapeAttr(language ? languageTag(language.label) : 'en')}" data-appearance="${escapeAttr(model.config.appearance.default)}"${model.config.appearance.strict ? ' data-strict' : ''}>` +
    renderHead(model, rendered, root, options, description, trail) +
    `<body data-page="${escapeAttr(page)}" data-root="${escapeAttr(root || './')}"${model.searchPath ? ` data-search="${escapeAttr(model.searchPath)}" data-search-scope="${escapeAttr(pageSearchScope(nav, page).id)}"` : ''}${options.mermaid && model.assets.mermaidJs ? ` data-mermaid-src="${escapeAttr(model.assets.mermaidJs)}"` : ''}>` +
    `<a class="skip-link" href="#content">${escapeHtml(ui.skipToContent)}</a>` +
    renderBanner(view.config.banner, ui) +
    renderTopBar({ model: view, root, homeHref, switchers, hasSidebar, link, ui, icon }) +
    tabsHtml +
    `<div class="${layoutClass}" id="body-content">${sidebar}` +
    `<main id="content-area" class="page">${headerHtml}${BODY_OPEN}`;
  const after = `</article>${pager}</main>` +
    (toc ? `<aside class="toc-column" id="table-of-contents-layout">${toc}</aside>` : '') +
    `</div>` + (mode === 'custom' ? '' : renderFooter(view, link)) + renderSearchDialog(model, ui) + uiScriptData(ui) + `</body></html>\n`;
  return { before, after };
}

function renderHead(model: SiteModel, rendered: LayoutInput, root: string, options: LayoutOptions, description: string | undefined, trail: string[]): string {
  const { config, assets } = model;
  const title = rendered.title === config.name ? config.name : `${rendered.title} - ${config.name}`;
  // 404.html answers at any address: it has no canonical URL of its own.
  const canonical = options.basePath === undefined ? pageCanonical(model, rendered.page) : undefined;
  const noindex = rendered.frontmatter.noindex === true || !!model.pages[rendered.page]?.noindex || options.basePath !== undefined;
  return '<head><meta charset="utf-8">' +
    (options.basePath !== undefined ? `<base href="${escapeAttr(options.basePath)}">` : '') +
    `<title>${escapeHtml(title)}</title>` +
    (canonical ? `<link rel="canonical" href="${escapeAttr(canonical)}">` : '') +
    renderMetaTags(model, { title: rendered.title, description, frontmatter: rendered.frontmatter, noindex, canonical }) +
    renderStructuredData(model, { title: rendered.title, description, frontmatter: rendered.frontmatter, noindex, canonical, trail }) +
    // without a favicon, an empty one keeps browsers from asking the host for /favicon.ico
    `<link rel="icon" href="${assets.favicon ? escapeAttr(root + encodeURI(assets.favicon)) : 'data:,'}">` +
    `<link rel="stylesheet" href="${escapeAttr(root + assets.css)}">` +
    (options.math && assets.katexCss ? `<link rel="stylesheet" href="${escapeAttr(root + assets.katexCss)}">` : '') +
    `<script src="${escapeAttr(root + assets.js)}"></script>` + assets.headHtml +
    (assets.scripts ?? []).map((s) => `<script src="${escapeAttr(root + encodeURI(s))}" defer></script>`).join('') + '</head>';
}
