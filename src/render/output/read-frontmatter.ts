/**
 * A cheap look at a page before rendering: its YAML frontmatter and first `# ` heading.
 * The layout needs every page's title, sidebar title, icon and hidden flag to draw the
 * sidebar and previous/next links of all the other pages, long before (or without)
 * rendering the page itself.
 */
import type { Frontmatter } from '../types.js';
import { frontmatterData } from '../markdown/frontmatter.js';

export interface PageSummary {
  frontmatter: Frontmatter;
  /** First `# Heading` of the body, if any. */
  h1?: string;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/;

export function readFrontmatter(source: string): PageSummary {
  let frontmatter: Frontmatter = {};
  let body = source;
  const match = FRONTMATTER.exec(source);
  if (match) {
    body = source.slice(match[0].length);
    try {
      const data = frontmatterData(match[1]);
      if (data && typeof data === 'object' && !Array.isArray(data)) frontmatter = data as Frontmatter;
    } catch {
      // the renderer reports bad YAML with its line; here we simply know nothing
    }
  }
  const h1 = /^#[ \t]+(.+?)[ \t#]*$/m.exec(body)?.[1];
  return { frontmatter, h1 };
}

/** The frontmatter block of `source` as written (`---` lines included), '' when it has none: frontmatterKeyLine finds the same lines in it. */
export function frontmatterBlock(source: string): string {
  return FRONTMATTER.exec(source)?.[0] ?? '';
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
