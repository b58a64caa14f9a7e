/**
 * The navigation's drop-down menus, one pattern for all of them: a tab's `menu` in the
 * tab bar, the product and dropdown pickers at the top of the sidebar, the version
 * and language switchers in the top bar. Each is a disclosure (WAI-ARIA "disclosure
 * navigation menu"): a <button> with aria-expanded and aria-controls, and a list of
 * plain links. The site script opens it on click, closes it on Escape, on a click
 * elsewhere and when focus leaves (browser/nav-menus.ts); without the script, CSS
 * opens it while it is hovered or holds the focus, so every link stays reachable.
 */
import { escapeAttr, escapeHtml } from './escape.js';
import { uiIcon } from './ui-icons.js';

export interface MenuEntry {
  /** The entry's text, already HTML (a version's tag is markup). */
  labelHtml: string;
  href: string;
  icon?: string;
  description?: string;
  current?: boolean;
  /** A language code: the link says `lang` and `hreflang`. */
  lang?: string;
  /** Leads off the site (a section with `href`): drawn with an outward arrow. */
  external?: boolean;
  /** A product's `menu` items, drawn as columns under the entry (each column its item and `links`). */
  columns?: MenuEntry[];
  /** A column's links (its groups and pages). */
  links?: MenuEntry[];
}

export interface NavMenu {
  /** Unique in the page: the menu list's id is `nav-menu-${id}`. */
  id: string;
  /** Extra classes of the wrapper (`nav-menu-product`, `switcher switcher-language`). */
  className: string;
  /** The button's content, HTML (icon, label); the chevron is added. */
  buttonHtml: string;
  /** Extra attributes of the button, written as given (`aria-current="true"`). */
  buttonAttrs?: string;
  /** Extra classes of the button (`section-tab`). */
  buttonClass?: string;
  entries: MenuEntry[];
  icon: (name: string) => string;
}

/** An entry's link: icon, label, description, and an outward arrow when it leaves the site. */
function linkHtml(e: MenuEntry, icon: (name: string) => string): string {
  const lang = e.lang ? ` hreflang="${escapeAttr(e.lang)}" lang="${escapeAttr(e.lang)}"` : '';
  const img = e.icon ? `<span class="nav-menu-icon">${icon(e.icon)}</span>` : '';
  const description = e.description ? `<span class="nav-menu-description">${escapeHtml(e.description)}</span>` : '';
  const out = e.external ? uiIcon('arrow-up-right', 'icon nav-menu-external') : '';
  return `<a class="nav-menu-item" href="${escapeAttr(e.href)}"${lang}${e.current ? ' aria-current="true"' : ''}>` +
    `${img}<span class="nav-menu-text"><span class="nav-menu-label">${e.labelHtml}</span>${description}</span>${out}</a>`;
}

function entryHtml(e: MenuEntry, icon: (name: string) => string): string {
  if (!e.columns?.length) return `<li>${linkHtml(e, icon)}</li>`;
  // A product with a `menu`: its items side by side under it, each with its groups and pages.
  const columns = e.columns.map((c) => {
    const links = (c.links ?? []).map((l) => `<li><a class="nav-menu-link" href="${escapeAttr(l.href)}"${l.current ? ' aria-current="true"' : ''}>${l.labelHtml}</a></li>`).join('');
    return `<div class="nav-menu-column">${linkHtml(c, icon)}${links ? `<ul>${links}</ul>` : ''}</div>`;
  });
  return `<li class="nav-menu-has-columns">${linkHtml(e, icon)}<div class="nav-menu-columns">${columns.join('')}</div></li>`;
}

/** One menu: the button and its list, closed. */
export function renderNavMenu(m: NavMenu): string {
  const listId = `nav-menu-${m.id}`;
  const items = m.entries.map((e) => entryHtml(e, m.icon)).join('');
  const wide = m.entries.some((e) => e.columns?.length) ? ' nav-menu-list-wide' : '';
  return `<div class="nav-menu ${m.className}" data-nav-menu>` +
    `<button type="button" class="nav-menu-button${m.buttonClass ? ` ${m.buttonClass}` : ''}" aria-expanded="false" aria-controls="${escapeAttr(listId)}"${m.buttonAttrs ? ` ${m.buttonAttrs}` : ''}>` +
    `${m.buttonHtml}${uiIcon('chevron-down', 'icon nav-menu-chevron')}</button>` +
    `<ul class="nav-menu-list${wide}" id="${escapeAttr(listId)}">${items}</ul></div>`;
}

/**
 * A picker at the top of the sidebar (products, dropdowns): the button shows the
 * current entry's icon (else `lead`), name and description, as Mintlify's product
 * switcher does.
 */
export function renderSidebarPicker(id: string, kind: string, entries: MenuEntry[], icon: (name: string) => string, lead = ''): string {
  const active = entries.find((e) => e.current) ?? entries[0];
  if (!active) return '';
  const shown = active.icon ? icon(active.icon) : lead;
  const img = shown ? `<span class="nav-menu-icon">${shown}</span>` : '';
  const description = active.description ? `<span class="nav-menu-description">${escapeHtml(active.description)}</span>` : '';
  return renderNavMenu({
    id,
    className: `nav-picker nav-picker-${kind}`,
    buttonHtml: `${img}<span class="nav-menu-text"><span class="nav-menu-label">${active.labelHtml}</span>${description}</span>`,
    entries,
    icon,
  });
}
