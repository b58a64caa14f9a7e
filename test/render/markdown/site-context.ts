/**
 * Test helper: renders pages of a fixture site with a PageContext whose link and asset
 * resolvers check the real files, as the site writer's do.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSiteConfig } from '../../../src/render/config/index.js';
import { renderPage } from '../../../src/render/markdown/index.js';
import type { PageContext, RenderedPage, SiteConfig } from '../../../src/render/types.js';

export const SITES = fileURLToPath(new URL('../../fixtures/sites/', import.meta.url));

function target(ref: string, fromPage: string): string {
  const clean = ref.replace(/[?#].*$/, '');
  return clean.startsWith('/') ? posix.normalize(clean.slice(1)) : posix.normalize(posix.join(posix.dirname(fromPage), clean));
}

export function makeContext(root: string, file: string, config: SiteConfig, extra: Partial<PageContext> = {}): PageContext {
  const page = file.replace(/\.mdx?$/, '');
  return {
    root,
    page,
    file,
    config,
    deployment: 'cloud',
    resolveLink(href, fromPage) {
      const t = target(href, fromPage).replace(/\/$/, '');
      const hash = href.includes('#') ? href.slice(href.indexOf('#')) : '';
      for (const cand of [t, `${t}/index`]) {
        if (existsSync(join(root, `${cand}.mdx`)) || existsSync(join(root, `${cand}.md`))) return `/${cand}.html${hash}`;
      }
      return null;
    },
    resolveAsset(ref, fromPage) {
      const t = target(ref, fromPage);
      return existsSync(join(root, t)) ? `/${t}` : null;
    },
    ...extra,
  };
}

/** Renders `file` of fixture site `site`. */
export async function renderFixture(site: string, file: string, extra: Partial<PageContext> = {}): Promise<RenderedPage> {
  const root = join(SITES, site);
  const { config } = await loadSiteConfig(root);
  const source = await readFile(join(root, file), 'utf8');
  return renderPage(source, makeContext(root, file, config, extra));
}
