/**
 * Test helpers for the API reference: a SiteConfig built from a few fields (the rest
 * defaulted as loadSiteConfig would) and a PageContext whose links resolve to `.html`.
 */
import { fileURLToPath } from 'node:url';
import type { Deployment, NavNode, NavSection, PageContext, SiteConfig, NavSpecs } from '../../../src/render/types.js';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/openapi/', import.meta.url));

export function siteConfig(opts: { root?: NavNode[]; sections?: NavSection[]; api?: Partial<SiteConfig['api']>; raw?: Record<string, unknown> } = {}): SiteConfig {
  return {
    source: 'docs.json',
    name: 'Test',
    colors: { primary: '#0f766e' },
    navigation: { root: opts.root ?? [], sections: opts.sections ?? [], global: [] },
    navbar: { links: [] },
    footer: { socials: {}, links: [] },
    redirects: [],
    appearance: { default: 'system', strict: false },
    seo: { indexing: 'navigable', metatags: {} },
    errors: {},
    integrations: {},
    api: { openapi: [], ...opts.api },
    raw: opts.raw ?? {},
  };
}

export function pageContext(root: string, config: SiteConfig, deployment: Deployment = 'cloud', known: string[] = []): PageContext {
  return {
    root, page: 'x', file: 'x.mdx', config, deployment,
    resolveLink: (href) => (known.includes(href.replace(/^\//, '').replace(/#.*$/, '')) ? `${href.replace(/^\//, '/')}.html` : null),
    resolveAsset: () => null,
  };
}

/** A group carrying `openapi` (a path or URL) as navigation.ts does. */
export function group(name: string, children: NavNode[], openapi?: string): NavNode {
  return { kind: 'group', group: name, children, ...(openapi ? specs(openapi) : {}) };
}

/** `openapi` of a node as navigation.ts carries it. */
export function specs(source: string, directory?: string): { openapi: string; specs: NavSpecs } {
  return { openapi: source, specs: { openapi: { source: [source], ...(directory ? { directory } : {}) } } };
}

export function endpoint(method: string, path: string, file?: string): NavNode {
  return { kind: 'endpoint', method, path, ...(file ? { file } : {}) };
}
