/**
 * The schema.org structured data of a page's <head>, as Mintlify's optimize/seo.mdx
 * "Structured data" describes it: one JSON-LD script holding a connected `@graph` of
 * Organization (the publisher; docs.json `seo.organization` when given), WebSite, WebPage,
 * BreadcrumbList and the main entity, `TechArticle`, or `APIReference` for pages made
 * from an API specification. A field without a value is left out; `noindex` pages and
 * 404.html have none.
 *
 * Decision: every `@id` is an absolute URL built from the site's base (docs.json's
 * canonical base, else `--base-url`) and the page's canonical URL. Without both there
 * is no script at all: relative `@id`s would name nothing a search engine can join.
 * No dates: a static export does not know when a page last changed.
 */
import type { Frontmatter, SiteConfig } from '../types.js';
import { canonicalUrl } from '../output/page-paths.js';
import { httpUrl } from '../config/seo.js';
import { siteBase, tagContent } from './head-meta.js';
import type { SiteModel } from './site-model.js';

/** What the structured data knows of the page it is written for. */
export interface StructuredPage {
  title: string;
  description?: string;
  frontmatter: Frontmatter;
  noindex: boolean;
  canonical?: string;
  /** The page's place in the navigation, outermost first, without the page itself (the breadcrumbs). */
  trail: string[];
}

type Entity = Record<string, unknown>;

/** The site-wide part of every graph, worked out once per config and base. */
interface SiteGraph {
  base: string;
  organization: Entity;
  website: Entity;
}

const siteGraphCache = new WeakMap<SiteConfig, SiteGraph>();

/** The docs logo as an absolute URL: a file of the export under the site's home, or a logo written as a URL. */
function logoUrl(model: SiteModel, home: string): string | undefined {
  const file = model.assets.logoLight ?? model.assets.logoDark;
  if (file) return new URL(encodeURI(file), home).href;
  return httpUrl(model.config.logo?.light) ?? httpUrl(model.config.logo?.dark);
}

function siteGraph(model: SiteModel): SiteGraph | undefined {
  const base = siteBase(model);
  if (!base) return undefined;
  const cached = siteGraphCache.get(model.config);
  if (cached?.base === base) return cached;
  const home = canonicalUrl(base, 'index')!;
  // docs.json `seo.organization`, resolved and checked with the config (config/seo.ts).
  const org = model.config.seo.organization ?? {};
  const orgId = org.id ?? `${new URL(home).origin}/#organization`;
  // JSON.stringify leaves out undefined fields: "no field without a value".
  const organization: Entity = {
    '@type': 'Organization', '@id': orgId, name: org.name ?? model.config.name, legalName: org.legalName,
    url: org.url ?? home, logo: org.logo ?? logoUrl(model, home), sameAs: org.sameAs,
  };
  const website: Entity = { '@type': 'WebSite', '@id': `${home}#website`, url: home, name: model.config.name, publisher: { '@id': orgId } };
  const graph = { base, organization, website };
  siteGraphCache.set(model.config, graph);
  return graph;
}

/** A page made from an API specification: its frontmatter names one (generated pages carry `openapi`/`asyncapi` too). */
function isApiPage(fm: Frontmatter): boolean {
  return ['api', 'openapi', 'asyncapi'].some((key) => {
    const value = fm[key];
    return typeof value === 'string' && value.trim() !== '';
  });
}

/**
 * JSON that cannot end the <script> it sits in nor open a comment there: `<`, `>` and `&`
 * as \u escapes (a title may hold `</script>`), and U+2028/U+2029 for old JavaScript parsers.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page's `<script type="application/ld+json">`, or '' (see the header for when). */
export function renderStructuredData(model: SiteModel, page: StructuredPage): string {
  if (page.noindex || !page.canonical) return '';
  const site = siteGraph(model);
  if (!site) return '';
  const url = page.canonical.split('#')[0];
  const webpageId = `${url}#webpage`;
  const description = page.description?.trim() || undefined;
  const crumbs = [...page.trail, page.title];
  const graph: Entity[] = [
    site.organization,
    site.website,
    {
      '@type': 'WebPage', '@id': webpageId, url, name: page.title, description,
      isPartOf: { '@id': site.website['@id'] }, breadcrumb: { '@id': `${url}#breadcrumb` }, mainEntity: { '@id': `${url}#article` },
    },
    {
      '@type': 'BreadcrumbList', '@id': `${url}#breadcrumb`,
      // Only the page itself has a URL: the navigation's groups are labels, not pages.
      itemListElement: crumbs.map((name, i) => ({ '@type': 'ListItem', position: i + 1, name, item: i === crumbs.length - 1 ? url : undefined })),
    },
    {
      '@type': isApiPage(page.frontmatter) ? 'APIReference' : 'TechArticle', '@id': `${url}#article`, headline: page.title, description,
      keywords: tagContent('keywords', page.frontmatter.keywords), url, mainEntityOfPage: { '@id': webpageId },
      isPartOf: { '@id': site.website['@id'] }, publisher: { '@id': site.organization['@id'] },
    },
  ];
  return `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', '@graph': graph })}</script>`;
}
