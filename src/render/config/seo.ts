/**
 * docs.json `seo` as the export applies it, and the two checks every meta tag passes
 * wherever it was written (docs.json here, frontmatter in output/page-flags.ts, the head
 * in layout/head-meta.ts): a key is a plain token, a canonical URL an absolute http(s) one.
 *
 * Decision: `seo.metatags.canonical` is not a tag but, as Mintlify's optimize/seo.mdx
 * says, the base URL each page's path is appended to; it leaves `metatags` for `canonical`.
 */
import type { Diagnostic, SeoOrganization, SiteConfig } from '../types.js';
import type { Section } from './schema.js';
import { formatJsonPath } from './friendly-errors.js';
import { isHttpUrl } from '../../core/http-url.js';

/**
 * A key that can be written as an attribute value and read as a tag name:
 * `og:image:width`, `google-site-verification`, `twitter:app:id:iphone`. Anything else
 * (a quote, `<`, a space) could close the attribute a hostile repository writes it into.
 */
const META_KEY = /^[A-Za-z][\w.:-]*$/;

export function isMetaKey(key: string): boolean {
  return META_KEY.test(key);
}

/** Frontmatter keys that are the page's own meta tags (optimize/seo.mdx "Page-specific meta tags"). */
export function isPageTagKey(key: string): boolean {
  return key.startsWith('og:') || key.startsWith('twitter:') || key === 'robots' || key === 'keywords';
}

/**
 * `raw` trimmed when it is an absolute http(s) URL written as one (`https://host...`, no
 * space: `https:host` parses too, but is no address to publish), else undefined.
 */
export function httpUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const url = raw.trim();
  return /^https?:\/\/[^/?#\s][^\s]*$/i.test(url) && isHttpUrl(url) ? url : undefined;
}

/** The `seo` section normalised: an invalid canonical base or tag key is reported and left out. */
export function seoOf(seo: Section<'seo'> | undefined, file: string, diagnostics: Diagnostic[]): SiteConfig['seo'] {
  const metatags: Record<string, string> = {};
  let canonical: string | undefined;
  for (const [key, value] of Object.entries(seo?.metatags ?? {})) {
    const path = formatJsonPath(['seo', 'metatags', key]);
    if (key === 'canonical') {
      canonical = httpUrl(value);
      if (!canonical) diagnostics.push({ severity: 'warning', file, path, message: `${path}: ${JSON.stringify(value)} is not an absolute http(s) URL (ignored): canonical links use the export's base URL` });
    } else if (isMetaKey(key)) metatags[key] = value;
    else diagnostics.push({ severity: 'warning', file, path, message: `${path}: ${JSON.stringify(key)} is not a meta tag name (letters, digits, ".", ":", "-", "_"); the tag is left out` });
  }
  const organization = organizationOf((seo as { organization?: unknown } | undefined)?.organization, file, diagnostics);
  return { indexing: seo?.indexing ?? 'navigable', metatags, ...(canonical ? { canonical } : {}), ...(organization ? { organization } : {}), ...(seo?.trailingSlash ? { trailingSlash: true } : {}) };
}

const ORGANIZATION_TEXT = ['name', 'legalName'] as const;
const ORGANIZATION_URLS = ['id', 'url', 'logo'] as const;

/**
 * `seo.organization` resolved: `name` and `legalName` as text, `id`, `url`, `logo` and each of
 * `sameAs` as absolute http(s) URLs (they are written into every page's structured data). A
 * value of another kind is reported with its path and left out.
 */
function organizationOf(raw: unknown, file: string, diagnostics: Diagnostic[]): SeoOrganization | undefined {
  if (raw === undefined) return undefined;
  const at = (...keys: (string | number)[]) => formatJsonPath(['seo', 'organization', ...keys]);
  const drop = (path: string, value: unknown, wanted: string) =>
    diagnostics.push({ severity: 'warning', file, path, message: `${path}: ${JSON.stringify(value)} is not ${wanted} (left out of the structured data)` });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    drop(at(), raw, 'an object');
    return undefined;
  }
  const fields = raw as Record<string, unknown>;
  const organization: SeoOrganization = {};
  for (const key of ORGANIZATION_TEXT) {
    const value = fields[key];
    if (value === undefined) continue;
    if (typeof value === 'string' && value.trim()) organization[key] = value.trim();
    else drop(at(key), value, 'text');
  }
  for (const key of ORGANIZATION_URLS) {
    const value = fields[key];
    if (value === undefined) continue;
    const url = httpUrl(value);
    if (url) organization[key] = url;
    else drop(at(key), value, 'an absolute http(s) URL');
  }
  if (fields.sameAs !== undefined) {
    const list = Array.isArray(fields.sameAs) ? fields.sameAs : [fields.sameAs];
    const sameAs: string[] = [];
    list.forEach((value, i) => {
      const url = httpUrl(value);
      if (url) sameAs.push(url);
      else drop(Array.isArray(fields.sameAs) ? at('sameAs', i) : at('sameAs'), value, 'an absolute http(s) URL');
    });
    if (sameAs.length) organization.sameAs = sameAs;
  }
  return organization;
}
