/** Test helper: renders an MDX string as a page of an empty site (links resolve when they start with /ok). */
import { renderPage } from '../../../src/render/markdown/index.js';
import type { PageContext, RenderedPage, SiteConfig } from '../../../src/render/types.js';

export const EMPTY_CONFIG: SiteConfig = {
  source: 'docs.json',
  name: 'Test',
  colors: { primary: '#000000' },
  navigation: { root: [], sections: [], global: [] },
  navbar: { links: [] },
  footer: { socials: {}, links: [] },
  redirects: [],
  appearance: { default: 'system', strict: false },
  seo: { indexing: 'navigable', metatags: {} },
  errors: {},
  integrations: {},
  api: { openapi: [] },
  raw: {},
};

export function testContext(extra: Partial<PageContext> = {}): PageContext {
  return {
    root: '/nonexistent-docs-root',
    page: 'guides/page',
    file: 'guides/page.mdx',
    config: EMPTY_CONFIG,
    deployment: 'cloud',
    resolveLink: (href) => (href.startsWith('/ok') ? `${href}.html` : null),
    resolveAsset: (ref) => (ref.startsWith('/images/') ? `/assets${ref}` : null),
    ...extra,
  };
}

export function render(source: string, extra: Partial<PageContext> = {}): Promise<RenderedPage> {
  return renderPage(source, testContext(extra));
}

/** Drops the SVG bodies of icons so snapshots stay readable. */
export function compact(html: string): string {
  return html.replace(/(<svg[^>]*>)[\s\S]*?<\/svg>/g, '$1…</svg>');
}
