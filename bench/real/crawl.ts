/**
 * Crawls an exported site: every `<a href>`, `<img src>`, `<link href>` and `<script src>`
 * of every HTML file, with its `#anchor` (in the page or another one), checked against
 * the files written and the ids in them, as a plain static file server would serve them
 * (a folder serves its index.html; a redirect stub's `<meta http-equiv=refresh>` is
 * followed one hop for an anchor). Each broken reference gets a verdict from the source
 * (source-site.ts): "source" when the source names a page, file or heading that does not
 * exist there either, "quire" when it exists in the source and Quire's output lost it.
 * References are grouped by target: a sidebar link broken on every page is one entry.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Parser } from 'htmlparser2';
import type { SourceSite } from './source-site.js';
import { listFiles } from './source-site.js';

export type Verdict = 'source' | 'quire';

export interface BrokenRef {
  /** What is missing: a page, another file, or an anchor in a page that exists. */
  missing: 'page' | 'file' | 'anchor';
  verdict: Verdict;
  /** The output path the reference resolves to, with its `#fragment`. */
  target: string;
  /** The first file referring to it, the element and the href as written there. */
  from: string;
  tag: string;
  href: string;
  /** References to this target in the whole output. */
  count: number;
  /** Why the verdict, in a few words. */
  why: string;
}

export interface CrawlResult {
  htmlFiles: number;
  /** References found, and those that point into the site (checked). */
  references: number;
  internal: number;
  broken: BrokenRef[];
}

/** The attribute each crawled element refers through. */
const REF_ATTR: Record<string, string> = { a: 'href', img: 'src', link: 'href', script: 'src' };
/** Files Quire writes of its own (theme, search, KaTeX): missing, they are Quire's whatever the source has. */
const OWN_FILE = /^assets\/(?:(?:site|search)\.[0-9a-f]+\.(?:css|js)|katex\/)|^search\//;

interface Page {
  ids: Set<string>;
  /** Where its `<meta http-equiv=refresh>` leads (an output path), for a redirect stub. */
  refresh?: string;
  /** References it holds (checked or not). */
  refs: number;
}

interface Ref {
  tag: string;
  href: string;
  from: string;
  path: string;
  fragment?: string;
  count: number;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s; // not percent-encoded as a whole: compared as written
  }
}

/** Output path an href leads to from `from`, with its fragment; undefined for another host or scheme. */
export function resolveHref(from: string, href: string): { path: string; fragment?: string } | undefined {
  const raw = href.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) return undefined;
  const hash = raw.indexOf('#');
  const fragment = hash >= 0 ? decode(raw.slice(hash + 1)) : undefined;
  const pathPart = decode((hash >= 0 ? raw.slice(0, hash) : raw).replace(/\?.*$/, ''));
  if (pathPart === '') return { path: from, fragment };
  const joined = pathPart.startsWith('/') ? pathPart.slice(1) : posix.join(posix.dirname(from), pathPart);
  const path = posix.normalize(joined || '.').replace(/^\.\/?/, '') + (pathPart.endsWith('/') && joined !== '' ? '/' : '');
  return { path: path.replace(/\/+$/, '/'), fragment };
}

