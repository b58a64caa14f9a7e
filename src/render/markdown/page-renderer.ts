/**
 * Turns an mdast tree into HTML. Markdown nodes are handled here; JSX elements go to
 * the component registry, to the HTML allow-list, or (snippets) to the imported
 * snippet's tree rendered with the given props. Collects what the page reports:
 * headings, broken links, assets and diagnostics. Synchronous: everything async
 * (snippets, grammars) is loaded before.
 */
import type { Code, Html, Nodes, Parents, PhrasingContent, Root, Table } from 'mdast';
import type { HighlighterCore } from 'shiki/core';
import type { Diagnostic, Heading, PageContext } from '../types.js';
import { renderCodeBlock } from '../highlight/code-block.js';
import { parseCodeMeta } from '../highlight/code-meta.js';
import { renderMath } from '../highlight/math.js';
import { renderMermaid } from '../highlight/mermaid.js';
import { escapeAttr, escapeHtml } from './escape.js';
import { programValue, EMPTY, NotLiteral } from './literals.js';
import { resolveHref, resolveSrc, type LinkRecorder } from './links.js';
import type { PageModule } from './modules.js';
import { decodeAttr, sanitizeRawHtml, type RawHtmlState } from './raw-html.js';
import { iframeHtml } from './embed.js';
import { CUSTOM_ID, Slugger } from './slugger.js';
import { JsxRenderer } from './jsx.js';
import { JsxLiteral, jsxToMdast, withLine } from './jsx-literal.js';
import { threadSandbox, type ComponentSandbox } from '../sandbox/component-sandbox.js';
import { uiStrings, type UiStrings } from '../layout/ui-strings.js';

/** Children of a snippet element, passed to the snippet as `{children}`. */
export class RenderedHtml {
  constructor(readonly html: string) {}
}

