/**
 * One render task: reads a page, renders its body (MDX through renderPage, API
 * reference pages through renderEndpointPage, with the MDX content of an `openapi:`
 * page above the reference) and its Markdown version. Runs inside the render worker
 * threads (also callable on the main thread); the rendered page and what the export's
 * report, manifest and search index need go back: the main thread puts the body into the
 * layout, writes the files and appends the page-cache entry (export-run.ts). Those are
 * done there, not here: a render thread sets a cold export's pace while the main thread
 * waits for it a third of the time, and the page around the body (sidebar, head, footer)
 * is most of its bytes to encode.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPage } from '../markdown/render-page.js';
import type { ApiPageSpec } from '../openapi/index.js';
import type { Diagnostic, PageContext, RemoteMediaRef, RenderedPage } from '../types.js';
import { locateRemoteMedia } from '../media/media-refs.js';
import type { SiteModel } from '../layout/site-model.js';
import { sectionChain } from '../layout/nav-tree.js';
import { pageLanguage } from '../layout/nav-scope.js';
import { createLinkResolver } from '../output/resolve-links.js';
import { createHighlightCache, recentHighlights } from '../cache/highlight-cache.js';
import type { HighlightUse } from '../cache/highlight-pack.js';
import { usesMath, usesMermaid } from './page-features.js';
import type { PackTarget } from '../cache/page-pack.js';
import { useEngineCode } from '../cache/engine-version.js';
import type { TwoslashBlock } from '../highlight/twoslash-blocks.js';
import { losses, type HighlightLink } from '../highlight/remote-highlight.js';

export interface RenderTask {
  page: string;
  /** Source file of an MDX page (relative to the root). */
  file?: string;
  /** Set for API reference pages. */
  spec?: ApiPageSpec;
  /** Key of the page's body in the page cache, when the export keeps one. */
  cacheKey?: string;
  /**
   * The text of `file` as the export's scan read it (export-run.ts), so that the render
   * thread, which sets a cold export's pace, does not read the file again; without it the
   * thread reads the file.
   */
  source?: string;
}

export type BrokenLink = { file: string; href: string; line?: number };

/** A rendered page as the export's main thread sees it. */
export interface RenderTaskResult {
  title: string;
  diagnostics: Diagnostic[];
  assets: string[];
  brokenLinks: BrokenLink[];
  /** Whether the page needs the KaTeX stylesheet. */
  math: boolean;
  /** Whether the page has a Mermaid diagram (the library is then shipped). */
  mermaid: boolean;
  /**
   * The page as rendered: the main thread lays it out (layout/page-layout.ts), makes its `.md`
   * file (agents/markdown-file.ts), takes its search text and appends its page-cache entry.
   */
  rendered: RenderedPage;
  /** Whether the page goes into the page cache (under the task's cacheKey): not a page over its budget. */
  cacheable: boolean;
  /** Which Markdown parser read the page (RenderedPage.parser). */
  parser?: RenderedPage['parser'];
  /** What the page did with the highlight cache, for the main thread to record (cache/highlight-pack.ts). */
  highlights?: HighlightUse;
  /** Media on other hosts the body references, for the main thread to bundle or report (media/remote-media.ts). */
  remoteMedia?: RemoteMediaRef[];
}

/**
 * What of the site model a page's body depends on. Not the rest (assets, theme, reading order,
 * base URL): that is the layout's, drawn on the export's main thread, so the pages that miss the
 * cache can render while the main thread still makes it (export-run.ts).
 */
export type BodyModel = Pick<SiteModel, 'config' | 'navigation' | 'deployment' | 'pages'>;

/**
 * What an export that highlights in a thread of its own (a cold one, or a warm one with many
 * pages to render: export-run.ts) sends each render thread once it knows the pages' sources,
 * ahead of the pages (WorkerPool.prepare; answered with no result).
 */
export interface ThreadStart {
  start: true;
  /** The site's Twoslash blocks the highlight thread types and draws (the others are typed where drawn). */
  twoslash?: TwoslashBlock[];
  /** The export's highlight thread, which highlights this thread's code blocks (highlight-thread.ts). */
  highlight?: HighlightLink;
}

export interface RenderInit {
  model: BodyModel;
  root: string;
  /** Every file under the root and every page of the output, for link resolution. */
  files: string[];
  pages: string[];
  redirectSources: string[];
  /** Cache folder of the export (highlighted code goes there), when caching. */
  cacheDir?: string;
  /** The pack this export appends highlighted code blocks to (cache/highlight-pack.ts), when caching. */
  highlightPack?: PackTarget;
  /** The main thread's engineCode(), for highlight cache keys (see cache/engine-version.ts). */
  engineCode?: string;
}

/** Line of the first occurrence of `needle` in `source` (1-based). */
function lineOf(source: string, needle: string): number | undefined {
  const at = source.indexOf(needle);
  return at < 0 ? undefined : source.slice(0, at).split('\n').length;
}

