/**
 * What exists in a docs source under Mintlify's rules, for the crawler's verdict on a
 * broken reference: the pages (every .mdx/.md outside snippets/, `x/index` also as `x`),
 * the files Mintlify serves at their path, the API pages it generates, the redirects of
 * docs.json (with `:param` and `:slug*` wildcards) and the anchor ids of each page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { sourceAnchors } from './source-anchors.js';

export interface SourceSite {
  /** Whether `page` (a URL path without leading slash or extension) is a page Mintlify serves. */
  hasPage(page: string): boolean;
  /** Whether `path` is a file of the source (Mintlify serves it at that path). */
  hasFile(path: string): boolean;
  /** Whether a redirect of docs.json catches `path`. */
  redirected(path: string): boolean;
  /** Anchor ids of the page under Mintlify; undefined for a page with no source text (generated). */
  anchors(page: string): Set<string> | undefined;
}

const SKIP = new Set(['.git', 'node_modules', '.github', '.vscode', '.mintlify']);

/** Every file under `dir`, relative, with `/` separators. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      if (SKIP.has(e.name)) continue;
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) visit(path);
      else if (e.isFile()) out.push(path);
    }
  };
  visit('');
  return out;
}

/** A redirect source as a regular expression: `:name*` any rest, `:name` one segment, `*` anything. */
function redirectPattern(source: string): RegExp {
  const body = source
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((seg) => (/^:\w+\*$/.test(seg) ? '.*' : /^:\w+$/.test(seg) ? '[^/]+' : seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')))
    .join('/');
  return new RegExp(`^${body.replace(/\/\.\*$/, '(?:/.*)?')}$`);
}

export function readSourceSite(root: string, config: Record<string, unknown>, generated: string[]): SourceSite {
  const files = new Set(listFiles(root));
  const pageFiles = new Map<string, string>();
  for (const f of files) {
    if (!/\.mdx?$/.test(f) || f.startsWith('snippets/')) continue;
    const page = f.replace(/\.mdx?$/, '');
    pageFiles.set(page, f);
    if (page === 'index') pageFiles.set('', f);
    else if (page.endsWith('/index')) pageFiles.set(page.slice(0, -'/index'.length), f);
  }
  const generatedSet = new Set(generated);
  const redirects = (Array.isArray(config.redirects) ? config.redirects : [])
    .map((r) => (r && typeof r === 'object' ? (r as { source?: unknown }).source : undefined))
    .filter((s): s is string => typeof s === 'string')
    .map(redirectPattern);
  const anchorCache = new Map<string, Set<string> | undefined>();
  const readSnippet = (from: string) => (spec: string) => {
    const rel = spec.startsWith('/') ? spec.slice(1) : posix.join(posix.dirname(from), spec);
    const key = posix.normalize(rel);
    if (!files.has(key)) return undefined;
    return { key, text: readFileSync(join(root, key), 'utf8') };
  };
  return {
    hasPage: (page) => pageFiles.has(page) || generatedSet.has(page),
    hasFile: (path) => files.has(path),
    redirected: (path) => redirects.some((re) => re.test(path.replace(/^\/+|\/+$/g, ''))),
    anchors(page) {
      if (!anchorCache.has(page)) {
        const file = pageFiles.get(page);
        anchorCache.set(page, file ? sourceAnchors(readFileSync(join(root, file), 'utf8'), readSnippet(file)) : undefined);
      }
      return anchorCache.get(page);
    },
  };
}