/** `nodes` and the elements of paragraphs among them (an element alone on its line may be parsed as one). */
function topNodes(nodes: readonly Nodes[]): Set<Nodes> {
  const set = new Set<Nodes>();
  for (const n of nodes) {
    set.add(n);
    if (n.type === 'paragraph') for (const c of n.children) set.add(c);
  }
  return set;
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>()]*[^\s<>().,;:!?'"*_~]/g;

export class PageRenderer {
  readonly headings: Heading[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly brokenLinks: { href: string; line?: number }[] = [];
  readonly assets = new Set<string>();
  /** Media URLs on other hosts met while rendering, with the file (page or snippet) and line they were written on. */
  readonly remoteMedia: { url: string; kind: string; file: string; line?: number }[] = [];
  /** Blocks for the page's side column (RequestExample, ResponseExample, Panel at the top level), in page order. */
  readonly side: string[] = [];
  /** Page-level blocks set by components (RenderApi.pageBlock): above the content, above the table of contents. */
  readonly topBlocks = new Map<string, () => string>();
  readonly tocBlocks = new Map<string, () => string>();
  readonly slugger = new Slugger();
  readonly jsx: JsxRenderer;
  /** The interface's words in the page's language. */
  readonly ui: UiStrings;
  /** The module (page or snippet) whose nodes are being rendered. */
  module: PageModule;
  scope: Map<string, unknown>;
  private ids = new Map<string, number>();
  private linkDepth = 0;
  private definitions = new Map<string, { url: string; title?: string | null }>();
  private footnotes: { id: string; html: string }[] = [];
  private footnoteIndex = new Map<string, number>();
  private rawState: RawHtmlState = { dropping: null };
  readonly recorder: LinkRecorder;
  /** HTML nodes already sanitized (a custom component's output), with their text. */
  private trusted = new WeakMap<Nodes, string>();
  /**
   * The nodes at the top of the page, where RequestExample, ResponseExample and Panel go to the
   * side column (those of a snippet placed there count too; nothing made by a custom component does).
   */
  private top: ReadonlySet<Nodes> = new Set();
  /** This page's context in the component sandbox, opened by the first custom component. */
  private sandboxSession: { sandbox: ComponentSandbox; id: string } | undefined;

  constructor(readonly ctx: PageContext, page: PageModule, readonly highlighter: HighlighterCore | null) {
    this.module = page;
    this.ui = uiStrings(ctx.language);
    this.scope = new Map(page.scope);
    // MDX renders a page with its props in scope: none here (`{...props}` gives nothing, `{props.x}` is undefined).
    if (!this.scope.has('props')) this.scope.set('props', Object.create(null));
    this.jsx = new JsxRenderer(this);
    this.recorder = {
      broken: (href, line) => this.brokenLinks.push({ href, ...(line ? { line } : {}) }),
      asset: (path) => this.assets.add(path),
      unsafe: (url, line) => this.warn(`unsafe URL removed: ${url.slice(0, 80)}`, line),
      remote: (url, line) => this.remoteMedia.push({ url, kind: '', file: this.module.file, ...(line ? { line } : {}) }),
    };
  }

  warn(message: string, line?: number, file = this.module.file): void {
    this.diagnostics.push({ severity: 'warning', file, ...(line ? { line } : {}), message });
  }

  uid(prefix: string): string {
    const n = (this.ids.get(prefix) ?? 0) + 1;
    this.ids.set(prefix, n);
    return this.slugger.reserve(`${prefix}-${n}`);
  }

  /** The sandbox and this page's session in it (one context per page: pages cannot see each other's state). */
  sandbox(): { sandbox: ComponentSandbox; id: string } {
    if (!this.sandboxSession) {
      const sandbox = threadSandbox();
      this.sandboxSession = { sandbox, id: sandbox.newSession() };
    }
    return this.sandboxSession;
  }

  /** Ends the page's sandbox session, if it opened one. */
  close(): void {
    if (this.sandboxSession) this.sandboxSession.sandbox.closeSession(this.sandboxSession.id);
    this.sandboxSession = undefined;
  }

  /** A value with its JSX literals rendered (through the same components and allow-list as the page). */
  resolveJsx(v: unknown, line?: number): unknown {
    if (v instanceof JsxLiteral) return new RenderedHtml(this.jsx.element(withLine(jsxToMdast(v.node), line)));
    if (Array.isArray(v)) return v.map((x) => this.resolveJsx(x, line));
    return v;
  }

  href(url: string, line?: number): string | null {
    return resolveHref(this.ctx, url, this.recorder, line);
  }

  src(url: string, line?: number): string | null {
    return resolveSrc(this.ctx, url, this.recorder, line);
  }

  /** True when `n` is written at the top of the page (or of a snippet there), not inside another element. */
  atTop(n: Nodes): boolean {
    return this.top.has(n);
  }

  /** Renders `nodes` (a snippet's body) with them at the top when `top`, else with nothing at the top. */
  withTop<T>(nodes: readonly Nodes[] | null, render: () => T): T {
    const saved = this.top;
    this.top = topNodes(nodes ?? []);
    try {
      return render();
    } finally {
      this.top = saved;
    }
  }

  /** An HTML node whose value is already sanitized (kept as is) with its plain text. */
  trustedHtml(html: string): Html {
    const node: Html = { type: 'html', value: html };
    this.trusted.set(node, decodeAttr(html.replace(/<[^>]*>/g, '')));
    return node;
  }

  /** Renders a whole page tree. */
  renderRoot(tree: Root): string {
    this.top = topNodes(tree.children);
    this.collectDefinitions(tree);
    const body = this.blocks(tree.children) + this.footnoteSection();
    const html = [...this.topBlocks.values()].map((build) => build()).join('') + body;
    if (!this.side.length) return html;
    // Mintlify puts these in the right column, in place of the table of contents (the layout drops it: sideColumn)
    return `<div class="q-side-layout" data-side-layout><div class="q-side-main">${html}</div><aside class="q-side-column" aria-label="${escapeAttr(this.ui.examples)}">${this.side.join('')}</aside></div>`;
  }

  private collectDefinitions(tree: Parents): void {
    for (const n of tree.children) {
      if (n.type === 'definition') this.definitions.set(n.identifier.toLowerCase(), { url: n.url, title: n.title });
      else if ('children' in n && n.type !== 'paragraph' && n.type !== 'heading') this.collectDefinitions(n);
    }
  }

  /** Block content, with paragraphs that hold a block component unwrapped. */
  blocks(nodes: readonly Nodes[]): string {
    let out = '';
    for (const n of nodes) out += this.node(n);
    return out;
  }

  inline(nodes: readonly Nodes[]): string {
    let out = '';
    for (const n of nodes) out += this.node(n);
    return out;
  }

  /** A paragraph; runs of inline content around block-level components become separate paragraphs. */
  private paragraph(children: PhrasingContent[]): string {
    // A custom component alone on its line is not wrapped: its HTML is often a block (`<div>`, `<a><h3>`),
    // which a browser would push out of a `<p>`.
    const solid = children.filter((c) => c.type !== 'text' || c.value.trim());
    if (solid.length === 1 && solid[0].type === 'mdxJsxTextElement' && solid[0].name && this.module.codeComponents.has(solid[0].name)) {
      const html = this.node(solid[0]).trim();
      // Text (a failed component's children shown instead) stays a paragraph.
      return !html || html.startsWith('<') ? html : `<p>${html}</p>`;
    }
    if (!children.some((c) => (c.type === 'mdxJsxTextElement' && this.jsx.isBlock(c)))) {
      const inner = this.inline(children);
      return inner.trim() ? `<p>${inner}</p>` : '';
    }
    let out = '';
    let run: PhrasingContent[] = [];
    const flush = () => {
      const inner = this.inline(run);
      if (inner.trim()) out += `<p>${inner.trim()}</p>`;
      run = [];
    };
    for (const c of children) {
      if (c.type === 'mdxJsxTextElement' && this.jsx.isBlock(c)) {
        flush();
        out += this.node(c);
      } else run.push(c);
    }
    flush();
    return out;
  }

  private heading(depth: number, all: PhrasingContent[]): string {
    // `## Title {#custom-id}` (see escapeCustomHeadingIds): the id is taken off the text.
    const last = all[all.length - 1];
    const custom = last?.type === 'text' ? CUSTOM_ID.exec(last.value) : null;
    const children = custom && last?.type === 'text' ? [...all.slice(0, -1), ...(custom.index > 0 ? [{ ...last, value: last.value.slice(0, custom.index) }] : [])] : all;
    const text = this.textOf(children).trim();
    const id = custom ? this.slugger.reserve(custom[1]) : this.slugger.slug(text);
    this.headings.push({ depth, text, id });
    return `<h${depth} id="${escapeAttr(id)}">${this.inline(children)}</h${depth}>`;
  }

  /** Plain text of nodes (headings, labels), with literal expressions included. */
  textOf(nodes: readonly Nodes[]): string {
    let s = '';
    for (const n of nodes) {
      if (n.type === 'text' || n.type === 'inlineCode') s += n.value;
      else if (n.type === 'html' && this.trusted.has(n)) s += this.trusted.get(n);
      else if (n.type === 'mdxTextExpression' || n.type === 'mdxFlowExpression') {
        try {
          const v = programValue(n.data?.estree, this.scope);
          if (typeof v === 'string' || typeof v === 'number') s += String(v);
        } catch {
          /* reported when rendered */
        }
      } else if ('children' in n) s += this.textOf(n.children as Nodes[]);
    }
    return s;
  }

  code(node: Code, bare = false): string {
    const lang = node.lang?.toLowerCase();
    if (lang === 'mermaid') return renderMermaid(node.value, this.ui);
    if (lang === 'math') return renderMath(node.value, true);
    // ```nocopy alone: a plain block without a copy button (create/code.mdx)
    if (lang === 'nocopy') node = { ...node, lang: null, meta: `nocopy ${node.meta ?? ''}`.trim() };
    const line = node.position?.start.line;
    const meta = node.meta ? parseCodeMeta(node.meta) : undefined;
    return renderCodeBlock(this.highlighter, node.value, {
      lang: node.lang,
      meta: node.meta,
      bare,
      // Mintlify's code block header draws its icon with the Font Awesome resolver whatever
      // the site's icons.library (CodeHeader passes no library to Icon: `icon=java`, `square-js`).
      iconHtml: meta?.icon ? this.jsx.iconAt(meta.icon, { className: 'q-code-icon', library: 'fontawesome' }, line) : undefined,
      cache: this.ctx.highlightCache,
      ui: this.ui,
      onPlain: (reason) => this.warn(`code block shown without highlighting: ${reason}`, line),
      onNoTypes: (reason) => this.warn(`twoslash code block shown without type information: ${reason}`, line),
    });
  }

  /** The value of an expression node, or EMPTY (and a warning) when it is not a literal. */
  expression(node: { data?: { estree?: unknown }; value: string; position?: { start: { line: number } } }): unknown {
    try {
      return this.resolveJsx(programValue(node.data?.estree as never, this.scope), node.position?.start.line);
    } catch (err) {
      if (!(err instanceof NotLiteral)) throw err;
      const line = node.position?.start.line;
      const src = node.value.trim().replace(/\s+/g, ' ');
      const shown = src.length > 60 ? src.slice(0, 60) + '…' : src;
      if (err.node.type === 'Identifier') this.warn(`{${shown}} is not defined (only export const values and snippet props are known); rendered as empty`, line);
      else this.warn(`expression {${shown}} was not evaluated: MDX is data here, only literal values are read`, line);
      return EMPTY;
    }
  }

  valueHtml(v: unknown): string {
    if (v instanceof RenderedHtml) return v.html;
    if (typeof v === 'string') return escapeHtml(v);
    if (typeof v === 'number') return String(v);
    if (Array.isArray(v)) return v.map((x) => this.valueHtml(x)).join('');
    return '';
  }

  private text(value: string): string {
    if (this.linkDepth > 0 || !(value.includes('http') || value.includes('www.'))) return escapeHtml(value);
    let out = '';
    let last = 0;
    for (const m of value.matchAll(URL_IN_TEXT)) {
      out += escapeHtml(value.slice(last, m.index));
      const url = m[0].startsWith('www.') ? 'http://' + m[0] : m[0];
      out += `<a href="${escapeAttr(url)}">${escapeHtml(m[0])}</a>`;
      last = m.index + m[0].length;
    }
    return out + escapeHtml(value.slice(last));
  }

  private link(url: string, title: string | null | undefined, children: string, line?: number): string {
    const href = this.href(url, line);
    return `<a${href === null ? '' : ` href="${escapeAttr(href)}"`}${title ? ` title="${escapeAttr(title)}"` : ''}>${children}</a>`;
  }

  private image(url: string, alt: string, title: string | null | undefined, line?: number): string {
    const src = this.src(url, line);
    return `<img${src === null ? '' : ` src="${escapeAttr(src)}"`} alt="${escapeAttr(alt)}"${title ? ` title="${escapeAttr(title)}"` : ''} loading="lazy">`;
  }

  private table(node: Table): string {
    const align = node.align ?? [];
    const row = (cells: Table['children'][number]['children'], tag: 'th' | 'td') =>
      '<tr>' + cells.map((c, i) => `<${tag}${align[i] ? ` style="text-align:${align[i]}"` : ''}>${this.inline(c.children)}</${tag}>`).join('') + '</tr>';
    const [head, ...body] = node.children;
    return `<div class="q-table"><table><thead>${head ? row(head.children, 'th') : ''}</thead>${body.length ? `<tbody>${body.map((r) => row(r.children, 'td')).join('')}</tbody>` : ''}</table></div>`;
  }

  private footnoteRef(identifier: string, label: string): string {
    let n = this.footnoteIndex.get(identifier);
    if (n === undefined) {
      n = this.footnoteIndex.size + 1;
      this.footnoteIndex.set(identifier, n);
    }
    const id = escapeAttr(identifier.toLowerCase().replace(/[^a-z0-9_-]/g, '-'));
    return `<sup><a href="#fn-${id}" id="fnref-${id}" data-footnote-ref aria-describedby="footnote-label">${escapeHtml(label || String(n))}</a></sup>`;
  }

  private footnoteSection(): string {
    if (!this.footnotes.length) return '';
    const items = this.footnotes.map((f) => `<li id="fn-${escapeAttr(f.id)}">${f.html} <a href="#fnref-${escapeAttr(f.id)}" data-footnote-backref aria-label="Back to reference">↩</a></li>`);
    return `<section class="q-footnotes" data-footnotes><h2 class="sr-only" id="footnote-label">Footnotes</h2><ol>${items.join('')}</ol></section>`;
  }

  node(n: Nodes): string {
    const line = n.position?.start.line;
    switch (n.type) {
      case 'root': return this.blocks(n.children);
      case 'paragraph': return this.paragraph(n.children);
      case 'heading': return this.heading(n.depth, n.children);
      case 'text': return this.text(n.value);
      case 'emphasis': return `<em>${this.inline(n.children)}</em>`;
      case 'strong': return `<strong>${this.inline(n.children)}</strong>`;
      case 'delete': return `<del>${this.inline(n.children)}</del>`;
      case 'inlineCode': return `<code>${escapeHtml(n.value)}</code>`;
      case 'break': return '<br>';
      case 'thematicBreak': return '<hr>';
      case 'blockquote': return `<blockquote>${this.blocks(n.children)}</blockquote>`;
      case 'list': {
        const tag = n.ordered ? 'ol' : 'ul';
        const start = n.ordered && n.start !== null && n.start !== undefined && n.start !== 1 ? ` start="${n.start}"` : '';
        const loose = n.spread || n.children.some((c) => c.spread);
        const items = n.children.map((item) => {
          const task = typeof item.checked === 'boolean' ? `<input type="checkbox" disabled${item.checked ? ' checked' : ''}> ` : '';
          const inner = item.children.map((c) => (c.type === 'paragraph' && !loose ? this.inline(c.children) : this.node(c))).join('');
          return `<li${task ? ' class="task-list-item"' : ''}>${task}${inner}</li>`;
        });
        return `<${tag}${start}${n.children.some((c) => typeof c.checked === 'boolean') ? ' class="contains-task-list"' : ''}>${items.join('')}</${tag}>`;
      }
      case 'listItem': return `<li>${this.blocks(n.children)}</li>`;
      case 'code': return this.code(n);
      case 'math': return renderMath(n.value, true);
      case 'inlineMath': return renderMath(n.value, false);
      case 'link': {
        this.linkDepth++;
        const inner = this.inline(n.children);
        this.linkDepth--;
        return this.link(n.url, n.title, inner, line);
      }
      case 'image': return this.image(n.url, n.alt ?? '', n.title, line);
      case 'linkReference': {
        const def = this.definitions.get(n.identifier.toLowerCase());
        this.linkDepth++;
        const inner = this.inline(n.children);
        this.linkDepth--;
        return def ? this.link(def.url, def.title, inner, line) : `[${inner}]`;
      }
      case 'imageReference': {
        const def = this.definitions.get(n.identifier.toLowerCase());
        return def ? this.image(def.url, n.alt ?? '', def.title, line) : escapeHtml(`![${n.alt ?? ''}]`);
      }
      case 'definition': return '';
      case 'footnoteReference': return this.footnoteRef(n.identifier, n.label ?? '');
      case 'footnoteDefinition': {
        const id = n.identifier.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
        const html = n.children.map((c) => (c.type === 'paragraph' ? this.inline(c.children) : this.node(c))).join(' ');
        this.footnotes.push({ id, html });
        return '';
      }
      case 'table': return this.table(n);
      case 'html': return this.trusted.has(n) ? n.value : sanitizeRawHtml(n.value, this.rawState, {
        url: (tag, attr, value) => (attr === 'href' || attr === 'cite' ? this.href(value, line) : this.src(value, line)),
        removed: (tag) => this.warn(`<${tag}> removed: raw HTML is sanitized (no scripts, styles, forms or embeds)`, line),
        handler: (tag, attr) => this.warn(`event handler attribute ${attr} on <${tag}> removed: nothing from a page runs`, line),
        iframe: (attrs) => iframeHtml(attrs, (src) => this.href(src, line), (message) => this.warn(message, line), this.ui),
      });
      case 'yaml': return '';
      case 'mdxjsEsm': return '';
      case 'mdxFlowExpression':
      case 'mdxTextExpression': return this.valueHtml(this.expression(n));
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': return this.jsx.element(n);
      default: return 'children' in n ? this.blocks((n as Parents).children as Nodes[]) : '';
    }
  }
}
