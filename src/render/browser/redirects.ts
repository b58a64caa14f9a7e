/**
 * On 404.html: applies the site's redirect rules (with :name and :name* patterns, read
 * from the page's `#quire-redirects` JSON) to the address that was not found, so old
 * links work on any static host.
 */

interface Rule {
  source: string;
  destination: string;
}

function normalise(p: string): string {
  p = `/${p.replace(/^\/+/, '')}`.replace(/[?#].*$/, '');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** The rule's source as a RegExp over a normalised path, and the names of its captures. */
function compile(source: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  let src = '^';
  for (const part of normalise(source).split('/').slice(1)) {
    const m = /^:(\w+)([*+?]?)$/.exec(part);
    if (m && (m[2] === '*' || m[2] === '+')) {
      names.push(m[1]);
      src += m[2] === '*' ? '(?:/(.*))?' : '/(.+)';
    } else if (m) {
      names.push(m[1]);
      src += m[2] === '?' ? '(?:/([^/]+))?' : '/([^/]+)';
    } else if (part === '*') {
      names.push('*');
      src += '(?:/(.*))?';
    } else src += `/${part.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&')}`;
  }
  return { re: new RegExp(`${src}/?$`), names };
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
  for (const rule of rules) {
    const { re, names } = compile(rule.source);
    const match = re.exec(path);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((n, j) => {
      values[n] = match[j + 1] || '';
    });
    const dest = rule.destination
      .replace(/:(\w+)[*+?]?/g, (whole, name: string) => (name in values ? values[name] : whole))
      .replace(/\/\*$/, values['*'] ? `/${values['*']}` : '');
    if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(dest)) {
      location.replace(dest);
      return true;
    }
    const hash = dest.indexOf('#') >= 0 ? dest.slice(dest.indexOf('#')) : '';
    const target = dest.replace(/#.*$/, '').replace(/^\/+/, '').replace(/\/+$/, '');
    location.replace(new URL(`${target || 'index'}.html${hash}`, document.baseURI).href);
    return true;
  }
  return false;
}