export function createRenderer(init: RenderInit) {
  if (init.engineCode) useEngineCode(init.engineCode);
  const { resolveLink, resolveAsset } = createLinkResolver({
    pages: new Set(init.pages),
    files: new Set(init.files),
    redirectSources: new Set(init.redirectSources),
    redirects: init.model.config.redirects,
  });
  const packStore = init.cacheDir ? createHighlightCache(join(init.cacheDir, 'highlight'), init.highlightPack) : undefined;
  const highlightCache = packStore ?? recentHighlights;

  function context(page: string, file: string): PageContext {
    const language = pageLanguage(sectionChain(init.model.navigation, page).chain)?.label;
    return { root: init.root, page, file, config: init.model.config, deployment: init.model.deployment, ...(language ? { language } : {}), resolveLink, resolveAsset, highlightCache };
  }

  async function renderMdx(page: string, file: string, read: string | undefined): Promise<{ rendered: RenderedPage; source: string }> {
    // Sync: a worker thread has nothing else to do meanwhile, and it costs a sixth of the async read.
    const source = read ?? readFileSync(join(init.root, file), 'utf8');
    return { rendered: await renderPage(source, context(page, file)), source };
  }

  async function renderBody(task: RenderTask): Promise<{ rendered: RenderedPage; sources: Map<string, string> }> {
    const sources = new Map<string, string>();
    if (!task.spec) {
      const { rendered, source } = await renderMdx(task.page, task.file!, task.source);
      sources.set(task.file!, source);
      return { rendered, sources };
    }
    const spec = task.spec;
    let content: RenderedPage | undefined;
    if (task.file) {
      const mdx = await renderMdx(spec.contentPage ?? task.page, task.file, task.source);
      sources.set(task.file, mdx.source);
      content = mdx.rendered;
    }
    const ctx = context(spec.page, task.file ?? spec.file);
    // Loaded on the first API page: sites without one never pay for the OpenAPI renderer.
    const { renderEndpointPage, renderChannelPage } = await import('../openapi/index.js');
    const rendered = spec.kind === 'channel' ? await renderChannelPage(spec, ctx, content?.html, content?.markdown) : await renderEndpointPage(spec, ctx, content?.html, content?.markdown);
    if (content) {
      rendered.frontmatter = { ...content.frontmatter, ...rendered.frontmatter };
      rendered.title = content.frontmatter.title ? content.title : rendered.title;
      rendered.description ??= content.description;
      rendered.headings = [...content.headings, ...rendered.headings];
      rendered.brokenLinks = [...content.brokenLinks, ...rendered.brokenLinks];
      rendered.brokenLinkDetails = [...(content.brokenLinkDetails ?? content.brokenLinks.map((href) => ({ href }))), ...(rendered.brokenLinkDetails ?? [])];
      rendered.assets = [...content.assets, ...rendered.assets];
      rendered.remoteMedia = [...(content.remoteMedia ?? []), ...(rendered.remoteMedia ?? [])];
      rendered.diagnostics = [...content.diagnostics, ...rendered.diagnostics];
      rendered.parser = content.parser;
    }
    return { rendered, sources };
  }

  return async function render(task: RenderTask): Promise<RenderTaskResult> {
    let rendered: RenderedPage;
    let sources = new Map<string, string>();
    try {
      const lost = losses();
      ({ rendered, sources } = await renderBody(task));
      // A block was left plain because the highlight thread ended meanwhile: drawn again, grammars loaded here.
      if (losses() !== lost) ({ rendered, sources } = await renderBody(task));
    } catch (err) {
      rendered = failedBody(init, task, `could not render ${task.page}: ${(err as Error).message}`);
    }
    const result = finishPage(task, rendered, sources);
    const highlights = packStore?.drain();
    if (highlights) result.highlights = highlights;
    return result;
  };
}

/** The body of a page that could not be rendered: empty, with an error naming the page's file. */
function failedBody(init: RenderInit, task: RenderTask, message: string): RenderedPage {
  const diagnostic: Diagnostic = { severity: 'error', file: task.file ?? task.spec?.file ?? task.page, message };
  const title = init.model.pages[task.page]?.title ?? task.page;
  return { page: task.page, frontmatter: {}, title, html: '', headings: [], brokenLinks: [], assets: [], diagnostics: [diagnostic] };
}

/**
 * The result for a page that went past its render budget (a render thread ended for it):
 * the page's place in the site is kept, its body is empty and the error names it.
 * Made on the main thread, and never cached.
 */
export function failedPageResult(init: RenderInit, task: RenderTask, message: string): RenderTaskResult {
  return { ...finishPage(task, failedBody(init, task, message), new Map()), cacheable: false };
}

function finishPage(task: RenderTask, rendered: RenderedPage, sources: Map<string, string>): RenderTaskResult {
  const file = task.file ?? task.spec?.file ?? `${task.page}.mdx`;
  const source = task.file ? sources.get(task.file) ?? '' : '';
  const details = rendered.brokenLinkDetails ?? rendered.brokenLinks.map((href) => ({ href, line: undefined as number | undefined }));
  const brokenLinks = details.map((d) => ({ file, href: d.href, line: d.line ?? lineOf(source, d.href) }));
  const math = usesMath(rendered.html);
  // What the body holds is what counts; the renderer's records only say where each was written.
  const remoteMedia = locateRemoteMedia(rendered.html, rendered.remoteMedia ?? [], file);
  if (remoteMedia.length) rendered.remoteMedia = remoteMedia;
  else delete rendered.remoteMedia;
  const mermaid = usesMermaid(rendered.html);
  // diagnostics and assets are rendered's own arrays: a structured clone carries each once.
  return { title: rendered.title, diagnostics: rendered.diagnostics, assets: rendered.assets, brokenLinks, math, mermaid, rendered, cacheable: true, parser: rendered.parser, ...(remoteMedia.length ? { remoteMedia } : {}) };
}

