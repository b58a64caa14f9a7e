/**
 * Renders one API reference page (runs inside render worker threads).
 */
import type { PageContext, RenderedPage } from '../types.js';
import type { EndpointPageSpec } from './types.js';

export async function renderEndpointPage(spec: EndpointPageSpec, ctx: PageContext, contentHtml?: string): Promise<RenderedPage> {
  void ctx;
  return { page: spec.page, frontmatter: {}, title: spec.title, html: contentHtml ?? '', headings: [], brokenLinks: [], assets: [], diagnostics: [] };
}
