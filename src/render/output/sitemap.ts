/**
 * sitemap.xml and robots.txt. URLs are extensionless and absolute, built from the
 * export's base URL, else docs.json's canonical base (site-files.ts); without either the
 * sitemap lists root-relative paths (still useful to a host that knows its origin) and
 * robots.txt names no sitemap.
 */
import { canonicalUrl, encodePath, publicPath } from './page-paths.js';

function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export function sitemapXml(pages: string[], baseUrl: string | undefined, trailingSlash = false): string {
  const urls = [...pages]
    .sort()
    .map((p) => canonicalUrl(baseUrl, p, trailingSlash) ?? `/${encodePath(publicPath(p))}${trailingSlash && publicPath(p) ? '/' : ''}`)
    .map((u) => `  <url><loc>${xmlEscape(u)}</loc></url>\n`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
}

/**
 * Mintlify's robots.txt (optimize/seo.mdx, "Content-Signal directives"): every user agent may
 * crawl, and the Content Signals Policy's defaults say its pages may train AI models, build
 * search indexes and feed AI answers. A site that wants other signals writes its own
 * robots.txt (site-files.ts copies it instead).
 */
export function robotsTxt(baseUrl: string | undefined, allowIndexing: boolean): string {
  const rules = allowIndexing ? 'User-agent: *\nContent-Signal: ai-train=yes, search=yes, ai-input=yes\nAllow: /\n' : 'User-agent: *\nDisallow: /\n';
  return baseUrl ? `${rules}\nSitemap: ${baseUrl.replace(/\/+$/, '')}/sitemap.xml\n` : rules;
}
