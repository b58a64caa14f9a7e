/**
 * What a component renderer gets: the JSX element and the page renderer's services
 * (props already read as literals, children rendering, links, icons, ids, warnings).
 * A component is a pure function from these to an HTML string.
 */
import type { IconOptions } from '../icons/render-icon.js';
import type { UiStrings } from '../layout/ui-strings.js';
import type { Code } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
export type Props = Record<string, unknown>;

export interface RenderApi {
  /** The interface's words in the page's language (a View selector's label, an Expandable's summary). */
  readonly ui: UiStrings;
  /** The element's attributes as literal values (expressions that are not literals are dropped and reported). */
  props(el: JsxElement): Props;
  /** The element's children as HTML. */
  children(el: JsxElement): string;
  /** Direct child elements, optionally only those with one of `names` (others are reported when `strict`). */
  childElements(el: JsxElement, names?: string[]): JsxElement[];
  /** Direct `code` fence children (for CodeGroup and examples), looking through paragraphs. */
  codeChildren(el: JsxElement): Code[];
  /** A code fence as a highlighted block; `bare` leaves out the title bar. */
  code(node: Code, bare?: boolean): string;
  /** An icon name or image path -> inline SVG / img; unknown names are reported. */
  /** An icon from the site's library (`iconType` read from `el`); Quire's own icons pass `library: 'lucide'`. */
  icon(name: unknown, opts?: IconOptions, el?: JsxElement): string;
  /** An href written by the author -> the output href (internal ones resolved, broken ones kept and reported); null when unsafe. */
  href(url: unknown, el?: JsxElement): string | null;
  /** An image/media reference -> its output URL (assets recorded); null when unsafe. */
  src(url: unknown, el?: JsxElement): string | null;
  /** A page-unique id with `prefix` (`tabs-1`, `tabs-2`...), deterministic for the same page. */
  uid(prefix: string): string;
  /** A unique slug for `text`, shared with heading ids. */
  slug(text: string): string;
  /**
   * Sends `html` to the page's side column (as Mintlify places examples and panels) when `el`
   * is written at the top of the page (not inside another element, nor made by a custom
   * component), and returns true; false means render it in place.
   */
  toSide(html: string, el: JsxElement): boolean;
  /**
   * Sets a page-level block by `key` (a later call replaces it): `top` goes above the page's
   * content (the View selector), `toc` above its table of contents (the Update tag filter).
   * `build` runs once, after the whole page is rendered, so a block that gathers from many
   * elements (every tag of a changelog) is built once, not once per element.
   */
  pageBlock(place: 'top' | 'toc', key: string, build: () => string): void;
  /** Adds an entry to the page's table of contents. */
  heading(depth: number, text: string, id: string): void;
  warn(message: string, el?: JsxElement): void;
  /** Inline Markdown written in a string attribute (a caption, a description) as HTML. */
  markdown(text: string, el?: JsxElement): string;
  /** The element's children as the author wrote them (dedented source lines), e.g. a prompt to copy. */
  source(el: JsxElement): string;
  /** A title-like prop as HTML and plain text: a string, a number, or JSX (`title={<>Add <code>x</code></>}`); null otherwise. */
  label(value: unknown): { html: string; text: string } | null;
  /** Text content of an element (for labels). */
  text(el: JsxElement): string;
}

export interface ComponentDefinition {
  render(el: JsxElement, r: RenderApi): string;
  /** Renders a block (div, details...): never wrapped in a `<p>`. */
  block: boolean;
}
