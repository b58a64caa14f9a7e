/**
 * The JSON-LD script of a page's <head> as Mintlify's optimize/seo.mdx describes it: a
 * connected @graph with stable absolute @ids, APIReference for API pages, none on noindex
 * pages, 404.html or a site without any base URL, docs.json `seo.organization` read as
 * hostile input, and a title that cannot close the script. A small site is exported end
 * to end with the real config reader; the rest goes through the real layout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutPage } from '../../../src/render/layout/page-layout.js';
import type { SiteModel, SitePage } from '../../../src/render/layout/site-model.js';
import type { Frontmatter, SiteConfig } from '../../../src/render/types.js';
import { exportedSite, type ExportedSite } from '../site/make-site.js';

type Entity = Record<string, unknown>;

const LD = /<script type="application\/ld\+json">(.*?)<\/script>/gs;

/** The JSON-LD graphs of a page, parsed. */
function graphs(html: string): Entity[][] {
  return [...html.matchAll(LD)].map((m) => (JSON.parse(m[1]) as { '@graph': Entity[] })['@graph']);
}

/** The one graph of a page, by entity type. */
function byType(html: string): Record<string, Entity> {
  const found = graphs(html);
  expect(found).toHaveLength(1);
  return Object.fromEntries(found[0].map((e) => [e['@type'] as string, e]));
}

function config(seo: Partial<SiteConfig['seo']> = {}): SiteConfig {
  return {
    source: 'docs.json', name: 'Docs', colors: { primary: '#112233' },
    navigation: { root: [{ kind: 'group', group: 'Guides', children: [{ kind: 'page', page: 'guides/setup' }, { kind: 'page', page: 'api/get' }] }], sections: [], global: [] },
    navbar: { links: [] }, footer: { socials: {}, links: [] }, redirects: [], appearance: { default: 'system', strict: false },
    seo: { indexing: 'navigable', metatags: {}, ...seo }, errors: {}, integrations: {}, api: { openapi: [] }, raw: {},
  };
}

/** A page of a two-page site drawn by the real layout. */
function page(cfg: SiteConfig, p: string, frontmatter: Frontmatter, baseUrl?: string, title = 'Set up'): string {
  const pages: Record<string, SitePage> = {};
  for (const q of ['guides/setup', 'api/get']) pages[q] = { page: q, file: `${q}.mdx`, title: q, sidebarTitle: q, deprecated: false, inNav: true, hidden: false, noindex: false, listed: true, searchable: true };
  // as the export's scan reads frontmatter canonical (output/page-flags.ts)
  if (typeof frontmatter.canonical === 'string') pages[p].canonical = frontmatter.canonical;
  const model: SiteModel = { config: cfg, navigation: cfg.navigation, deployment: 'air-gapped', baseUrl, pages, order: Object.keys(pages), assets: { css: 'a.css', js: 'a.js', headHtml: '', logoLight: 'images/logo light.svg' } };
  return layoutPage(model, { page: p, frontmatter, title, description: frontmatter.description, html: '', headings: [] });
}

