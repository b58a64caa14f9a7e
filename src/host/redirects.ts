/**
 * The redirects of a served site, read from the bundle's `redirects.json`
 * (`[{source, destination, permanent}]`, as docs.json writes them). Sources are paths
 * with optional parameters: `:name` matches one segment, `:name*` any number of
 * segments (none included), `:name+` at least one. The destination may use the same
 * parameters and may be another host. Rules are tried in file order; a trailing slash
 * on the request is ignored.
 */
import { InvalidError } from '../core/errors.js';

export interface RedirectRule {
  source: string;
  destination: string;
  permanent: boolean;
}

interface CompiledRule extends RedirectRule {
  index: number;
  pattern: RegExp | null;
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
      const compiled: CompiledRule = { ...rule, index, pattern: hasParams(rule.source) ? compileSource(rule.source) : null };
      if (compiled.pattern) this.patterns.push(compiled);
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
    for (const rule of this.patterns) {
      if (best && best.rule.index < rule.index) break;
      const m = rule.pattern!.exec(key);
      if (m) {
        best = { rule, params: m.groups ?? {} };
        break;
      }
    }
    if (!best) return null;
    let location = fillDestination(best.rule.destination, best.params);
    if (query && !location.includes('?')) location += query;
    return { location, permanent: best.rule.permanent };
  }
}

/** Parses `redirects.json` content; InvalidError when it is not a list of rules. */
export function parseRedirects(text: string): RedirectRule[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InvalidError('redirects.json is not valid JSON');
  }
  if (!Array.isArray(json)) throw new InvalidError('redirects.json must be a list of {source, destination, permanent}');
  return json.map((r: unknown, i) => {
    const rule = r as Partial<RedirectRule> | null;
    if (!rule || typeof rule.source !== 'string' || !rule.source.startsWith('/') || typeof rule.destination !== 'string' || rule.destination === '') {
      throw new InvalidError(`redirects.json[${i}] needs a source starting with "/" and a destination`);
    }
    return { source: rule.source, destination: rule.destination, permanent: rule.permanent !== false };
  });
}

function hasParams(source: string): boolean {
  PARAM.lastIndex = 0;
  return PARAM.test(source) || source.includes('*');
}

function compileSource(source: string): RegExp {
  let re = '^';
  for (const segment of trimSlash(source).split('/').slice(1)) {
    const m = /^:([A-Za-z_][A-Za-z0-9_]*)([*+]?)$/.exec(segment);
    if (m && m[2] === '*') re += `(?:/(?<${m[1]}>.*))?`;
    else if (m && m[2] === '+') re += `/(?<${m[1]}>.+)`;
    else if (m) re += `/(?<${m[1]}>[^/]+)`;
    else if (segment === '*') re += '(?:/.*)?';
    else re += '/' + segment.replace(/[.+?^${}()|[\]\\*]/g, '\\$&');
  }
  return new RegExp(re + '$');
}

function fillDestination(destination: string, params: Record<string, string | undefined>): string {
  return destination.replace(/(\/?):([A-Za-z_][A-Za-z0-9_]*)[*+]?/g, (whole, slash: string, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return value ? slash + value : '';
  }) || '/';
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}
