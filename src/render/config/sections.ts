/**
 * Validates the non-navigation sections of docs.json with their zod schema and fills in
 * defaults. A section with a wrong type is reported (path + message) and replaced by
 * its default, so one typo does not stop the whole export.
 */
import type { Diagnostic, LinkItem, Redirect, SiteConfig } from '../types.js';
import { friendlyIssues } from './friendly-errors.js';
import { seoOf } from './seo.js';
import { openapiSources, sectionSchemas, type Section, type SectionName } from './schema.js';

export const DEFAULT_PRIMARY = '#16A34A';

type Raw = Record<string, unknown>;

/** Reads one section: its parsed value, or undefined when absent or invalid. */
export function readSection<K extends SectionName>(raw: Raw, key: K, file: string, diagnostics: Diagnostic[]): Section<K> | undefined {
  return parseSection(key, raw[key], [key], file, diagnostics);
}

/** Parses a value with section `key`'s schema, problems reported under `base` (e.g. a language's `navbar`). */
export function parseSection<K extends SectionName>(key: K, value: unknown, base: PropertyKey[], file: string, diagnostics: Diagnostic[]): Section<K> | undefined {
  if (value === undefined || value === null) return undefined;
  const res = sectionSchemas[key].safeParse(value);
  if (res.success) return res.data as Section<K>;
  diagnostics.push(...friendlyIssues(res.error, value, base, file));
  return undefined;
}

/** `navbar` as the layout draws it; `path` names where it was written. */
export function navbarOf(navbar: Section<'navbar'> | undefined, path: string, file: string, diagnostics: Diagnostic[]): SiteConfig['navbar'] {
  const primary = navbar?.primary;
  return {
    links: linkItems(navbar?.links, `${path}.links`, file, diagnostics),
    ...(primary?.href ? { primary: { label: primary.label ?? (primary.type === 'github' ? 'GitHub' : primary.href), href: primary.href, ...(primary.type ? { type: primary.type } : {}) } } : {}),
  };
}

/** `footer` as the layout draws it. */
export function footerOf(footer: Section<'footer'> | undefined, path: string, file: string, diagnostics: Diagnostic[]): SiteConfig['footer'] {
  return {
    socials: footer?.socials ?? {},
    links: (footer?.links ?? []).map((col, i) => ({ ...(col.header ? { header: col.header } : {}), items: linkItems(col.items, `${path}.links[${i}].items`, file, diagnostics) })),
  };
}

export function bannerOf(banner: Section<'banner'> | undefined): SiteConfig['banner'] {
  return banner ? { content: banner.content, ...(banner.dismissible !== undefined ? { dismissible: banner.dismissible } : {}) } : undefined;
}

type RawLink = { label?: string; name?: string; href?: string; url?: string; icon?: string };

/** Link items with a label and an href; others are reported at `path[i]` and left out. */
export function linkItems(list: RawLink[] | undefined, path: string, file: string, diagnostics: Diagnostic[]): LinkItem[] {
  const out: LinkItem[] = [];
  (list ?? []).forEach((l, i) => {
    const label = l.label ?? l.name;
    const href = l.href ?? l.url;
    if (label === undefined || href === undefined) {
      const p = `${path}[${i}]`;
      diagnostics.push({ severity: 'error', file, path: p, message: `${p}: a link needs both "label" and "href"` });
      return;
    }
    out.push({ label, href, ...(l.icon ? { icon: l.icon } : {}) });
  });
  return out;
}

/** Every docs.json section except `navigation`, normalised. */
export function readSections(raw: Raw, file: string, diagnostics: Diagnostic[]): Omit<SiteConfig, 'source' | 'navigation' | 'raw'> {
  const r = <K extends SectionName>(k: K) => readSection(raw, k, file, diagnostics);
  const name = r('name');
  if (raw.name === undefined) diagnostics.push({ severity: 'warning', file, path: 'name', message: 'name: missing; using "Documentation"' });
  const colors = r('colors');
  const background = r('background')?.color;
  const logo = r('logo');
  const favicon = r('favicon');
  const navbar = r('navbar');
  const footer = r('footer');
  const redirects = r('redirects') ?? [];
  const banner = r('banner');
  const appearance = r('appearance');
  const seo = r('seo');
  const icons = r('icons');
  const errors = r('errors');
  const api = r('api');
  // `api.servers` (as Quire's OpenAPI pages document it) or the platform's `api.mdx.server`.
  const servers = api?.servers ?? api?.mdx?.server;
  return {
    name: name ?? 'Documentation',
    ...(r('theme') !== undefined ? { theme: raw.theme as string } : {}),
    colors: { primary: colors?.primary ?? DEFAULT_PRIMARY, ...(colors?.light ? { light: colors.light } : {}), ...(colors?.dark ? { dark: colors.dark } : {}) },
    ...(background?.light || background?.dark ? { background: { ...(background.light ? { light: background.light } : {}), ...(background.dark ? { dark: background.dark } : {}) } } : {}),
    ...(logo !== undefined ? { logo: typeof logo === 'string' ? { light: logo, dark: logo } : { light: logo.light, dark: logo.dark ?? logo.light, href: logo.href } } : {}),
    ...(favicon !== undefined ? { favicon: typeof favicon === 'string' ? favicon : (favicon.light ?? favicon.dark) } : {}),
    navbar: navbarOf(navbar, 'navbar', file, diagnostics),
    footer: footerOf(footer, 'footer', file, diagnostics),
    redirects: redirects.map((x): Redirect => ({ source: x.source, destination: x.destination, permanent: x.permanent ?? true })),
    ...(banner ? { banner: bannerOf(banner) } : {}),
    appearance: { default: appearance?.default ?? 'system', strict: appearance?.strict ?? false },
    icons: { library: icons?.library ?? 'fontawesome' },
    seo: seoOf(seo, file, diagnostics),
    errors: { ...(errors?.['404'] ? { notFound: errors['404'] } : {}) },
    integrations: r('integrations') ?? {},
    api: {
      openapi: openapiSources(api?.openapi),
      ...(api?.playground ? { playground: api.playground } : {}),
      ...(api?.url ? { url: api.url } : {}),
      ...(servers !== undefined ? { servers: typeof servers === 'string' ? [servers] : servers } : {}),
      ...(api?.examples ? { examples: api.examples } : {}),
    },
  };
}
