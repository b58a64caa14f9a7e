/**
 * Redirects in the output: `redirects.json` (every rule, wildcards included, for a
 * host server that can answer with a real 301/302) and a small HTML page that sends the
 * browser on (meta refresh plus a canonical link and a plain link for browsers without
 * refresh) at each exact source and at each path a pattern rule (`/beta/:slug*`,
 * `/old/:page`, `/api-reference/*`) sends to a page of the site, so any static host
 * answers them too. Patterns are matched by `quire host`'s own matcher (RedirectTable).
 */
import { RedirectTable, type RedirectRule } from '../../host/redirects.js';
import type { Redirect } from '../types.js';
import { escapeAttr, escapeHtml, isExternalHref, safeUrl } from '../layout/escape.js';
import { toRootPath, findPage } from './resolve-links.js';
import { canonicalUrl, encodePath, pageHref, pageOutputFile, relativeHref } from './page-paths.js';

const PATTERN = /[:*]/;

/** Page path (no leading slash, no extension) a redirect source is written to, or null for patterns. */
export function redirectSourcePage(source: string): string | null {
  if (PATTERN.test(source)) return null;
  const path = toRootPath(source.replace(/[?#].*$/, ''), 'index').replace(/\.(html|mdx?)$/i, '');
  return path === '' ? null : path;
}

/** Source paths of pattern rules are enumerated only this far (a pattern like `/:a/:b*` over every page). */
const MAX_PATTERN_STUBS = 20_000;

/**
 * The redirect pages to write: page path -> destination. Exact sources as written; for a
 * pattern rule, the paths it sends to an existing page, found by running the rule
 * backwards over the pages (`/beta/:slug*` -> `/v2/:slug*` and page `v2/intro` give
 * `beta/intro`); the destination of each is what the whole table answers for it (an
 * earlier rule wins, as in `quire host`). A rule whose destination does not name every
 * parameter of its source (`/mdx/:slug*` -> `/mdx-setup`) has no paths to enumerate:
 * links to it resolve through resolveLink instead. Paths that are pages are never replaced.
 */
export function redirectStubs(redirects: readonly Redirect[], pages: ReadonlySet<string>): Map<string, string> {
  const stubs = new Map<string, string>();
  const exact = new Map<string, string>();
  for (const r of redirects) {
    const source = redirectSourcePage(r.source);
    if (source !== null && !exact.has(source)) exact.set(source, r.destination);
  }
  const rules: RedirectRule[] = redirects.filter((r) => r.source.startsWith('/')).map((r) => ({ source: r.source, destination: r.destination, permanent: r.permanent }));
  const table = new RedirectTable(rules);
  // Each page's paths, by the page's first segment (which its folder path shares), made once for
  // all rules: a rule tries only the pages under its destination's first literal segment, in
  // site order still (rules x pages took ~0.03 s of every warm export of Mintlify's docs).
  let byFirst: Map<string, PagePaths[]> | undefined;
  const all: PagePaths[] = [];
  for (const r of rules) {
    if (!PATTERN.test(r.source) || isExternalHref(r.destination) || !r.destination.startsWith('/')) continue;
    const target = r.destination.replace(/[?#].*$/, '');
    const backwards = new RedirectTable([{ source: target, destination: r.source, permanent: true }]);
    const head = literalHead(target);
    // Only a path under the destination's literal segments can match it: the others are not tried
    // (rules x pages matches took ~0.3 s of every export of Mintlify's docs).
    const under = (path: string) => head === '' || path === head || path.startsWith(`${head}/`);
    byFirst ??= pagesByFirstSegment(pages, all);
    const candidates = head === '' ? all : byFirst.get(head.slice(1).split('/', 1)[0]) ?? [];
    for (const { path, folder } of candidates) {
      if (stubs.size >= MAX_PATTERN_STUBS) break;
      if (!under(path) && !(folder && under(folder))) continue;
      const hit = backwards.match(path, '') ?? (folder ? backwards.match(folder, '') : null);
      if (!hit || PATTERN.test(hit.location)) continue;
      const source = redirectSourcePage(decodePath(hit.location));
      if (source === null || pages.has(source) || stubs.has(source) || exact.has(source)) continue;
      const forward = table.match(`/${source}`, '');
      if (forward && !isExternalHref(forward.location)) stubs.set(source, decodePath(forward.location));
    }
  }
  for (const [source, destination] of exact) if (!pages.has(source)) stubs.set(source, destination);
  return stubs;
}

/** The paths a rule may match a page by: its own, and its folder's for a folder's index page. */
interface PagePaths {
  path: string;
  folder: string | undefined;
}

/** Every page's paths into `all` (in site order), and grouped by the page's first segment. */
function pagesByFirstSegment(pages: ReadonlySet<string>, all: PagePaths[]): Map<string, PagePaths[]> {
  const groups = new Map<string, PagePaths[]>();
  for (const page of pages) {
    const paths: PagePaths = { path: page === 'index' ? '/' : `/${page}`, folder: page.endsWith('/index') ? `/${page.slice(0, -6)}` : undefined };
    all.push(paths);
    const first = page.split('/', 1)[0];
    const group = groups.get(first);
    if (group) group.push(paths);
    else groups.set(first, [paths]);
  }
  return groups;
}

/**
 * The segments of a rule's source before its first parameter or `*`, as a path (`/v2` for
 * `/v2/:slug*`; the whole path when all are literal), or '' when there are none: any path
 * the rule matches starts with it (literal segments match only themselves).
 */
function literalHead(source: string): string {
  const segments = source.split('/').slice(1);
  const literal: string[] = [];
  for (const segment of segments) {
    if (segment === '' || /[:*]/.test(segment)) break;
    literal.push(segment);
  }
  return literal.length === 0 ? '' : `/${literal.join('/')}`;
}

/** A Location back to a page path (RedirectTable percent-encodes each segment it fills). */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // not percent-encoded as a whole: matched as written
  }
}

export function redirectsJson(redirects: Redirect[]): string {
  const rules = redirects.map((r) => ({ source: r.source, destination: r.destination, permanent: r.permanent }));
  return JSON.stringify(rules, null, 2) + '\n';
}

/** Redirect hops followed from one stub before giving up (a chain this long is a mistake). */
const MAX_HOPS = 10;

/**
 * Where a chain of redirects ends: a destination that is itself the source of another
 * redirect (`/a` -> `/b`, `/b` -> `/c`, real sites keep such chains as pages move twice)
 * is followed, so the stub sends the reader to the page in one step. A cycle or an
 * overlong chain stops where it is. The first fragment met is kept.
 */
export function finalDestination(destination: string, pages: ReadonlySet<string>, stubs: ReadonlyMap<string, string>): string {
  let current = destination;
  const seen = new Set<string>();
  for (let hop = 0; hop < MAX_HOPS && !isExternalHref(current); hop++) {
    const hash = current.indexOf('#');
    const path = toRootPath(hash >= 0 ? current.slice(0, hash) : current, 'index');
    if (findPage(path, pages) || seen.has(path)) break;
    seen.add(path);
    const next = stubs.get(path.replace(/\.(html|mdx?)$/i, ''));
    if (next === undefined) break;
    current = hash >= 0 && !next.includes('#') ? `${next}${current.slice(hash)}` : next;
  }
  return current;
}

/** What a redirect page takes from the site. */
export interface RedirectSite {
  baseUrl?: string;
  favicon?: string;
  trailingSlash?: boolean;
}

/**
 * The HTML page of one redirect written at `sourcePage`. Internal destinations become
 * relative hrefs to the target page when it exists (else the path as written), through
 * any chain of other redirects (`stubs`, see finalDestination). `site`: the export's base URL
 * (for the canonical link), its favicon and docs.json's `seo.trailingSlash`.
 */
export function redirectPage(sourcePage: string, written: string, pages: ReadonlySet<string>, site: RedirectSite = {}, stubs: ReadonlyMap<string, string> = new Map()): string {
  const { baseUrl, favicon, trailingSlash } = site;
  const destination = finalDestination(written, pages, stubs);
  let href: string;
  let canonical: string;
  if (isExternalHref(destination)) {
    href = safeUrl(destination);
    canonical = href;
  } else {
    const hash = destination.indexOf('#');
    const fragment = hash >= 0 ? destination.slice(hash + 1) : '';
    const target = findPage(toRootPath(hash >= 0 ? destination.slice(0, hash) : destination, 'index'), pages);
    href = target ? pageHref(sourcePage, target, fragment) : safeUrl(destination);
    canonical = target ? (canonicalUrl(baseUrl, target, trailingSlash) ?? href) : href;
  }
  const h = escapeAttr(href);
  return '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<title>Redirecting…</title><meta http-equiv="refresh" content="0; url=${h}">` +
    `<link rel="canonical" href="${escapeAttr(canonical)}"><meta name="robots" content="noindex">` +
    // an explicit icon keeps browsers from asking the host root for /favicon.ico
    `<link rel="icon" href="${favicon ? escapeAttr(encodePath(relativeHref(pageOutputFile(sourcePage), favicon))) : 'data:,'}"></head>` +
    `<body><p>This page has moved to <a href="${h}">${escapeHtml(destination)}</a>.</p></body></html>\n`;
}
