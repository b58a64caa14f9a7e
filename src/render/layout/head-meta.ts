/**
 * The meta tags of a page's <head> as Mintlify writes them (its optimize/seo.mdx): the
 * tags it generates for every page, docs.json's `seo.metatags`, and the page's own
 * frontmatter tags (`og:*`, `twitter:*`, `robots`, `keywords`), each source winning over
 * the one before; and the page's canonical URL.
 *
 * Decision: a canonical URL is the frontmatter's `canonical` (a full URL), else
 * docs.json's `seo.metatags.canonical` with the page's path appended, else the export's
 * base URL with the path (page-paths.ts canonicalUrl: `index` -> `base/`,
 * `guides/index` -> `base/guides`). No og:image is invented: Mintlify draws one on its
 * servers, a static export has none.
 */
import type { Frontmatter, SiteConfig } from '../types.js';
import { canonicalUrl } from '../output/page-paths.js';
import { httpUrl, isMetaKey, isPageTagKey } from '../config/seo.js';
import { escapeAttr } from './escape.js';
import type { SiteModel } from './site-model.js';

/** What the head knows of the page it is written for. */
export interface HeadPage {
  title: string;
  description?: string;
  frontmatter: Frontmatter;
  /** `robots: noindex` whatever else says otherwise (hidden and `noindex` pages, 404.html). */
  noindex: boolean;
  canonical?: string;
}

/** Tags the head writes in its own way: `<meta charset>` (always UTF-8) and `<link rel="canonical">`. */
const NOT_META = new Set(['charset', 'canonical']);

/** The site's part of every head, worked out once per config. */
interface SiteTags {
  /** Mintlify's generated site-wide tags under docs.json's `seo.metatags`. */
  tags: [string, string][];
  canonicalBase?: string;
}

const siteTagsCache = new WeakMap<SiteConfig, SiteTags>();

function siteTags(config: SiteConfig): SiteTags {
  let site = siteTagsCache.get(config);
  if (site) return site;
  const tags = new Map<string, string>([
    ['viewport', 'width=device-width, initial-scale=1'],
    ['theme-color', config.colors.primary],
    ['og:type', 'website'],
    ['og:site_name', config.name],
    ['twitter:card', 'summary_large_image'],
  ]);
  // Keys are checked again here, not only when docs.json is read: the model may come from elsewhere (a cache, a test).
  for (const [key, value] of Object.entries(config.seo.metatags)) {
    if (isMetaKey(key) && !NOT_META.has(key) && typeof value === 'string') tags.set(key, value);
  }
  site = { tags: [...tags], canonicalBase: httpUrl(config.seo.canonical) };
  siteTagsCache.set(config, site);
  return site;
}

/** The URL pages' paths are appended to: docs.json's canonical base, else the export's base URL. */
export function siteBase(model: SiteModel): string | undefined {
  return siteTags(model.config).canonicalBase ?? model.baseUrl;
}

/** The page's canonical URL (see the header), or undefined when nothing gives one. */
export function pageCanonical(model: SiteModel, page: string): string | undefined {
  return model.pages[page]?.canonical ?? canonicalUrl(siteBase(model), page, model.config.seo.trailingSlash);
}

/** A frontmatter value as tag content: text, a number or a boolean; `keywords` may be a list. */
export function tagContent(key: string, value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim() || undefined;
  if (key === 'keywords' && Array.isArray(value)) {
    const words = value.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim()).filter(Boolean);
    return words.length ? words.join(', ') : undefined;
  }
  return undefined;
}

/** Mintlify gives an image its size for the card, 1200 x 630, unless the author gave one. */
function addImageSize(tags: Map<string, string>, image: string): void {
  if (!tags.has(image) || tags.has(`${image}:width`) || tags.has(`${image}:height`)) return;
  tags.set(`${image}:width`, '1200');
  tags.set(`${image}:height`, '630');
}

/** The `<meta>` tags of one page's head, sorted by key so every export writes the same bytes. */
export function renderMetaTags(model: SiteModel, page: HeadPage): string {
  const tags = new Map<string, string>();
  // Generated for this page, under docs.json's tags.
  tags.set('og:title', page.title);
  if (page.description) tags.set('og:description', page.description);
  if (page.canonical) tags.set('og:url', page.canonical);
  for (const [key, value] of siteTags(model.config).tags) tags.set(key, value);
  // The page's own description is frontmatter: it wins over a site-wide one.
  if (page.description) tags.set('description', page.description);
  const fm = page.frontmatter;
  for (const key of Object.keys(fm)) {
    if (!isPageTagKey(key) || !isMetaKey(key)) continue;
    const content = tagContent(key, fm[key]);
    if (content !== undefined) tags.set(key, content);
  }
  // Twitter's tags fall back to Open Graph's.
  if (!tags.has('twitter:title')) tags.set('twitter:title', tags.get('og:title')!);
  const ogDescription = tags.get('og:description');
  if (!tags.has('twitter:description') && ogDescription) tags.set('twitter:description', ogDescription);
  addImageSize(tags, 'og:image');
  addImageSize(tags, 'twitter:image');
  // A page that must not be indexed says so, keeping a robots value that already does (`noindex, nofollow`).
  if (page.noindex && !/\bnoindex\b/i.test(tags.get('robots') ?? '')) tags.set('robots', 'noindex');
  let out = '';
  for (const key of [...tags.keys()].sort()) {
    const attr = key.startsWith('og:') || key.startsWith('article:') ? 'property' : 'name';
    out += `<meta ${attr}="${escapeAttr(key)}" content="${escapeAttr(tags.get(key))}">`;
  }
  return out;
}
