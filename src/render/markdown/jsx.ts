/**
 * JSX elements of a page: a registered component, an imported snippet, an allowed
 * HTML element (sanitized), or an unknown component (its children, plus a warning).
 * Also the RenderApi that component renderers use.
 */
import type { Code, Nodes } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx';
import type { Position } from 'unist';
import { componentFor, NEXT_LINK } from '../components/registry.js';
import type { JsxElement, Props, RenderApi } from '../components/types.js';
import { iconImage, isIconImage, renderIcon, type IconOptions } from '../icons/render-icon.js';
import { attributeMarkdown } from './attribute-markdown.js';
import { escapeAttr, escapeHtml } from './escape.js';
import { EMPTY, NotLiteral, programValue, spreadValue } from './literals.js';
import type { PageModule } from './modules.js';
import type { UiStrings } from '../layout/ui-strings.js';
import type { PageRenderer } from './page-renderer.js';
import { RenderedHtml } from './page-renderer.js';
import { renderCustomComponent } from './custom-component.js';
import { isFileSnippet, placedSnippet } from './snippet-files.js';
import { decodeAttr } from './raw-html.js';
import { iframeHtml } from './embed.js';
import { ALLOWED_TAGS, DROPPED_WITH_CONTENT, URL_ATTRS, VOID_TAGS, attrAllowed, htmlAttrName, styleAllowed, styleFromObject } from './sanitize.js';


const lineOf = (el: { position?: { start: { line: number } } }) => el.position?.start.line;

