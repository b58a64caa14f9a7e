/**
 * Redirects in the output: `redirects.json` (every rule, wildcards included, for a
 * host server that can answer with a real 301/302) and, for each exact source, a
 * small HTML page at `source.html` that sends the browser on (meta refresh plus a
 * canonical link and a plain link for browsers without refresh).
 */
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

export function redirectsJson(redirects: Redirect[]): string {
  const rules = redirects.map((r) => ({ source: r.source, destination: r.destination, permanent: r.permanent }));
  return JSON.stringify(rules, null, 2) + '\n';
}

/**
 * The HTML page of one redirect written at `sourcePage`. Internal destinations become
 * relative hrefs to the target page when it exists (else the path as written).
 */
export function redirectPage(sourcePage: string, destination: string, pages: ReadonlySet<string>, baseUrl?: string, favicon?: string): string {
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
    canonical = target ? (canonicalUrl(baseUrl, target) ?? href) : href;
  }
  const h = escapeAttr(href);
  return '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<title>Redirecting…</title><meta http-equiv="refresh" content="0; url=${h}">` +
    `<link rel="canonical" href="${escapeAttr(canonical)}"><meta name="robots" content="noindex">` +
    // an explicit icon keeps browsers from asking the host root for /favicon.ico
    `<link rel="icon" href="${favicon ? escapeAttr(encodePath(relativeHref(pageOutputFile(sourcePage), favicon))) : 'data:,'}"></head>` +
    `<body><p>This page has moved to <a href="${h}">${escapeHtml(destination)}</a>.</p></body></html>\n`;
}
