/**
 * The Markdown version of a page (`page.md` beside `page.html`), made from the same mdast
 * tree the HTML comes from: the tree is rewritten into plain Markdown nodes (snippets
 * expanded, literal expressions read, components turned into their Markdown form by
 * component-markdown.ts, links pointed at the `.md` of the page they name) and printed by
 * mdast-util-to-markdown with the GFM and math extensions (markdown-print.ts).
 * Nothing is reported here: the HTML renderer reads the same tree and reports its problems once.
 */
import type { BlockContent, Code, Nodes, Parents, PhrasingContent, Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import type { JsxElement, Props } from '../components/types.js';
import { componentFor, NEXT_LINK } from '../components/registry.js';
import { EMPTY, programValue } from '../markdown/literals.js';
import type { PageModule } from '../markdown/modules.js';
import { isFileSnippet, placedSnippet } from '../markdown/snippet-files.js';
import { urlAllowed } from '../markdown/sanitize.js';
import { isExternal } from '../markdown/links.js';
import type { PageContext } from '../types.js';
import { COMPONENT_MARKDOWN, htmlElementMarkdown } from './component-markdown.js';
import { asBlocks, isPhrasing, plainText, type MarkdownApi } from './markdown-api.js';
import { PRINT } from './markdown-print.js';

/** Snippet children handed to the snippet as `{children}`. */
class MarkdownChildren {
  constructor(readonly nodes: RootContent[]) {}
}

export class MarkdownWriter implements MarkdownApi {
  private module: PageModule;
  private scope: Map<string, unknown>;
  private lastDepth = 1;

  constructor(private readonly ctx: PageContext, page: PageModule) {
    this.module = page;
    this.scope = new Map(page.scope);
  }

  /** The page body as Markdown (no title: the writer of the file adds it). */
  write(tree: Root): string {
    const root: Root = { type: 'root', children: this.transform(tree.children) };
    return toMarkdown(root, PRINT).trim();
  }

  /** Block content (stray phrasing put into paragraphs). */
  transform(nodes: readonly Nodes[]): RootContent[] {
    const out: RootContent[] = [];
    for (const n of nodes) out.push(...this.node(n));
    return asBlocks(mergeFieldLists(out));
  }

  private node(n: Nodes): RootContent[] {
    switch (n.type) {
      case 'yaml': case 'mdxjsEsm': return [];
      case 'heading': {
        this.lastDepth = n.depth;
        return [{ ...n, children: this.phrasing(n.children) }];
      }
      case 'paragraph': return this.paragraph(n.children);
      case 'link': {
        const url = this.href(n.url);
        return url === null ? this.phrasing(n.children) : [{ ...n, url, children: this.phrasing(n.children) }];
      }
      case 'image': {
        const url = this.src(n.url);
        return url === null ? [] : [{ ...n, url }];
      }
      case 'definition': {
        const url = this.href(n.url);
        return url === null ? [] : [{ ...n, url }];
      }
      case 'code': return [this.code(n)];
      case 'html': {
        const text = n.value.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<[^>]*>/g, '').trim();
        return text ? [{ type: 'text', value: text }] : [];
      }
      case 'mdxFlowExpression':
      case 'mdxTextExpression': return this.expression(n);
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': return this.element(n);
      case 'list': return [{ ...n, children: n.children.map((item) => ({ ...item, children: this.transform(item.children) as BlockContent[] })) }];
      case 'blockquote':
      case 'footnoteDefinition': return [{ ...n, children: this.transform(n.children) as BlockContent[] }];
      case 'table': return [{ ...n, children: n.children.map((row) => ({ ...row, children: row.children.map((cell) => ({ ...cell, children: this.phrasing(cell.children) })) })) }];
      default:
        if ('children' in n && n.type !== 'root') return [{ ...n, children: this.phrasing((n as Parents).children as Nodes[]) } as RootContent];
        return n.type === 'root' ? this.transform(n.children) : [n];
    }
  }

  /** Inline content; block nodes that turn up (a component in a table cell) become their text. */
  phrasing(nodes: readonly Nodes[]): PhrasingContent[] {
    const out: PhrasingContent[] = [];
    for (const n of nodes) {
      for (const c of this.node(n)) {
        if (isPhrasing(c)) out.push(c);
        else {
          const text = plainText(c).trim();
          if (text) out.push({ type: 'text', value: (out.length ? ' ' : '') + text });
        }
      }
    }
    return out;
  }

  /** A paragraph; block nodes a component gives inside it split it in parts. */
  private paragraph(children: PhrasingContent[]): RootContent[] {
    const out: RootContent[] = [];
    let run: PhrasingContent[] = [];
    const flush = () => {
      while (run.length && run[0].type === 'text' && !run[0].value.trim()) run.shift();
      if (run.length) out.push({ type: 'paragraph', children: run });
      run = [];
    };
    for (const c of children) {
      for (const m of this.node(c)) {
        if (isPhrasing(m)) run.push(m);
        else {
          flush();
          out.push(m);
        }
      }
    }
    flush();
    return out;
  }

  private expression(n: { data?: { estree?: unknown } }): RootContent[] {
    const v = this.value(n.data?.estree);
    if (v instanceof MarkdownChildren) return v.nodes;
    if (typeof v === 'string' || typeof v === 'number') return [{ type: 'text', value: String(v) }];
    return [];
  }

  private value(estree: unknown): unknown {
    try {
      return programValue(estree as never, this.scope);
    } catch {
      return EMPTY; // not a literal: the HTML renderer reports it
    }
  }

  private element(el: JsxElement): RootContent[] {
    const name = el.name;
    if (name === null) return this.transform(el.children);
    // An imported snippet shadows a built-in of the same name, as in the page's HTML (jsx.ts).
    const snippet = placedSnippet(this.module, el);
    if (snippet) return this.snippet(el, snippet);
    const own = COMPONENT_MARKDOWN[name];
    if (own && componentFor(name)) return own(el, this);
    if (name === 'Visibility') return this.props(el).for === 'humans' ? [] : this.transform(el.children);
    if (isFileSnippet(el)) return []; // not found: reported with the page's HTML
    if (name === NEXT_LINK && !this.module.codeComponents.has(name)) return htmlElementMarkdown('a', el, this);
    if (/^[a-z]/.test(name)) return htmlElementMarkdown(name.toLowerCase(), el, this);
    return this.transform(el.children);
  }

  private snippet(el: JsxElement, mod: PageModule): RootContent[] {
    const props = this.props(el);
    const children = new MarkdownChildren(this.transform(el.children));
    const saved = { module: this.module, scope: this.scope };
    this.module = mod;
    this.scope = new Map([...mod.scope, ...Object.entries(props), ['children', children]]);
    try {
      return this.transform(mod.tree.children);
    } finally {
      this.module = saved.module;
      this.scope = saved.scope;
    }
  }

  props(el: JsxElement): Props {
    const out: Props = Object.create(null) as Props;
    for (const a of el.attributes) {
      if (a.type !== 'mdxJsxAttribute' || a.name === '__proto__') continue;
      const attr = a;
      if (attr.value === null || attr.value === undefined) out[attr.name] = true;
      else if (typeof attr.value === 'string') out[attr.name] = attr.value;
      else {
        const v = this.value(attr.value.data?.estree);
        if (v !== EMPTY) out[attr.name] = v;
      }
    }
    return out;
  }

  blocks(el: JsxElement): RootContent[] {
    return el.type === 'mdxJsxTextElement' ? this.phrasing(el.children) : this.transform(el.children);
  }

  inline(el: JsxElement): PhrasingContent[] {
    return this.phrasing(el.children);
  }

  depth(): number {
    return Math.min(6, this.lastDepth + 1);
  }

  section<T>(fn: () => T): T {
    const saved = this.lastDepth;
    this.lastDepth = this.depth();
    try {
      return fn();
    } finally {
      this.lastDepth = saved;
    }
  }

  /**
   * A link as it goes into the Markdown: another page's `.html` becomes its `.md` (the
   * Markdown files sit beside the HTML ones, so relative links hold); null when unsafe.
   */
  href(url: unknown): string | null {
    if (typeof url !== 'string') return null;
    const href = url.trim();
    if (!urlAllowed(href, 'href')) return null;
    if (href === '' || href.startsWith('#') || isExternal(href)) return href;
    const out = this.ctx.resolveLink(href, this.ctx.page);
    if (out === null) return href;
    return out.replace(/\.html(?=$|#)/, '.md');
  }

  src(url: unknown): string | null {
    if (typeof url !== 'string') return null;
    const src = url.trim();
    if (!urlAllowed(src, 'src')) return null;
    if (src === '' || isExternal(src)) return src;
    return this.ctx.resolveAsset(src, this.ctx.page) ?? src;
  }

  code(node: Code): Code {
    return { type: 'code', lang: node.lang ?? null, meta: node.meta ?? null, value: node.value };
  }
}

/** Field components of one run (ParamField after ParamField) read as one list. */
function mergeFieldLists(nodes: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const n of nodes) {
    const prev = out[out.length - 1];
    if (n.type === 'list' && prev?.type === 'list' && n.data?.quireFields && prev.data?.quireFields) prev.children.push(...n.children);
    else out.push(n.type === 'list' && n.data?.quireFields ? { ...n, children: [...n.children] } : n);
  }
  return out;
}

declare module 'mdast' {
  interface ListData {
    /** Made from ParamField/ResponseField: runs of them merge into one list. */
    quireFields?: boolean;
  }
}