describe('the graph of a page', () => {
  it('connects Organization, WebSite, WebPage, BreadcrumbList and TechArticle with absolute @ids from the canonical base', () => {
    const html = page(config({ canonical: 'https://example.com/docs' }), 'guides/setup', { description: 'How to set up.', keywords: ['install', 'cli'] }, 'https://export.example.com/');
    const g = byType(html);
    expect(Object.keys(g).sort()).toEqual(['BreadcrumbList', 'Organization', 'TechArticle', 'WebPage', 'WebSite']);
    expect(g.Organization).toEqual({ '@type': 'Organization', '@id': 'https://example.com/#organization', name: 'Docs', url: 'https://example.com/docs/', logo: 'https://example.com/docs/images/logo%20light.svg' });
    expect(g.WebSite).toEqual({ '@type': 'WebSite', '@id': 'https://example.com/docs/#website', url: 'https://example.com/docs/', name: 'Docs', publisher: { '@id': 'https://example.com/#organization' } });
    const url = 'https://example.com/docs/guides/setup';
    expect(g.WebPage).toMatchObject({ '@id': `${url}#webpage`, url, name: 'Set up', description: 'How to set up.', isPartOf: { '@id': 'https://example.com/docs/#website' }, breadcrumb: { '@id': `${url}#breadcrumb` } });
    expect(g.BreadcrumbList.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Guides' },
      { '@type': 'ListItem', position: 2, name: 'Set up', item: url },
    ]);
    expect(g.TechArticle).toMatchObject({ '@id': `${url}#article`, headline: 'Set up', description: 'How to set up.', keywords: 'install, cli', mainEntityOfPage: { '@id': `${url}#webpage` }, publisher: { '@id': 'https://example.com/#organization' } });
  });

  it('makes a page with openapi frontmatter an APIReference, and falls back on the export base URL', () => {
    const g = byType(page(config(), 'api/get', { openapi: 'GET /users' }, 'https://export.example.com/'));
    expect(g.APIReference).toMatchObject({ '@id': 'https://export.example.com/api/get#article', headline: 'Set up' });
    expect(g.TechArticle).toBeUndefined();
    // no description given: no description field
    expect(g.APIReference).not.toHaveProperty('description');
    expect(g.WebPage).not.toHaveProperty('description');
  });

  it('writes no script on a noindex page, nor anywhere on a site without any base URL', () => {
    expect(graphs(page(config({ canonical: 'https://example.com' }), 'guides/setup', { noindex: true }))).toEqual([]);
    expect(graphs(page(config(), 'guides/setup', {}))).toEqual([]);
    // the page's own canonical is not enough: the site's @ids need a base
    expect(graphs(page(config(), 'guides/setup', { canonical: 'https://example.com/x' }))).toEqual([]);
  });

  it('keeps a hostile title inside the script', () => {
    const title = '</script><script>alert(1)</script><!-- & \u2028';
    const html = page(config({ canonical: 'https://example.com' }), 'guides/setup', {}, undefined, title);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('</script><script>alert(1)');
    expect(head).not.toContain('<!--');
    expect(byType(html).TechArticle.headline).toBe(title);
  });
});

describe('a small site exported', () => {
  let site: ExportedSite;
  beforeAll(async () => {
    site = await exportedSite({
      'docs.json': JSON.stringify({
        name: 'Acme', logo: { light: '/logo.svg' }, navigation: { pages: ['index', 'hidden-one'] },
        seo: { organization: { legalName: 'Acme Inc.', url: 'https://acme.example', name: 42, sameAs: ['https://github.com/acme', 'javascript:alert(1)', 'ftp://acme.example', 7] } },
      }),
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>',
      'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
      'hidden-one.mdx': '---\ntitle: Hidden\nnoindex: true\n---\n\nText.\n',
    }, { baseUrl: 'https://docs.acme.example/' });
  });
  afterAll(() => site.cleanup());

  it('takes seo.organization from docs.json, keeping only strings and http(s) profile links, and names what it left out', () => {
    expect(byType(site.read('index.html')).Organization).toEqual({
      '@type': 'Organization', '@id': 'https://docs.acme.example/#organization', name: 'Acme', legalName: 'Acme Inc.',
      url: 'https://acme.example', logo: 'https://docs.acme.example/logo.svg', sameAs: ['https://github.com/acme'],
    });
    const left = site.diagnostics.filter((d) => d.path?.startsWith('seo.organization')).map((d) => [d.severity, d.file, d.path]);
    expect(left).toEqual([
      ['warning', 'docs.json', 'seo.organization.name'],
      ['warning', 'docs.json', 'seo.organization.sameAs[1]'],
      ['warning', 'docs.json', 'seo.organization.sameAs[2]'],
      ['warning', 'docs.json', 'seo.organization.sameAs[3]'],
    ]);
    expect(site.diagnostics.find((d) => d.path === 'seo.organization.sameAs[1]')?.message).toBe('seo.organization.sameAs[1]: "javascript:alert(1)" is not an absolute http(s) URL (left out of the structured data)');
  });

  it('writes none on a noindex page nor on 404.html', () => {
    expect(graphs(site.read('hidden-one.html'))).toEqual([]);
    expect(graphs(site.read('404.html'))).toEqual([]);
  });
});
