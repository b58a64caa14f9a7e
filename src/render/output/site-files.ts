/**
 * The site-wide files around the pages: sitemap.xml, robots.txt, 404.html,
 * redirects.json and one small HTML page per redirect source (see redirectStubs).
 */
import { join } from 'node:path';
import type { RenderTask } from '../pool/render-task.js';
import { escapeAttr, escapeHtml } from '../layout/escape.js';
import { layoutPage } from '../layout/page-layout.js';
import { pageIconFor } from '../layout/page-icon.js';
import type { SiteModel } from '../layout/site-model.js';
import { pageOutputFile } from './page-paths.js';
import { uiStrings } from '../layout/ui-strings.js';
import type { SitePlan } from './plan-site.js';
import type { OutputContent } from './write-files.js';
import type { Diagnostic } from '../types.js';
import { redirectPage, redirectsJson } from './redirect-pages.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

/** Pages listed in the sitemap (output/page-flags.ts decides which). */
export function sitemapPages(plan: SitePlan, tasks: RenderTask[]): string[] {
  return tasks
    .map((t) => plan.pages[t.page])
    .filter((p) => p.listed)
    .map((p) => p.page);
}

/**
 * 404.html in the default language's words. `errors.404.redirect` (Mintlify's default:
 * true) sends a path no redirect rule matches on to the home page; without JS, or with
 * `redirect: false`, the page stays and links home.
 */
function notFoundPage(plan: SitePlan, model: SiteModel): string {
  const nf = plan.config.errors.notFound ?? {};
  const languages = model.navigation.sections.filter((s) => s.kind === 'language');
  const ui = uiStrings((languages.find((s) => s.default) ?? languages[0])?.label);
  const title = nf.title?.trim() || ui.notFoundTitle;
  const description = nf.description?.trim() || ui.notFoundDescription;
  const home = model.pages.index ? 'index.html' : model.order[0] ? pageOutputFile(model.order[0]) : 'index.html';
  const redirect = nf.redirect !== false ? ` data-not-found-home="${escapeAttr(home)}"` : '';
  const html = `<div class="not-found"${redirect}><p class="not-found-code">404</p><p>${escapeHtml(description)}</p>` +
    `<p><a class="button-primary" href="${escapeAttr(home)}">${escapeHtml(ui.goHome)}</a></p></div>`;
  let basePath = '/';
  if (model.baseUrl) basePath = new URL(model.baseUrl).pathname.replace(/\/*$/, '/');
  // Static hosts answer unknown paths with this page: it applies the redirect rules
  // (wildcards too) in the browser, see redirects in the site script.
  const rules = plan.config.redirects.map((r) => ({ source: r.source, destination: r.destination }));
  const data = rules.length ? `<script type="application/json" id="quire-redirects">${JSON.stringify(rules).replace(/</g, '\\u003c')}</script>` : '';
  return layoutPage(model, { page: '404', frontmatter: {}, title, html: html + data, headings: [] }, { icon: pageIconFor(model.config.icons?.library), basePath });
}

/**
 * The site-wide files. A `robots.txt` or `sitemap.xml` at the docs root replaces Quire's, as
 * Mintlify serves a project's own (optimize/seo.mdx, "Custom sitemaps and robots.txt files"):
 * robots.txt is plain text; a sitemap is XML, which a browser opening it from the docs site
 * would run the scripts of (output/source-copies.ts), so the project's own is copied only
 * with site scripts enabled, and otherwise Quire's is written and the choice reported.
 */
export function siteFiles(plan: SitePlan, model: SiteModel, tasks: RenderTask[], written: ReadonlySet<string>, siteScripts: boolean, diagnostics: Diagnostic[]): Map<string, OutputContent> {
  const files = new Map<string, OutputContent>();
  // Where this copy is served, else the site's public address from docs.json (`seo.metatags.canonical`): a sitemap lists absolute URLs.
  const siteUrl = model.baseUrl ?? model.config.seo.canonical;
  const ownSitemap = plan.files.includes('sitemap.xml');
  if (ownSitemap && siteScripts) files.set('sitemap.xml', { copyFrom: join(plan.root, 'sitemap.xml') });
  else files.set('sitemap.xml', sitemapXml(sitemapPages(plan, tasks), siteUrl, model.config.seo.trailingSlash));
  if (ownSitemap && !siteScripts) {
    diagnostics.push({
      severity: 'warning',
      file: 'sitemap.xml',
      message: '"sitemap.xml" of the repository is not used: an XML file opened from the docs site could run script on its origin; Quire writes its own sitemap (the repository\'s is copied only when site scripts are enabled for the project, --site-scripts)',
    });
  }
  files.set('robots.txt', plan.files.includes('robots.txt') ? { copyFrom: join(plan.root, 'robots.txt') } : robotsTxt(siteUrl, true));
  files.set('404.html', notFoundPage(plan, model));
  files.set('redirects.json', redirectsJson(plan.config.redirects));
  const pages = new Set(Object.keys(plan.pages));
  const redirectSite = { baseUrl: model.baseUrl, favicon: model.assets.favicon, trailingSlash: model.config.seo.trailingSlash };
  // A site without an `index` page (common in mint.json sites) still answers at its
  // root: index.html sends the browser to the first page of the navigation.
  const first = model.order[0] ?? Object.keys(plan.pages).sort()[0];
  if (!pages.has('index') && first && !written.has('index.html')) {
    files.set('index.html', redirectPage('index', `/${first}`, pages, redirectSite));
  }
  const stubs = plan.redirectStubs;
  for (const [source, destination] of stubs) {
    const file = pageOutputFile(source);
    if (written.has(file) || files.has(file)) continue;
    files.set(file, redirectPage(source, destination, pages, redirectSite, stubs));
  }
  return files;
}
