/**
 * One render task: reads a page, renders its body (MDX through renderPage, API
 * reference pages through renderEndpointPage, with the MDX content of an `openapi:`
 * page above the reference) and puts it into the layout. Runs inside the render
 * worker threads; also callable on the main thread.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPage } from '../markdown/render-page.js';
import { renderEndpointPage, type EndpointPageSpec } from '../openapi/index.js';
import type { Diagnostic, PageContext, RenderedPage } from '../types.js';
import { layoutPage } from '../layout/page-layout.js';
import type { SiteModel } from '../layout/site-model.js';
import { createLinkResolver } from '../output/resolve-links.js';
import { createHighlightCache } from '../cache/highlight-cache.js';
import { pageIcon } from '../layout/page-icon.js';

export interface RenderTask {
  page: string;
  /** Source file of an MDX page (relative to the root). */
  file?: string;
  /** Set for API reference pages. */
  spec?: EndpointPageSpec;
}

export interface RenderTaskResult {
  rendered: RenderedPage;
  /** The whole HTML document of the page. */
  html: string;
  brokenLinks: { file: string; href: string; line?: number }[];
}

export interface RenderInit {
  model: SiteModel;
  root: string;
  /** Every file under the root and every page of the output, for link resolution. */
  files: string[];
  pages: string[];
  redirectSources: string[];
  /** Folder of the highlighted-code cache, when caching. */
  highlightCacheDir?: string;
}

/** Whether a rendered page needs the KaTeX stylesheet. */
export function usesMath(html: string): boolean {
  return html.includes('class="katex');
}

/** Line of the first occurrence of `needle` in `source` (1-based). */
function lineOf(source: string, needle: string): number | undefined {
  const at = source.indexOf(needle);
  return at < 0 ? undefined : source.slice(0, at).split('\n').length;
}

export function createRenderer(init: RenderInit) {
  const { resolveLink, resolveAsset } = createLinkResolver({
    pages: new Set(init.pages),
    files: new Set(init.files),
    redirectSources: new Set(init.redirectSources),
  });
  const highlightCache = init.highlightCacheDir ? createHighlightCache(init.highlightCacheDir) : undefined;

  function context(page: string, file: string): PageContext {
    return { root: init.root, page, file, config: init.model.config, deployment: init.model.deployment, resolveLink, resolveAsset, highlightCache };
  }

  async function renderMdx(page: string, file: string): Promise<{ rendered: RenderedPage; source: string }> {
    // Sync: a worker thread has nothing else to do meanwhile, and it costs a third of the async read.
    const source = readFileSync(join(init.root, file), 'utf8');
    return { rendered: await renderPage(source, context(page, file)), source };
  }

  async function renderBody(task: RenderTask): Promise<{ rendered: RenderedPage; sources: Map<string, string> }> {
    const sources = new Map<string, string>();
    if (!task.spec) {
      const { rendered, source } = await renderMdx(task.page, task.file!);
      sources.set(task.file!, source);
      return { rendered, sources };
    }
    const spec = task.spec;
    let content: RenderedPage | undefined;
    if (task.file) {
      const mdx = await renderMdx(spec.contentPage ?? task.page, task.file);
      sources.set(task.file, mdx.source);
      content = mdx.rendered;
    }
    const ctx = context(spec.page, task.file ?? spec.file);
    const rendered = await renderEndpointPage(spec, ctx, content?.html);
    if (content) {
      rendered.frontmatter = { ...content.frontmatter, ...rendered.frontmatter };
      rendered.title = content.frontmatter.title ? content.title : rendered.title;
      rendered.description ??= content.description;
      rendered.headings = [...content.headings, ...rendered.headings];
      rendered.brokenLinks = [...content.brokenLinks, ...rendered.brokenLinks];
      rendered.brokenLinkDetails = [...(content.brokenLinkDetails ?? content.brokenLinks.map((href) => ({ href }))), ...(rendered.brokenLinkDetails ?? [])];
      rendered.assets = [...content.assets, ...rendered.assets];
      rendered.diagnostics = [...content.diagnostics, ...rendered.diagnostics];
    }
    return { rendered, sources };
  }

  return async function render(task: RenderTask): Promise<RenderTaskResult> {
    let rendered: RenderedPage;
    let sources = new Map<string, string>();
    try {
      ({ rendered, sources } = await renderBody(task));
    } catch (err) {
      const diagnostic: Diagnostic = { severity: 'error', file: task.file ?? task.spec?.file ?? task.page, message: `could not render ${task.page}: ${(err as Error).message}` };
      const title = init.model.pages[task.page]?.title ?? task.page;
      rendered = { page: task.page, frontmatter: {}, title, html: '', headings: [], brokenLinks: [], assets: [], diagnostics: [diagnostic] };
    }
    const file = task.file ?? task.spec?.file ?? `${task.page}.mdx`;
    const source = task.file ? sources.get(task.file) ?? '' : '';
    const details = rendered.brokenLinkDetails ?? rendered.brokenLinks.map((href) => ({ href, line: undefined as number | undefined }));
    const brokenLinks = details.map((d) => ({ file, href: d.href, line: d.line ?? lineOf(source, d.href) }));
    const html = layoutPage(init.model, rendered, { icon: pageIcon, math: usesMath(rendered.html) });
    return { rendered, html, brokenLinks };
  };
}
