/**
 * Redirect rules matched against paths, with no dependency on Node or the DOM: `quire host`
 * answers requests with it, the export runs it (forwards and backwards) to write a stub page
 * at each path a rule sends to a page, and the 404 page's script runs it in the reader's
 * browser, so all three agree on what a rule matches.
 *
 * Sources are paths with optional parameters: `:name` matches one segment, `:name*` any
 * number of segments (none included), `:name+` at least one, `*` any number. A parameter
 * or `*` inside a segment (`/articles/concepts-*`, `/docs-:slug`: Mintlify's "partial
 * wildcard redirects", create/redirects.mdx) takes the rest of that segment after the
 * text around it; at the very end of the source, as `*`, `:name*` or `:name+`, it also
 * takes any segments after it (what Mintlify does there is not written down; this is how
 * its path-to-regexp style reads). One such parameter per segment: a segment with more is
 * compared as written. The destination may use the same parameters (a bare `*` takes what
 * `*` matched, as in Mintlify's `/api-reference/*` -> `/api/*`, or `/new/article-*`) and
 * may be another host. Rules are tried in file order; a trailing slash on the request is
 * ignored.
 *
 * Matching works on segments, not free regular expressions: which segments can match the
 * rest of a rule is worked out once per rule and request (rule parts x path segments),
 * so no rule, however many `+` and `*` parameters it has, makes a long path backtrack
 * (a partial segment holds one parameter, so its own expression cannot either).
 * Parameter values are percent-encoded again when they fill the destination, so the
 * Location header only ever holds URL characters.
 */

export interface RedirectRule {
  source: string;
  destination: string;
  permanent: boolean;
}

/**
 * One segment of a source: a literal; a parameter taking one, any (`*`) or at least one
 * (`+`) segment; or a segment with one parameter inside (`concepts-*`), matched by `re`,
 * that takes the segments after it too when `rest` (only ever the last part).
 */
type Part =
  | { literal: string }
  | { name: string; min: 0 | 1; /** 1 or Infinity */ max: number }
  | { name: string; re: RegExp; rest: boolean };

interface CompiledRule extends RedirectRule {
  index: number;
  parts: Part[] | null;
}

export interface RedirectMatch {
  location: string;
  permanent: boolean;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)([*+]?)/g;

export class RedirectTable {
  private readonly exact = new Map<string, CompiledRule>();
  private readonly patterns: CompiledRule[] = [];

  constructor(rules: RedirectRule[]) {
    rules.forEach((rule, index) => {
      const compiled: CompiledRule = { ...rule, index, parts: hasParams(rule.source) ? compileSource(rule.source) : null };
      if (compiled.parts) this.patterns.push(compiled);
      else {
        const key = trimSlash(rule.source);
        if (!this.exact.has(key)) this.exact.set(key, compiled);
      }
    });
  }

  get size(): number {
    return this.exact.size + this.patterns.length;
  }

  /** The redirect for a decoded request path (and its raw query, kept on the way). */
  match(path: string, query: string): RedirectMatch | null {
    if (this.size === 0) return null;
    const key = trimSlash(path);
    let best: { rule: CompiledRule; params: Record<string, string> } | null = null;
    const exact = this.exact.get(key);
    if (exact) best = { rule: exact, params: {} };
    const segments = key.split('/').slice(1).filter((s, i, all) => s !== '' || i < all.length - 1);
    for (const rule of this.patterns) {
      if (best && best.rule.index < rule.index) break;
      const params = matchParts(rule.parts!, segments);
      if (params) {
        best = { rule, params };
        break;
      }
    }
    if (!best) return null;
    let location = fillDestination(best.rule.destination, best.params);
    if (query && !location.includes('?')) location += query;
    return { location, permanent: best.rule.permanent };
  }
}

function hasParams(source: string): boolean {
  PARAM.lastIndex = 0;
  return PARAM.test(source) || source.includes('*');
}

/** A parameter or `*` inside a segment, with the text before and after it. */
const PARTIAL = /^([^:*]*)(?::([A-Za-z_][A-Za-z0-9_]*)([*+]?)|\*)([^:*]*)$/;

function compileSource(source: string): Part[] {
  const segments = trimSlash(source).split('/').slice(1);
  return segments.map((segment, i): Part => {
    const m = /^:([A-Za-z_][A-Za-z0-9_]*)([*+]?)$/.exec(segment);
    if (m) return { name: m[1], min: m[2] === '*' ? 0 : 1, max: m[2] ? Infinity : 1 };
    if (segment === '*') return { name: '*', min: 0, max: Infinity };
    const partial = PARTIAL.exec(segment);
    if (!partial) return { literal: segment };
    const [, before, name = '*', mark = '*', after] = partial;
    const rest = i === segments.length - 1 && after === '' && (mark === '*' || mark === '+');
    const value = `(${rest ? '.' : '[^/]'}${mark === '' || mark === '+' ? '+' : '*'})`;
    return { name, rest, re: new RegExp(`^${escapeRegExp(before)}${value}${escapeRegExp(after)}$`) };
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The parameters when `parts` match all of `segments`, else null. `fits[i][j]`: parts
 * from i on can match segments from j on, filled from the end in parts x segments steps;
 * the values are then read off left to right, each parameter taking as many segments as
 * it can while the rest still fits (as a greedy regular expression would).
 */
function matchParts(parts: Part[], segments: string[]): Record<string, string> | null {
  const n = segments.length;
  const fits: Uint8Array[] = parts.map(() => new Uint8Array(n + 1));
  fits.push(new Uint8Array(n + 1));
  fits[parts.length][n] = 1;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    for (let j = n; j >= 0; j--) {
      if ('literal' in part) fits[i][j] = j < n && segments[j] === part.literal ? fits[i + 1][j + 1] : 0;
      else if ('re' in part) fits[i][j] = j < n && part.re.test(part.rest ? segments.slice(j).join('/') : segments[j]) ? (part.rest ? 1 : fits[i + 1][j + 1]) : 0;
      else if (part.max === 1) fits[i][j] = j < n ? fits[i + 1][j + 1] : 0;
      // Many segments: this part ends somewhere from j + min on, where the rest fits.
      else fits[i][j] = fits[i + 1][j] && part.min === 0 ? 1 : j < n && (fits[i + 1][j + 1] || fits[i][j + 1]) ? 1 : 0;
    }
  }
  if (!fits[0][0]) return null;
  const params: Record<string, string> = {};
  let j = 0;
  parts.forEach((part, i) => {
    if ('literal' in part) {
      j++;
      return;
    }
    if ('re' in part) {
      const text = part.rest ? segments.slice(j).join('/') : segments[j];
      params[part.name] = part.re.exec(text)![1];
      j = part.rest ? n : j + 1;
      return;
    }
    let take = part.max === 1 ? 1 : n - j;
    while (take > part.min && !fits[i + 1][j + take]) take--;
    params[part.name] = segments.slice(j, j + take).join('/');
    j += take;
  });
  return params;
}

/** A decoded parameter value as it goes into a URL: each segment percent-encoded, the slashes between them kept. */
function encodeValue(value: string): string {
  return value.split('/').map(encodeURIComponent).join('/');
}

function fillDestination(destination: string, params: Record<string, string | undefined>): string {
  return destination.replace(/(\/?)(?::([A-Za-z_][A-Za-z0-9_]*)[*+]?|\*(?=\/|$|\?|#))/g, (whole: string, slash: string, name: string = '*') => {
    if (!(name in params)) return whole;
    const value = params[name];
    return value ? slash + encodeValue(value) : '';
  }) || '/';
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}
