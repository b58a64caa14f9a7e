/**
 * What `quire host` tells agents about a page, as Mintlify's hosted sites do
 * (ai/llmstxt.mdx, ai/markdown-export.mdx): every page answers with `Link` headers to
 * `/llms.txt` and `/llms-full.txt` and an `X-Llms-Txt` header when the site has them,
 * and a page asked for with `Accept: text/markdown` (or `text/plain`) answers with its
 * Markdown version, the `page.md` the export wrote beside `page.html`.
 */
import type { SiteFile } from './site.js';

export interface PageHeaders {
  /** The answer depends on Accept: the page has a Markdown version. */
  varyAccept: boolean;
  /** Flat name/value list added to the answer's headers. */
  extra: string[];
}

/** Marks each HTML page that has a Markdown version, and gives pages (both forms) their headers. */
export function linkPagesToMarkdown(files: Map<string, SiteFile>): void {
  const links: string[] = [];
  if (files.has('llms.txt')) links.push('</llms.txt>; rel="llms-txt"');
  if (files.has('llms-full.txt')) links.push('</llms-full.txt>; rel="llms-full-txt"');
  const extra = links.length ? ['Link', links.join(', '), ...(files.has('llms.txt') ? ['X-Llms-Txt', '/llms.txt'] : [])] : [];
  for (const [path, file] of files) {
    if (!file.contentType.startsWith('text/html')) continue;
    const markdown = path.endsWith('.html') ? files.get(`${path.slice(0, -'.html'.length)}.md`) : undefined;
    if (markdown) {
      file.markdown = markdown.path;
      markdown.pageHeaders = { varyAccept: true, extra };
    }
    if (markdown || extra.length) file.pageHeaders = { varyAccept: !!markdown, extra };
  }
}

/**
 * Whether an Accept header prefers Markdown: `text/markdown` or `text/plain` listed with a
 * quality at least that of `text/html` (browsers list text/html first; `*\/*` alone is HTML).
 */
export function wantsMarkdown(accept: string | undefined): boolean {
  if (!accept || !/text\/(markdown|plain)/i.test(accept)) return false;
  let markdown = 0;
  let html = 0;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) || 0 : 1;
    if (type === 'text/markdown' || type === 'text/plain') markdown = Math.max(markdown, quality);
    else if (type === 'text/html' || type === 'application/xhtml+xml') html = Math.max(html, quality);
  }
  return markdown > 0 && markdown >= html;
}
