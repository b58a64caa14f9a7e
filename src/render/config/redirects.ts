/**
 * Matches a request path against the configured redirects. Sources may hold named
 * segments (`/blog/:slug`), which match one path segment, and wildcards (`/docs/:slug*`),
 * which match the rest of the path (possibly empty); the destination receives the
 * captured values by the same names. Exact sources win over patterns; otherwise the
 * first match in config order.
 */
import type { Redirect } from '../types.js';

export interface RedirectMatch {
  destination: string;
  permanent: boolean;
  redirect: Redirect;
}

const compiled = new WeakMap<Redirect, { re: RegExp; names: string[] }>();

function normalise(path: string): string {
  const p = ('/' + path.replace(/^\/+/, '')).replace(/[?#].*$/, '');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

function compile(r: Redirect): { re: RegExp; names: string[] } {
  let c = compiled.get(r);
  if (c) return c;
  const names: string[] = [];
  const parts = normalise(r.source).split('/').slice(1);
  let src = '^';
  for (const part of parts) {
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
    } else {
      src += '/' + part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  c = { re: new RegExp(src + '/?$'), names };
  compiled.set(r, c);
  return c;
}

function fill(destination: string, values: Record<string, string>): string {
  const out = destination.replace(/:(\w+)(?:\*|\+|\?(?=\/|$))?/g, (whole, name: string) => (name in values ? values[name] : whole)).replace(/\/\*$/, values['*'] ? '/' + values['*'] : '');
  // An empty wildcard leaves a trailing slash behind: `/new/:slug*` with nothing -> `/new`.
  return out.length > 1 ? out.replace(/\/+$/, '') || '/' : out;
}

/** The redirect for `path`, or null. `path` may carry a query or a trailing slash. */
export function matchRedirect(redirects: readonly Redirect[], path: string): RedirectMatch | null {
  const p = normalise(path);
  const exact = redirects.find((r) => !/[:*]/.test(r.source) && normalise(r.source) === p);
  if (exact) return { destination: exact.destination, permanent: exact.permanent, redirect: exact };
  for (const r of redirects) {
    const { re, names } = compile(r);
    const m = re.exec(p);
    if (!m) continue;
    const values: Record<string, string> = {};
    names.forEach((n, i) => (values[n] = m[i + 1] ?? ''));
    return { destination: fill(r.destination, values), permanent: r.permanent, redirect: r };
  }
  return null;
}
