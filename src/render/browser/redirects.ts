/**
 * On 404.html: applies the site's redirect rules (read from the page's `#quire-redirects`
 * JSON) to the address that was not found, so old links work on any static host. The
 * rules are matched by the same code `quire host` and the export's redirect stubs use
 * (host/redirect-match.ts), wildcards and partial wildcards included.
 */
import { RedirectTable } from '../../host/redirect-match.js';

interface Rule {
  source: string;
  destination: string;
}

function normalise(p: string): string {
  p = `/${p.replace(/^\/+/, '')}`.replace(/[?#].*$/, '');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

export function setupRedirects(): void {
  // errors.404.redirect (default true): an unknown path no rule matches goes to the home page.
  const followed = followRedirects();
  const home = document.querySelector('[data-not-found-home]');
  if (home && !followed) location.replace(new URL(home.getAttribute('data-not-found-home') ?? '', document.baseURI).href);
}

/** Sends the browser where the first matching rule says; false when no rule matches. */
function followRedirects(): boolean {
  const data = document.getElementById('quire-redirects');
  if (!data) return false;
  let rules: Rule[];
  try {
    rules = JSON.parse(data.textContent || '[]') as Rule[];
  } catch {
    return false; // written by the exporter; a page edited by hand only loses its redirects
  }
  const base = new URL(document.baseURI).pathname;
  let path = location.pathname;
  if (path.indexOf(base) === 0) path = `/${path.slice(base.length)}`;
  path = normalise(path.replace(/\.html$/, '').replace(/\/index$/, ''));
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // not percent-encoded as a whole: matched as written
  }
  const match = new RedirectTable(rules.map((r) => ({ source: r.source, destination: r.destination, permanent: true }))).match(decoded, '');
  if (!match) return false;
  const dest = match.location;
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(dest)) {
    location.replace(dest);
    return true;
  }
  const hash = dest.indexOf('#') >= 0 ? dest.slice(dest.indexOf('#')) : '';
  const target = dest.replace(/#.*$/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  location.replace(new URL(`${target || 'index'}.html${hash}`, document.baseURI).href);
  return true;
}
