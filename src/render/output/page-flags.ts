/**
 * What a page's frontmatter and its place in the navigation decide about it, as
 * Mintlify's organize/hidden-pages.mdx and organize/pages.mdx describe: whether the
 * sidebar shows it, whether it says `noindex`, whether the sitemap lists it and site
 * search finds it, its layout `mode`, a sidebar `url` and `hideFooterPagination`.
 *
 * | page                               | sidebar | search | sitemap | noindex meta |
 * | `hidden: true`                     | no      | no     | no      | yes          |
 * | only in hidden groups/divisions    | no      | no     | no      | no           |
 * |   ...one of them `searchable: true`| no      | yes    | yes     | no           |
 * | not in the navigation              | no      | no     | no      | no           |
 * | `noindex: true`, `robots: noindex`  | yes     | no     | no      | yes          |
 * | `searchable: false`                | yes     | no     | yes     | no           |
 * `boost` (frontmatter, else the nearest group's) multiplies a searchable page's search score.
 * `seo.indexing: "all"` puts hidden and unlisted pages in search and the sitemap (not `noindex` ones).
 * A `canonical` that is an absolute http(s) URL replaces the page's own (layout/head-meta.ts).
 */
import type { Diagnostic, Frontmatter, NavNode, NavSection, Navigation, SiteConfig } from '../types.js';
import type { SitePage } from '../layout/site-model.js';
import { frontmatterKeyLine } from './read-frontmatter.js';
import { httpUrl, isMetaKey, isPageTagKey } from '../config/seo.js';

/** How the navigation lists a page: only under hidden groups or divisions, and whether one of those is searchable. */
export interface NavListing {
  hiddenOnly: boolean;
  searchable: boolean;
  /** `boost` of the nearest group that sets one (where the page is first listed). */
  boost?: number;
}

/** Every page the navigation names, with how it is listed. */
export function navListings(nav: Navigation): Map<string, NavListing> {
  const out = new Map<string, NavListing>();
  const add = (page: string, hidden: boolean, searchable: boolean, boost: number | undefined) => {
    const known = out.get(page);
    if (!known) out.set(page, { hiddenOnly: hidden, searchable: hidden && searchable, ...(boost !== undefined ? { boost } : {}) });
    else out.set(page, { ...known, hiddenOnly: known.hiddenOnly && hidden, searchable: known.searchable || (hidden && searchable) });
  };
  const nodes = (list: NavNode[], hidden: boolean, searchable: boolean, boost?: number) => {
    for (const n of list) {
      if (n.kind === 'page') add(n.page, hidden, searchable, boost);
      else if (n.kind === 'group') nodes(n.children, hidden || !!n.hidden, searchable || !!n.searchable, n.boost ?? boost);
    }
  };
  const sections = (list: NavSection[], hidden: boolean, searchable: boolean) => {
    for (const s of list) {
      const h = hidden || !!s.hidden;
      const q = searchable || !!s.searchable;
      nodes(s.children, h, q);
      sections(s.sections, h, q);
    }
  };
  nodes(nav.root, false, false);
  sections(nav.sections, false, false);
  return out;
}

const MODES = new Set(['wide', 'custom', 'frame', 'center']);

/** Frontmatter Mintlify documents that a static export cannot apply, with why. */
const NOT_APPLIED: Record<string, string> = {
  groups: 'access groups need authentication, which a static export does not have: the page is public',
  related: 'related pages are a hosted add-on',
  contextual: 'the contextual menu is not part of the static site',
};

export type PageFlags = Pick<SitePage, 'hidden' | 'noindex' | 'searchable' | 'listed' | 'url' | 'mode' | 'hidePager' | 'boost' | 'canonical'>;

/** The flags of one page; a frontmatter value the export cannot apply is reported against `file`. */
export function pageFlags(fm: Frontmatter, listing: NavListing | undefined, config: SiteConfig, file: string | undefined, diagnostics: Diagnostic[], source = ''): PageFlags {
  const all = config.seo.indexing === 'all';
  const hiddenByPage = fm.hidden === true;
  const hidden = hiddenByPage || !!listing?.hiddenOnly;
  // A page whose own robots tag says noindex (or none: noindex, nofollow) is one, as `noindex: true`.
  const noindex = fm.noindex === true || (typeof fm.robots === 'string' && /\b(noindex|none)\b/i.test(fm.robots)) || (hiddenByPage && !all);
  const listed = !noindex && (all || (!!listing && (!hidden || (!hiddenByPage && listing.searchable))));
  const flags: PageFlags = { hidden, noindex, listed, searchable: listed && fm.searchable !== false };
  if (typeof fm.url === 'string' && fm.url.trim()) flags.url = fm.url.trim();
  // optimize/search.mdx: frontmatter `boost` wins over the nearest group's; any positive number.
  const boost = typeof fm.boost === 'number' && Number.isFinite(fm.boost) && fm.boost > 0 ? fm.boost : listing?.boost;
  if (fm.boost !== undefined && boost !== fm.boost && file) {
    diagnostics.push({ severity: 'warning', file, line: 1, message: `${file}: frontmatter boost ${JSON.stringify(fm.boost)} is not a positive number (ignored)` });
  }
  if (boost !== undefined && boost !== 1 && flags.searchable) flags.boost = boost;
  if (fm.hideFooterPagination === true) flags.hidePager = true;
  const canonical = httpUrl(fm.canonical);
  if (canonical) flags.canonical = canonical;
  if (file) {
    metaDiagnostics(fm, canonical, file, source, diagnostics);
    for (const key of Object.keys(NOT_APPLIED)) {
      if (fm[key] !== undefined) diagnostics.push({ severity: 'warning', file, line: frontmatterKeyLine(source, key), message: `${file}: frontmatter ${key} is not applied (${NOT_APPLIED[key]})` });
    }
  }
  if (typeof fm.mode === 'string' && fm.mode !== 'default') {
    if (MODES.has(fm.mode)) flags.mode = fm.mode as PageFlags['mode'];
    else if (file) {
      const why = fm.mode === 'assistant' ? 'the assistant is a hosted service a static export does not have' : 'expected default, wide, custom, frame or center';
      diagnostics.push({ severity: 'warning', file, line: frontmatterKeyLine(source, 'mode'), message: `${file}: frontmatter mode "${fm.mode}" is not applied (${why}); the page uses the standard layout` });
    }
  }
  return flags;
}

/** Page meta tags the head leaves out (layout/head-meta.ts), reported with their line: a canonical that is not an absolute http(s) URL, a tag key that is not a plain token. */
function metaDiagnostics(fm: Frontmatter, canonical: string | undefined, file: string, source: string, diagnostics: Diagnostic[]): void {
  if (fm.canonical != null && !canonical) {
    diagnostics.push({ severity: 'warning', file, line: frontmatterKeyLine(source, 'canonical'), message: `${file}: frontmatter canonical ${JSON.stringify(fm.canonical)} is not an absolute http(s) URL (ignored)` });
  }
  for (const key of Object.keys(fm)) {
    if (isPageTagKey(key) && !isMetaKey(key)) {
      diagnostics.push({ severity: 'warning', file, line: frontmatterKeyLine(source, JSON.stringify(key)), message: `${file}: frontmatter ${JSON.stringify(key)} is not a meta tag name (letters, digits, ".", ":", "-", "_"); the tag is left out` });
    }
  }
}
