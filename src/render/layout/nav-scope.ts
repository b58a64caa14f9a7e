/**
 * Products, versions and languages split one docs.json into sites of their own: a
 * page's previous/next links stay inside its product, version and language (Mintlify
 * never leads from a French page to an English one, or from v2 to v1), its
 * `<html lang>` and interface words come from its language, and the switchers lead to
 * the same page in the other language or version when there is one.
 */
import type { LinkItem, NavSection, Navigation } from '../types.js';
import { sectionPages, sectionPrefix } from './nav-tree.js';
import type { SitePage } from './site-model.js';

const SCOPES = new Set<NavSection['kind']>(['product', 'version', 'language']);

/** The innermost product, version or language on a page's chain: the site it belongs to. */
export function pageScope(chain: NavSection[]): NavSection | undefined {
  for (let i = chain.length - 1; i >= 0; i--) if (SCOPES.has(chain[i].kind)) return chain[i];
  return undefined;
}

/** The page's language section, if the site has languages. */
export function pageLanguage(chain: NavSection[]): NavSection | undefined {
  return chain.find((s) => s.kind === 'language');
}

/**
 * The `global` links drawn on a page: those of the innermost division on its chain that
 * writes `global`, else `navigation.global`. Mintlify's schema takes `global` on every
 * division but its docs do not say how it meets the site's: here a division's own links
 * replace the site's on its pages (a language's links are mostly the site's translated,
 * which side by side would show each link twice).
 */
export function pageGlobalLinks(nav: Navigation, chain: NavSection[]): LinkItem[] {
  for (let i = chain.length - 1; i >= 0; i--) if (chain[i].global) return chain[i].global!;
  return nav.global;
}

const orders = new WeakMap<NavSection, { order: string[]; index: Map<string, number> }>();

/** Visible pages of one scope in reading order, with each page's first position (once per scope). */
function scopeOrder(scope: NavSection, pages: Record<string, SitePage>): { order: string[]; index: Map<string, number> } {
  let known = orders.get(scope);
  if (!known) {
    const order = [...new Set(sectionPages(scope, pages))];
    known = { order, index: new Map(order.map((p, i) => [p, i])) };
    orders.set(scope, known);
  }
  return known;
}

/**
 * Previous and next pages of `page` inside its scope; `siteOrder` (the whole site's
 * reading order, with its index) when the page is in no product, version or language.
 */
export function neighbours(page: string, chain: NavSection[], pages: Record<string, SitePage>, site: { order: string[]; index: Map<string, number> }): { prev?: string; next?: string } {
  const scope = pageScope(chain);
  const { order, index } = scope ? scopeOrder(scope, pages) : site;
  const i = index.get(page);
  if (i === undefined) return {};
  return { prev: i > 0 ? order[i - 1] : undefined, next: i < order.length - 1 ? order[i + 1] : undefined };
}

/**
 * Where a switcher entry leads from `page`: the same page when the other section
 * lists it, else the page at the same place under the other section's folder
 * (`es/quickstart` -> `fr/quickstart` or `quickstart`), else undefined (its first page).
 */
export function equivalentPage(page: string, from: NavSection | undefined, to: NavSection, pages: Record<string, SitePage>): string | undefined {
  const listed = scopeOrder(to, pages).index;
  if (listed.has(page)) return page;
  const fromPrefix = from ? sectionPrefix(from) : null;
  const bare = fromPrefix && page.startsWith(fromPrefix + '/') ? page.slice(fromPrefix.length + 1) : page;
  const toPrefix = sectionPrefix(to);
  const candidate = toPrefix ? `${toPrefix}/${bare}` : bare;
  return listed.has(candidate) ? candidate : undefined;
}
