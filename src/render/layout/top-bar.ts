/**
 * The top bar: menu button (mobile), logo (light and dark variants) or site name,
 * version/language switchers, navbar links, the primary button, the search button
 * and the light/dark toggle (left out when the appearance is strict).
 */
import type { NavSection } from '../types.js';
import { escapeAttr, escapeHtml, safeUrl } from './escape.js';
import type { SiteModel } from './site-model.js';
import { uiIcon } from './ui-icons.js';
import { uiStrings, type UiStrings } from './ui-strings.js';
import { languageName, languageTag } from '../config/languages.js';
import { renderNavMenu, renderSidebarPicker, type MenuEntry } from './nav-menus.js';

/** A switcher between sibling sections (versions, languages): where each one leads from this page. */
export interface Switcher {
  sections: NavSection[];
  active: NavSection;
  target(s: NavSection): string;
}

export interface TopBarContext {
  model: SiteModel;
  /** Turns a configured href into the one to write. @default safeUrl */
  link?: (href: string) => string;
  /** Prefix from the current file back to the output root (`../`). */
  root: string;
  /** Href of the site's home page from the current file. */
  homeHref: string;
  /** Version/language switchers: the sibling sections and the active one. */
  switchers: Switcher[];
  hasSidebar: boolean;
  /** The interface words of the page's language. @default English */
  ui?: UiStrings;
  /** Renders an icon name written by the author. @default uiIcon */
  icon?: (name: string) => string;
}

/** What a switcher shows for a section: a language's own name, a version with its tag. */
function switcherLabel(sec: NavSection): string {
  const label = escapeHtml(sec.kind === 'language' ? languageName(sec.label) : sec.label);
  return sec.tag ? `${label} <span class="nav-tag">${escapeHtml(sec.tag)}</span>` : label;
}

function logo(ctx: TopBarContext): string {
  const { config, assets } = ctx.model;
  const name = escapeHtml(config.name);
  const light = assets.logoLight ?? assets.logoDark;
  const dark = assets.logoDark ?? assets.logoLight;
  const href = config.logo?.href ? safeUrl(config.logo.href) : ctx.homeHref;
  if (!light || !dark) return `<a class="brand nav-logo" href="${escapeAttr(href)}"><span class="brand-name">${name}</span></a>`;
  return `<a class="brand nav-logo" href="${escapeAttr(href)}" aria-label="${escapeAttr(config.name)}">` +
    `<img class="logo logo-light" src="${escapeAttr(ctx.root + encodeURI(light))}" alt="${name}">` +
    `<img class="logo logo-dark" src="${escapeAttr(ctx.root + encodeURI(dark))}" alt="${name}"></a>`;
}

/** A switcher's entries: every sibling section, the active one marked, languages with their tag. */
function switcherEntries(s: Switcher): MenuEntry[] {
  return s.sections.map((sec) => ({
    labelHtml: switcherLabel(sec),
    href: s.target(sec),
    current: sec === s.active,
    ...(sec.icon ? { icon: sec.icon } : {}),
    ...(sec.kind === 'language' ? { lang: languageTag(sec.label) } : {}),
    ...(sec.description ? { description: sec.description } : {}),
    ...(sec.href ? { external: true } : {}),
  }));
}

function switcher(s: Switcher, icon: (name: string) => string): string {
  const lead = s.active.kind === 'language' ? uiIcon('languages') : '';
  return renderNavMenu({
    id: s.active.kind,
    className: `switcher switcher-${s.active.kind}`,
    buttonHtml: `${lead}<span>${switcherLabel(s.active)}</span>`,
    entries: switcherEntries(s),
    icon,
  });
}

/**
 * The switchers again at the top of the sidebar, shown only on small screens, where
 * the top bar has no room for them (theme: `.sidebar-switchers`).
 */
export function renderMobileSwitchers(switchers: Switcher[], icon: (name: string) => string): string {
  if (switchers.length === 0) return '';
  const pickers = switchers.map((s) =>
    renderSidebarPicker(`sidebar-${s.active.kind}`, s.active.kind, switcherEntries(s), icon, s.active.kind === 'language' ? uiIcon('languages') : ''));
  return `<div class="sidebar-switchers">${pickers.join('')}</div>`;
}

export function renderTopBar(ctx: TopBarContext): string {
  const { config } = ctx.model;
  const ui = ctx.ui ?? uiStrings();
  const link = ctx.link ?? safeUrl;
  const links = config.navbar.links
    .map((l) => `<li><a href="${escapeAttr(link(l.href))}">${escapeHtml(l.label)}</a></li>`)
    .join('');
  const primary = config.navbar.primary
    ? `<a class="button-primary" href="${escapeAttr(link(config.navbar.primary.href))}">${escapeHtml(config.navbar.primary.label)}</a>`
    : '';
  const toggle = config.appearance.strict
    ? ''
    : `<button type="button" class="icon-button theme-toggle" data-theme-toggle aria-label="${escapeAttr(ui.toggleTheme)}">${uiIcon('sun', 'icon icon-sun')}${uiIcon('moon', 'icon icon-moon')}</button>`;
  const menu = ctx.hasSidebar
    ? `<button type="button" class="icon-button menu-button" data-menu-toggle aria-controls="sidebar" aria-expanded="false" aria-label="${escapeAttr(ui.openMenu)}">${uiIcon('menu')}</button>`
    : '';
  const search = ctx.model.searchPath
    ? `<button type="button" class="search-button" id="search-bar-entry" data-search-open aria-label="${escapeAttr(ui.search.replace(/…$/, ''))}">${uiIcon('search')}<span class="search-label">${escapeHtml(ui.search)}</span><kbd class="search-kbd">Ctrl K</kbd></button>`
    : '';
  return `<header class="topbar" id="navbar"><div class="topbar-inner">${menu}${logo(ctx)}${ctx.switchers.map((s) => switcher(s, ctx.icon ?? ((n) => uiIcon(n)))).join('')}` +
    `<div class="topbar-search">${search}</div>` +
    `<nav class="navbar" aria-label="${escapeAttr(ui.siteLinks)}"><ul class="navbar-links">${links}</ul>${primary}</nav>${toggle}</div></header>`;
}
