/**
 * Link and asset references written by an author, resolved through the PageContext:
 * internal hrefs to output hrefs, static files to output URLs (and recorded so the
 * output copies them), unsafe schemes refused, broken targets kept and reported.
 */
import { posix } from 'node:path';
import type { PageContext } from '../types.js';
import { urlAllowed } from './sanitize.js';
import { isRemoteUrl } from '../media/media-refs.js';

export interface LinkRecorder {
  broken(href: string, line?: number): void;
  asset(path: string): void;
  unsafe(url: string, line?: number): void;
  /** A media URL on another host, with its line (the export bundles or reports it: media/). */
  remote?(url: string, line?: number): void;
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

export function isExternal(url: string): boolean {
  return EXTERNAL.test(url);
}

/** An `<a href>`: null when the URL is unsafe and must be dropped. */
export function resolveHref(ctx: PageContext, url: string, rec: LinkRecorder, line?: number): string | null {
  const href = url.trim();
  if (!urlAllowed(href, 'href')) {
    rec.unsafe(href, line);
    return null;
  }
  if (href === '' || href.startsWith('#') || isExternal(href)) return href;
  const out = ctx.resolveLink(href, ctx.page);
  if (out === null) {
    rec.broken(href, line);
    return href;
  }
  // A link to a file of the site (a dataset, a PDF, an archive) copies that file into the
  // output, as an image reference does; a page's own source (.md, .mdx) is never copied.
  if (!PAGE_SOURCE.test(href.replace(/[?#].*$/, '')) && ctx.resolveAsset(href, ctx.page) !== null) {
    const path = assetPath(ctx, href);
    if (path !== null) rec.asset(path);
  }
  return out;
}

const PAGE_SOURCE = /\.mdx?$/i;

/** The docs-root-relative path of an asset reference, or null when it leaves the root. */
export function assetPath(ctx: PageContext, ref: string): string | null {
  const clean = ref.replace(/[?#].*$/, '');
  let decoded = clean;
  try {
    decoded = decodeURI(clean);
  } catch {
    /* keep as written */
  }
  const p = decoded.startsWith('/') ? posix.normalize(decoded.slice(1)) : posix.normalize(posix.join(posix.dirname(ctx.file), decoded));
  return p.startsWith('..') || p.startsWith('/') ? null : p;
}

/** An `<img src>` and the like. */
export function resolveSrc(ctx: PageContext, url: string, rec: LinkRecorder, line?: number): string | null {
  const src = url.trim();
  if (!urlAllowed(src, 'src')) {
    rec.unsafe(src, line);
    return null;
  }
  if (src === '' || isExternal(src)) {
    if (isRemoteUrl(src)) rec.remote?.(src, line);
    return src;
  }
  const out = ctx.resolveAsset(src, ctx.page);
  const path = assetPath(ctx, src);
  if (out === null || path === null) {
    rec.broken(src, line);
    return src;
  }
  rec.asset(path);
  return out;
}
