/**
 * Finds MDX/Markdown pages whose frontmatter names an operation (`openapi: "GET /users"`
 * or `openapi: "api.yaml GET /users"`) or a webhook (`openapi: "api.yaml webhook orderUpdated"`). Cheap: reads each page's head and parses YAML
 * only for the few whose frontmatter mentions `openapi:`.
 */
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { frontmatterData } from '../markdown/frontmatter.js';
import { frontmatterKeyLine } from '../output/read-frontmatter.js';
import { parseOperationReference, type OperationReference } from './operation-reference.js';

export interface FrontmatterClaim extends OperationReference {
  /** Page path without extension, relative to the root. */
  page: string;
  /** File relative to the root. */
  source: string;
  title?: string;
  line: number;
}

/** A frontmatter value and where it is written. */
export interface FrontmatterValue {
  source: string;
  line: number;
  value: string;
}

const HEAD_BYTES = 16 * 1024;
const READ_BATCH = 64;

async function listPageFiles(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listPageFiles(root, rel)));
    else if (e.isFile() && /\.mdx?$/.test(e.name)) out.push(rel); // links are never followed
  }
  return out;
}

/**
 * `files` in the order listPageFiles walks in: folder by folder, entries by name. Each path is
 * split once, not at every comparison (a thousand pages: ~20,000 splits otherwise).
 */
function inWalkOrder(files: Iterable<string>): string[] {
  const split = [...files].map((f) => ({ f, parts: f.split('/') }));
  split.sort(({ parts: x }, { parts: y }) => {
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const c = x[i].localeCompare(y[i]);
      if (c !== 0) return c;
    }
    return x.length - y.length;
  });
  return split.map(({ f }) => f);
}

/** The first `bytes` of a file as UTF-8 (enough to see frontmatter, or which kind of document it is). */
export async function readHead(file: string, bytes = HEAD_BYTES): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
}

/**
 * The claims of the pages under `root`. An export passes the page sources it has read
 * already (path relative to the root -> text), so no page is read twice.
 */
/** What the pages' frontmatter says about the API reference. */
export interface FrontmatterClaims {
  claims: FrontmatterClaim[];
  invalid: FrontmatterValue[];
  asyncapiPages: FrontmatterValue[];
}

export async function scanFrontmatterClaims(root: string, sources?: ReadonlyMap<string, string>): Promise<FrontmatterClaims> {
  // In any order: claimsOf puts them in walk order.
  const files = sources ? [...sources.keys()] : await listPageFiles(root);
  // Heads are read a batch at a time: large sites have thousands of pages.
  const heads: string[] = [];
  if (sources) for (const f of files) heads.push(sources.get(f)!);
  else
    for (let i = 0; i < files.length; i += READ_BATCH) {
      heads.push(...(await Promise.all(files.slice(i, i + READ_BATCH).map((f) => readHead(path.join(root, f))))));
    }
  return claimsOf(new Map(files.map((f, i) => [f, pageClaim(f, heads[i])])));
}

/** What one page's frontmatter says about the API reference: what claimsOf gathers of it. */
export interface PageClaim {
  claim?: FrontmatterClaim;
  invalid?: FrontmatterValue;
  asyncapi?: FrontmatterValue;
}

/**
 * The PageClaim of `source` (root-relative) from its head (its first HEAD_BYTES, or more),
 * undefined when its frontmatter names no `openapi:` nor `asyncapi:`. Kept per page by the
 * scan (source/source-facts.ts), so an unchanged page's YAML is not parsed again.
 */
export function pageClaim(source: string, head: string): PageClaim | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(head.length > HEAD_BYTES ? head.slice(0, HEAD_BYTES) : head);
  if (!m || !/^(openapi|asyncapi)\s*:/m.test(m[1])) return undefined;
  // Flat `key: value` frontmatter (most pages) is read directly, as the scan of titles does: YAML costs ~1 ms a page.
  let fm: Record<string, unknown>;
  try {
    fm = (frontmatterData(m[1], { uniqueKeys: true }) ?? {}) as Record<string, unknown>;
  } catch {
    return undefined; // the page renderer reports bad frontmatter
  }
  const lineOf = (key: string): number => frontmatterKeyLine(head, key);
  const out: PageClaim = {};
  if (typeof fm.asyncapi === 'string') out.asyncapi = { source, line: lineOf('asyncapi'), value: fm.asyncapi };
  if (typeof fm.openapi !== 'string') return out;
  const line = lineOf('openapi');
  const ref = parseOperationReference(fm.openapi);
  if (!ref) {
    out.invalid = { source, line, value: fm.openapi };
    return out;
  }
  // `./spec.json` and `../spec.json` name a document beside the page, as Mintlify reads them
  // (0xsequence's docs: `openapi: ../analytics-api.json post /rpc/...` from a subfolder).
  if (ref.file && /^\.\.?\//.test(ref.file)) ref.file = path.posix.normalize(path.posix.join(path.posix.dirname(source), ref.file));
  out.claim = { ...ref, page: source.replace(/\.mdx?$/, ''), source, title: typeof fm.title === 'string' ? fm.title : undefined, line };
  return out;
}

/** The claims of the pages whose pageClaim is given (file -> claim), in walk order. */
export function claimsOf(pages: ReadonlyMap<string, PageClaim | undefined>): FrontmatterClaims {
  const claims: FrontmatterClaim[] = [];
  const invalid: FrontmatterValue[] = [];
  const asyncapiPages: FrontmatterValue[] = [];
  for (const file of inWalkOrder(pages.keys())) {
    const page = pages.get(file);
    if (page?.asyncapi) asyncapiPages.push({ ...page.asyncapi });
    if (page?.invalid) invalid.push({ ...page.invalid });
    if (page?.claim) claims.push({ ...page.claim });
  }
  return { claims, invalid, asyncapiPages };
}
