/**
 * A cheap look at a page before rendering: its YAML frontmatter and first `# ` heading.
 * The layout needs every page's title, sidebar title, icon and hidden flag to draw the
 * sidebar and previous/next links of all the other pages, long before (or without)
 * rendering the page itself.
 */
import { parse } from 'yaml';
import type { Frontmatter } from '../types.js';

export interface PageSummary {
  frontmatter: Frontmatter;
  /** First `# Heading` of the body, if any. */
  h1?: string;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/;
const SIMPLE_LINE = /^([A-Za-z_][\w-]*):[ \t]*(.*?)[ \t]*$/;
const PLAIN_SAFE = /^[^\s"'[\]{}&*!|>%@`#,?:-][^#]*$/;

/**
 * Most frontmatter is a flat list of `key: scalar` lines; reading those directly is
 * many times faster than a YAML parser over a thousand pages. Anything else (lists,
 * nesting, block scalars, comments, odd quoting) returns undefined and goes to YAML.
 * A key written twice keeps its last value, unless `uniqueKeys` asks for YAML's verdict.
 */
export function parseFlat(text: string, { uniqueKeys = false } = {}): Frontmatter | undefined {
  const out: Frontmatter = {};
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const m = SIMPLE_LINE.exec(line);
    if (!m) return undefined;
    // `uniqueKeys`: a key written twice goes to the YAML reader, which refuses it.
    if (uniqueKeys && Object.hasOwn(out, m[1])) return undefined;
    const raw = m[2];
    let value: unknown;
    if (raw.startsWith('"')) {
      if (!raw.endsWith('"') || raw.length < 2 || /\\[^"\\nt/]/.test(raw)) return undefined;
      try {
        value = JSON.parse(raw);
      } catch {
        return undefined; // not a plain JSON string: the full YAML reader takes the page
      }
    } else if (raw.startsWith("'")) {
      if (!raw.endsWith("'") || raw.length < 2 || /[^']'[^']/.test(raw.slice(1, -1).replace(/''/g, ''))) return undefined;
      value = raw.slice(1, -1).replace(/''/g, "'");
    } else if (raw.startsWith('[')) {
      value = jsonStrings(raw);
      if (value === undefined) return undefined;
    } else if (raw === 'true' || raw === 'false') value = raw === 'true';
    else if (raw === '' || raw === 'null' || raw === '~') value = null;
    else if (/^-?\d+(\.\d+)?$/.test(raw)) value = Number(raw);
    else if (PLAIN_SAFE.test(raw) && !raw.includes(': ')) value = raw;
    else return undefined;
    out[m[1]] = value;
  }
  return out;
}

/**
 * A flow list of double-quoted strings written as JSON (`keywords: ["api key", "auth"]`:
 * on 97% of the pages of Mintlify's own docs), which YAML 1.2 reads as JSON does; anything
 * else in brackets (plain or single-quoted items, a trailing comma, rare escapes) is undefined.
 */
function jsonStrings(raw: string): string[] | undefined {
  if (!raw.endsWith(']') || /\\[^"\\nt/]/.test(raw)) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return undefined; // not JSON: the full YAML reader takes the page
  }
  return Array.isArray(list) && list.every((item) => typeof item === 'string') ? list : undefined;
}

export function readFrontmatter(source: string): PageSummary {
  let frontmatter: Frontmatter = {};
  let body = source;
  const match = FRONTMATTER.exec(source);
  if (match) {
    body = source.slice(match[0].length);
    const flat = parseFlat(match[1]);
    if (flat) frontmatter = flat;
    else {
      try {
        const data: unknown = parse(match[1]);
        if (data && typeof data === 'object' && !Array.isArray(data)) frontmatter = data as Frontmatter;
      } catch {
        // the renderer reports bad YAML with its line; here we simply know nothing
      }
    }
  }
  const h1 = /^#[ \t]+(.+?)[ \t#]*$/m.exec(body)?.[1];
  return { frontmatter, h1 };
}

/**
 * The line of a top-level frontmatter key in the page's source (the `---` is line 1), for
 * diagnostics about that key; 1 when the key is not found on a line of its own.
 */
export function frontmatterKeyLine(source: string, key: string): number {
  const match = FRONTMATTER.exec(source);
  if (!match) return 1;
  const at = match[1].split(/\r?\n/).findIndex((line) => line.startsWith(key) && /^\s*:/.test(line.slice(key.length)));
  return at < 0 ? 1 : at + 2;
}

/** Title the sidebar and tab titles use: sidebarTitle, then title, then h1, then file name. */
export function summaryTitle(summary: PageSummary, page: string): { title: string; sidebarTitle: string } {
  const fm = summary.frontmatter;
  const fileName = page.split('/').pop() ?? page;
  const title = typeof fm.title === 'string' && fm.title.trim() ? fm.title.trim() : summary.h1?.trim() || humanize(fileName);
  const sidebarTitle = typeof fm.sidebarTitle === 'string' && fm.sidebarTitle.trim() ? fm.sidebarTitle.trim() : title;
  return { title, sidebarTitle };
}

function humanize(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : name;
}