function readPage(outDir: string, file: string, refs: Map<string, Ref>): Page {
  const page: Page = { ids: new Set(), refs: 0 };
  const parser = new Parser({
    onopentag(name, attrs) {
      if (attrs.id !== undefined) page.ids.add(attrs.id);
      if (name === 'a' && attrs.name !== undefined) page.ids.add(attrs.name);
      if (name === 'meta' && attrs['http-equiv']?.toLowerCase() === 'refresh') {
        const url = /url\s*=\s*['"]?([^'"]+)/i.exec(attrs.content ?? '')?.[1];
        const to = url ? resolveHref(file, url) : undefined;
        if (to) page.refresh = to.path;
      }
      const attr = REF_ATTR[name];
      const href = attr ? attrs[attr] : undefined;
      if (href === undefined) return;
      page.refs++;
      const to = resolveHref(file, href);
      if (!to) return;
      const key = `${name === 'a' ? 'a' : 'asset'}\0${to.path}#${to.fragment ?? ''}`;
      const seen = refs.get(key);
      if (seen) seen.count++;
      else refs.set(key, { tag: name, href, from: file, path: to.path, fragment: to.fragment, count: 1 });
    },
  });
  parser.end(readFileSync(join(outDir, file), 'utf8'));
  return page;
}

/** Page path in source terms of an output path: `guides/intro.html` -> `guides/intro`. */
function pageOf(path: string): string {
  return path.replace(/\/$/, '').replace(/\.(html|mdx?)$/, '');
}

export function crawlOutput(outDir: string, source: SourceSite): CrawlResult {
  const files = listFiles(outDir);
  const fileSet = new Set(files);
  const pages = new Map<string, Page>();
  const refs = new Map<string, Ref>();
  let references = 0;
  for (const f of files) {
    if (!f.endsWith('.html')) continue;
    const page = readPage(outDir, f, refs);
    references += page.refs;
    pages.set(f, page);
  }
  /** The output file a path is served from, if any. */
  const served = (path: string): string | undefined => {
    const bare = path.replace(/\/$/, '');
    if (!path.endsWith('/') && fileSet.has(bare)) return bare;
    const index = bare ? `${bare}/index.html` : 'index.html';
    return fileSet.has(index) ? index : undefined;
  };
  const broken: BrokenRef[] = [];
  let internal = 0;
  for (const ref of refs.values()) {
    internal += ref.count;
    const file = served(ref.path);
    const base = { from: ref.from, tag: ref.tag, href: ref.href, count: ref.count, target: ref.path + (ref.fragment ? `#${ref.fragment}` : '') };
    if (!file) {
      broken.push({ ...base, ...judgeMissing(ref, source) });
      continue;
    }
    const fragment = ref.fragment;
    if (!fragment || fragment.toLowerCase() === 'top' || !file.endsWith('.html')) continue;
    let page = pages.get(file)!;
    let pagePath = file;
    if (!page.ids.has(fragment) && page.refresh) {
      const to = served(page.refresh);
      if (to && pages.has(to)) [page, pagePath] = [pages.get(to)!, to];
    }
    if (page.ids.has(fragment)) continue;
    broken.push({ ...base, missing: 'anchor', ...judgeAnchor(pageOf(pagePath), fragment, source) });
  }
  broken.sort((a, b) => (a.verdict === b.verdict ? b.count - a.count || (a.target < b.target ? -1 : 1) : a.verdict === 'quire' ? -1 : 1));
  return { htmlFiles: pages.size, references, internal, broken };
}

function judgeMissing(ref: Ref, source: SourceSite): Pick<BrokenRef, 'missing' | 'verdict' | 'why'> {
  const path = ref.path.replace(/\/$/, '');
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  const isFile = ref.tag !== 'a' || (ext !== undefined && !['html', 'mdx', 'md'].includes(ext));
  if (isFile) {
    if (OWN_FILE.test(path)) return { missing: 'file', verdict: 'quire', why: "one of Quire's own files" };
    if (source.hasFile(path)) return { missing: 'file', verdict: 'quire', why: 'the source has this file' };
    const moved = source.redirected(path);
    if (moved) return { missing: 'file', ...redirectVerdict(moved) };
    return { missing: 'file', verdict: 'source', why: 'no such file in the source' };
  }
  const page = pageOf(path);
  if (source.hasPage(page)) return { missing: 'page', verdict: 'quire', why: 'the source has this page' };
  const moved = source.redirected(page);
  if (moved) return { missing: 'page', ...redirectVerdict(moved) };
  if (source.hasFile(path)) return { missing: 'page', verdict: 'quire', why: 'the source has this file' };
  return { missing: 'page', verdict: 'source', why: 'no such page in the source' };
}

/** A redirect that catches a missing path: Quire's to answer when it leads somewhere real, else dead under Mintlify too. */
function redirectVerdict(moved: { to: string; lands: boolean }): Pick<BrokenRef, 'verdict' | 'why'> {
  if (moved.lands) return { verdict: 'quire', why: `a redirect in the config sends it to ${moved.to}` };
  return { verdict: 'source', why: `a redirect in the config sends it to ${moved.to}, which the source does not have` };
}

function judgeAnchor(page: string, fragment: string, source: SourceSite): Pick<BrokenRef, 'verdict' | 'why'> {
  const anchors = source.anchors(page) ?? (page.endsWith('/index') ? source.anchors(page.slice(0, -'/index'.length)) : undefined);
  if (!anchors) {
    const field = source.apiAnchor(page, fragment);
    if (field === true) return { verdict: 'quire', why: "a generated API page whose operation has the fields this id names" };
    if (field === false) return { verdict: 'source', why: 'a generated API page: no field of its operation makes this id' };
    // An API page Mintlify generates whose fields are not known here: a miss is laid at Quire's door.
    if (source.hasPage(page)) return { verdict: 'quire', why: 'a generated API page (its anchors are not checked against the source)' };
    return { verdict: 'source', why: 'Quire wrote this page, but Mintlify has no such page' };
  }
  if (anchors.has(fragment)) return { verdict: 'quire', why: 'Mintlify makes this id from the source page' };
  return { verdict: 'source', why: 'no heading or element of the source page makes this id' };
}