/** A plain string attribute of `el` (`iconType="solid"`), read without evaluating the others. */
function literalAttribute(el: JsxElement, name: string): string | undefined {
  const a = el.attributes.find((x): x is MdxJsxAttribute => x.type === 'mdxJsxAttribute' && x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
}

export class JsxRenderer implements RenderApi {
  private warnedUnknown = new Set<string>();
  /** Elements made from a custom component's output (sandbox-builtins.ts): their props as the component gave them. */
  private readonly given = new WeakMap<JsxElement, Props>();

  constructor(private readonly r: PageRenderer) {}

  get ui(): UiStrings {
    return this.r.ui;
  }

  isBlock(el: JsxElement): boolean {
    if (placedSnippet(this.r.module, el)) return true;
    const def = el.name ? componentFor(el.name) : undefined;
    if (def) return def.block;
    return !!el.name && ['div', 'table', 'figure', 'details', 'section', 'ul', 'ol', 'pre', 'video', 'blockquote', 'p', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].includes(el.name);
  }

  element(el: JsxElement): string {
    const name = el.name;
    if (name === null) return this.children(el); // fragment <>...</>
    // A component or snippet the page defines or imports shadows a built-in of the same name, as in JavaScript.
    const custom = this.given.has(el) ? undefined : this.r.module.codeComponents.get(name);
    if (custom) return renderCustomComponent(this.r, el, custom, this.props(el), this.children(el));
    const snippet = placedSnippet(this.r.module, el);
    if (snippet) return this.snippet(el, snippet);
    const def = componentFor(name);
    if (def) return def.render(el, this);
    // A <Snippet file> not found was reported when the page's modules were read.
    if (isFileSnippet(el)) return '';
    if (name === NEXT_LINK) return this.html(el, 'a');
    if (/^[a-z]/.test(name) && !name.includes('.')) return this.html(el, name.toLowerCase());
    const key = `${name}:${lineOf(el)}`;
    if (!this.warnedUnknown.has(key)) {
      this.warnedUnknown.add(key);
      this.r.warn(`unknown component <${name}> on page ${this.r.ctx.page}: rendered its content only`, lineOf(el));
    }
    return this.children(el);
  }

  /** An element for the built-in `name` with `props` as given (a custom component's output), placed at `position`. */
  builtin(name: string, props: Props, children: Nodes[], position?: Position): JsxElement {
    // String props are attributes too, for what reads an attribute without the others (iconType).
    const attributes: MdxJsxAttribute[] = Object.entries(props).flatMap(([k, v]) => (typeof v === 'string' ? [{ type: 'mdxJsxAttribute' as const, name: k, value: v }] : []));
    const el: MdxJsxFlowElement = { type: 'mdxJsxFlowElement', name, attributes, children: children as MdxJsxFlowElement['children'], position };
    this.given.set(el, props);
    return el;
  }

  /** An imported snippet rendered with the element's props (and children as `{children}`). */
  private snippet(el: JsxElement, mod: PageModule): string {
    const props = this.props(el);
    const children = this.children(el);
    const saved = { module: this.r.module, scope: this.r.scope };
    this.r.module = mod;
    // Each prop by its name (`{city}`) and all of them as `props` (`{props.city}`), as MDX gives a snippet both.
    this.r.scope = new Map([...mod.scope, ['props', props], ...Object.entries(props), ['children', new RenderedHtml(children)]]);
    try {
      return this.r.withTop(this.r.atTop(el) ? mod.tree.children : null, () => this.r.blocks(mod.tree.children));
    } finally {
      this.r.module = saved.module;
      this.r.scope = saved.scope;
    }
  }

  private html(el: JsxElement, tag: string): string {
    if (tag === 'iframe') return this.iframe(el);
    if (DROPPED_WITH_CONTENT.has(tag)) {
      this.r.warn(`<${tag}> removed: HTML in pages is sanitized (no scripts, styles, forms or embeds)`, lineOf(el));
      return '';
    }
    if (!ALLOWED_TAGS.has(tag)) return this.children(el);
    let out = `<${tag}`;
    for (const [rawName, value] of Object.entries(this.props(el))) {
      const name = htmlAttrName(rawName);
      if (name.startsWith('on')) this.r.warn(`event handler attribute ${rawName} on <${tag}> removed: nothing from a page runs`, lineOf(el));
      if (!attrAllowed(tag, name) || value === false || value === null || value === undefined) continue;
      if (value === true) {
        out += ` ${name}`;
        continue;
      }
      let v = name === 'style' && typeof value === 'object' ? styleFromObject(value as Record<string, unknown>) : typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
      if (v === null) continue;
      // `cite` names a source the page does not load: a link, not a media reference.
      if (URL_ATTRS.has(name)) v = name === 'href' || name === 'cite' ? this.href(v, el) : this.src(v, el);
      if (v === null || (name === 'style' && !styleAllowed(v))) continue;
      out += ` ${name}="${escapeAttr(v)}"`;
    }
    if (VOID_TAGS.has(tag)) return out + '>';
    return `${out}>${this.children(el)}</${tag}>`;
  }

  props(el: JsxElement): Props {
    const given = this.given.get(el);
    if (given) return Object.assign(Object.create(null) as Props, given);
    const out: Props = Object.create(null) as Props;
    for (const a of el.attributes) {
      if (a.type !== 'mdxJsxAttribute') {
        // `{...props}`: the entries of an object the page or snippet binds (a page's own props are none, as in MDX).
        const spread = spreadValue(a.data?.estree, this.r.scope);
        if (spread) for (const [name, value] of Object.entries(spread)) out[name] = value;
        else this.r.warn(`spread attribute {${a.value}} on <${el.name}> ignored: only literal attributes are read`, lineOf(el));
        continue;
      }
      const attr = a;
      if (attr.name === '__proto__') continue;
      if (attr.value === null || attr.value === undefined) out[attr.name] = true;
      else if (typeof attr.value === 'string') out[attr.name] = attr.value;
      else {
        try {
          const v = this.r.resolveJsx(programValue(attr.value.data?.estree, this.r.scope), lineOf(el));
          if (v !== EMPTY) out[attr.name] = v;
        } catch (err) {
          if (!(err instanceof NotLiteral)) throw err;
          this.r.warn(`attribute ${attr.name}={${attr.value.value.trim().slice(0, 60)}} on <${el.name}> was not evaluated: only literal values are read`, lineOf(el));
        }
      }
    }
    return out;
  }

  children(el: JsxElement): string {
    if (el.type === 'mdxJsxTextElement') return this.r.inline(el.children);
    return this.r.blocks(el.children);
  }

  childElements(el: JsxElement, names?: string[]): JsxElement[] {
    const out: JsxElement[] = [];
    const visit = (nodes: readonly Nodes[]) => {
      for (const c of nodes) {
        if (c.type === 'mdxJsxFlowElement' || c.type === 'mdxJsxTextElement') {
          if (!names || (c.name && names.includes(c.name))) out.push(c);
        } else if (c.type === 'paragraph') visit(c.children);
      }
    };
    visit(el.children);
    return out;
  }

  codeChildren(el: JsxElement): Code[] {
    return (el.children as Nodes[]).filter((c): c is Code => c.type === 'code');
  }

  code(node: Code, bare?: boolean): string {
    return this.r.code(node, bare);
  }

  /**
   * An icon named by the author (in the site's `icons.library`, in the element's `iconType`
   * style), or by Quire itself (`library: 'lucide'`).
   */
  icon(name: unknown, opts: IconOptions = {}, el?: JsxElement): string {
    if (name instanceof RenderedHtml) {
      // `icon={<svg …>…</svg>}`: the author's own drawing, already through the allow-list, sized like an icon.
      const px = typeof opts.size === 'number' ? `${opts.size}px` : opts.size;
      const size = px ? ` style="width:${escapeAttr(px)};height:${escapeAttr(px)}"` : '';
      return name.html ? `<span class="q-icon q-icon-jsx${opts.className ? ` ${escapeAttr(opts.className)}` : ''}"${size} aria-hidden="true">${name.html}</span>` : '';
    }
    const iconType = opts.iconType ?? (el ? literalAttribute(el, 'iconType') : undefined);
    return this.iconAt(name, typeof iconType === 'string' ? { ...opts, iconType } : opts, el ? lineOf(el) : undefined);
  }

  /** An icon named outside a JSX element (a code fence's `icon=`), reported at `line`. */
  iconAt(name: unknown, opts: IconOptions, line: number | undefined): string {
    if (typeof name !== 'string' || !name) return '';
    if (isIconImage(name)) {
      const src = this.r.src(name, line);
      return src ? iconImage(src, typeof opts.size === 'number' ? String(opts.size) : opts.size) : '';
    }
    const icon = renderIcon(name, { library: this.r.ctx.config.icons?.library, ...opts });
    if (!icon.known) this.r.warn(`unknown icon "${name}" (icons.library ${opts.library ?? this.r.ctx.config.icons?.library ?? 'fontawesome'}): a placeholder is shown`, line);
    return icon.html;
  }

  label(value: unknown): { html: string; text: string } | null {
    if (typeof value === 'number') value = String(value);
    if (typeof value === 'string') return { html: escapeHtml(value), text: value };
    if (value instanceof RenderedHtml) return { html: value.html, text: decodeAttr(value.html.replace(/<[^>]*>/g, '')).trim() };
    return null;
  }

  /** An `<iframe>`: a placeholder that loads it on request, or a link when its address cannot be embedded (embed.ts). */
  private iframe(el: JsxElement): string {
    const line = lineOf(el);
    return iframeHtml(this.props(el), (src) => this.r.href(src, line), (message) => this.r.warn(message, line), this.r.ui);
  }

  href(url: unknown, el?: JsxElement): string | null {
    return typeof url === 'string' ? this.r.href(url, el ? lineOf(el) : undefined) : null;
  }

  src(url: unknown, el?: JsxElement): string | null {
    return typeof url === 'string' ? this.r.src(url, el ? lineOf(el) : undefined) : null;
  }

  uid(prefix: string): string {
    return this.r.uid(prefix);
  }

  slug(text: string): string {
    return this.r.slugger.slug(text);
  }

  toSide(html: string, el: JsxElement): boolean {
    if (!this.r.atTop(el)) return false;
    this.r.side.push(html);
    return true;
  }

  pageBlock(place: 'top' | 'toc', key: string, build: () => string): void {
    (place === 'top' ? this.r.topBlocks : this.r.tocBlocks).set(key, build);
  }

  heading(depth: number, text: string, id: string): void {
    this.r.headings.push({ depth, text, id });
  }

  warn(message: string, el?: JsxElement): void {
    this.r.warn(message, el ? lineOf(el) : undefined);
  }

  markdown(text: string, el?: JsxElement): string {
    return this.r.inline(attributeMarkdown(text, el ? lineOf(el) : undefined));
  }

  source(el: JsxElement): string {
    const first = el.children[0]?.position;
    const last = el.children.at(-1)?.position;
    const open = el.position?.start.line;
    // Children on lines of their own (the usual form) are cut out of the module's source;
    // children on the tag's own line fall back to their text.
    if (!first || !last || open === undefined || first.start.line <= open || last.end.line >= (el.position?.end.line ?? Infinity)) return this.text(el).trim();
    const lines = this.r.module.source.split('\n').slice(first.start.line - 1, last.end.line);
    const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
    return lines.map((l) => l.slice(indent)).join('\n').trim();
  }

  text(el: JsxElement): string {
    return this.r.textOf(el.children);
  }
}
