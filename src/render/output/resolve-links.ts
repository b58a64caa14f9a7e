/**
 * Resolution of internal links and asset references written by authors, the way a
 * hosted docs platform would serve them: `/quickstart`, `quickstart` (relative to the
 * page's URL), `../api#auth`, `/guides/`, `/intro.mdx`, `/images/a.png`. A link resolves
 * when it names a page of the site, a redirect source, or a static file, or a pattern
 * redirect sends it to a page; the result is a relative href from the linking page's
 * output file (see page-paths.ts).
 */
import { posix } from 'node:path';
import { RedirectTable } from '../../host/redirects.js';
import type { Redirect } from '../types.js';
import { encodePath, pageHref, pageOutputFile, relativeHref } from './page-paths.js';
import { isExternalHref } from '../layout/escape.js';

export interface LinkTargets {
  /** Every page that exists in the output (paths without extension). */
  pages: ReadonlySet<string>;
  /** Every file under the docs root (relative, posix), for assets. */
  files: ReadonlySet<string>;
  /** Exact redirect sources written as pages (without leading slash). */
  redirectSources: ReadonlySet<string>;
  /** The site's redirect rules: a link to a path a pattern rule sends to a page goes to that page. */
  redirects?: readonly Redirect[];
}

const PAGE_EXT = /\.(mdx|md|html)$/i;

/** Splits `a/b?x=1#frag` into the path and the fragment (the query is dropped). */
function splitHref(href: string): { path: string; fragment: string } {
  const hash = href.indexOf('#');
  const fragment = hash >= 0 ? href.slice(hash + 1) : '';
  let path = hash >= 0 ? href.slice(0, hash) : href;
  const q = path.indexOf('?');
  if (q >= 0) path = path.slice(0, q);
  return { path, fragment };
}

/** Turns an href written on `fromPage` into a root-relative path without leading slash. */
export function toRootPath(path: string, fromPage: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep as written: a malformed escape is simply not found
  }
  const joined = decoded.startsWith('/') ? decoded : posix.join(posix.dirname(`/${fromPage}`), decoded);
  return posix.normalize(joined).replace(/^\/+/, '').replace(/\/+$/, '');
}

/** Finds the page a root path names, trying `x`, `x` without extension, `x/index`. */
export function findPage(rootPath: string, pages: ReadonlySet<string>): string | null {
  const bare = rootPath.replace(PAGE_EXT, '');
  const candidates = bare === '' ? ['index'] : [bare, `${bare}/index`];
  for (const c of candidates) if (pages.has(c)) return c;
  return null;
}

export function createLinkResolver(targets: LinkTargets) {
  const patterns = new RedirectTable((targets.redirects ?? []).filter((r) => /[:*]/.test(r.source) && r.source.startsWith('/')));

  /** The page a pattern redirect sends `rootPath` to, with the destination's own fragment. */
  function redirected(rootPath: string): { page: string; fragment: string } | null {
    const hit = patterns.size ? patterns.match(`/${rootPath}`, '') : null;
    if (!hit || isExternalHref(hit.location)) return null;
    const { path, fragment } = splitHref(hit.location);
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null; // a malformed escape names no page: the link is reported as broken
    }
    const page = findPage(toRootPath(decoded, 'index'), targets.pages);
    return page ? { page, fragment } : null;
  }

  function resolveLink(href: string, fromPage: string): string | null {
    const trimmed = href.trim();
    if (trimmed === '' || isExternalHref(trimmed)) return trimmed;
    const { path, fragment } = splitHref(trimmed);
    if (path === '') return fragment ? `#${fragment}` : trimmed;
    const rootPath = toRootPath(path, fromPage);
    const page = findPage(rootPath, targets.pages);
    if (page) return pageHref(fromPage, page, fragment);
    const bare = rootPath.replace(PAGE_EXT, '');
    if (targets.redirectSources.has(bare)) return pageHref(fromPage, bare, fragment);
    if (targets.files.has(rootPath)) {
      const rel = encodePath(relativeHref(pageOutputFile(fromPage), rootPath));
      return fragment ? `${rel}#${fragment}` : rel;
    }
    const to = redirected(bare);
    if (to) return pageHref(fromPage, to.page, fragment || to.fragment);
    return null;
  }

  function resolveAsset(ref: string, fromPage: string): string | null {
    const trimmed = ref.trim();
    if (isExternalHref(trimmed)) return trimmed;
    const { path } = splitHref(trimmed);
    const rootPath = toRootPath(path, fromPage);
    if (!targets.files.has(rootPath)) return null;
    return encodePath(relativeHref(pageOutputFile(fromPage), rootPath));
  }

  return { resolveLink, resolveAsset };
}
