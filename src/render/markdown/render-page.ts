/**
 * renderPage: one MDX/Markdown page to HTML plus what the site needs to know about it
 * (title, headings, broken links, assets, diagnostics). Parsing, snippet loading and
 * grammar loading happen first (async); rendering itself is synchronous.
 */
import { posix } from 'node:path';
import type { Nodes, Root } from 'mdast';
import { blockLanguages, ensureLanguages, getHighlighter, languageId } from '../highlight/highlighter.js';
import type { Diagnostic, Frontmatter, PageContext, RenderedPage } from '../types.js';
import { readFrontmatter } from './frontmatter.js';
import { readModule, sharedSnippetCache, type PageModule } from './modules.js';
import { PageRenderer } from './page-renderer.js';
import { MarkdownWriter } from '../agents/page-markdown.js';
import { threadSandbox } from '../sandbox/component-sandbox.js';
import { literalLinesMessage, parsePage } from './parse.js';
import { drawnRemotely } from '../highlight/remote-highlight.js';

/**
 * Adds the fence languages of `tree` to `into`, but of blocks the export's highlight thread
 * draws (highlight/remote-highlight.ts); a Twoslash block's popups are TypeScript too.
 */
function collectLanguages(tree: Root, into: Set<string>): void {
  const visit = (n: Nodes) => {
    if (n.type === 'code' && n.lang && !drawnRemotely(n.lang, n.meta, n.value)) {
      for (const lang of blockLanguages(n.lang, n.value)) into.add(lang);
      if (n.meta?.includes('twoslash')) into.add('ts');
    }
    if ('children' in n) for (const c of n.children as Nodes[]) visit(c);
  };
  visit(tree);
}

function allModules(mod: PageModule, into = new Set<PageModule>()): Set<PageModule> {
  if (into.has(mod)) return into;
  into.add(mod);
  for (const m of mod.components.values()) allModules(m, into);
  return into;
}

function firstH1(tree: Root, r: PageRenderer): string | undefined {
  const h = tree.children.find((n) => n.type === 'heading' && n.depth === 1);
  return h && h.type === 'heading' ? r.textOf(h.children).trim() || undefined : undefined;
}

export async function renderPage(source: string, ctx: PageContext): Promise<RenderedPage> {
  const diagnostics: Diagnostic[] = [];
  const parsed = await parsePage(source);
  if (parsed.error) {
    diagnostics.push({
      severity: 'warning',
      file: ctx.file,
      ...(parsed.error.line ? { line: parsed.error.line } : {}),
      message: `MDX syntax error: ${parsed.error.reason}; the page is rendered as plain Markdown (components and expressions are not read)`,
    });
  }
  if (parsed.literalLines) diagnostics.push({ severity: 'warning', file: ctx.file, line: parsed.literalLines[0], message: literalLinesMessage(parsed.literalLines) });
  const frontmatter: Frontmatter = readFrontmatter(parsed.tree, ctx.file, diagnostics);
  const page = await readModule({ root: ctx.root, diagnostics, cache: sharedSnippetCache() }, ctx.file, source, parsed.tree);

  const langs = new Set<string>();
  // (TypeScript for a Twoslash block loads at the first block typed: highlight/twoslash.ts.)
  for (const m of allModules(page)) collectLanguages(m.tree, langs);
  const supported = [...langs].filter((l) => languageId(l));
  const highlighter = supported.length ? await ensureLanguages(supported) : await getHighlighter();

  if ([...allModules(page)].some((m) => m.codeComponents.size > 0)) await threadSandbox().ready();
  const r = new PageRenderer(ctx, page, highlighter);
  let html: string;
  try {
    html = r.renderRoot(parsed.tree);
  } finally {
    r.close();
  }
  // The same tree, as Markdown for the page's `.md` version (agents read it).
  const markdown = new MarkdownWriter(ctx, page).write(parsed.tree);
  const title =
    (typeof frontmatter.title === 'string' && frontmatter.title) ||
    (typeof frontmatter.title === 'number' ? String(frontmatter.title) : undefined) ||
    firstH1(parsed.tree, r) ||
    posix.basename(ctx.file).replace(/\.mdx?$/, '');
  const brokenLinks = [...new Set(r.brokenLinks.map((b) => b.href))];
  return {
    page: ctx.page,
    frontmatter,
    title,
    ...(typeof frontmatter.description === 'string' ? { description: frontmatter.description } : {}),
    html,
    markdown,
    headings: r.headings,
    brokenLinks,
    brokenLinkDetails: r.brokenLinks,
    assets: [...r.assets],
    ...(r.remoteMedia.length ? { remoteMedia: r.remoteMedia } : {}),
    diagnostics: [...diagnostics, ...r.diagnostics],
    ...(parsed.parser ? { parser: parsed.parser } : {}),
    ...(r.side.length ? { sideColumn: true } : {}),
    ...(r.tocBlocks.size ? { tocTop: [...r.tocBlocks.values()].map((build) => build()).join('') } : {}),
  };
}


