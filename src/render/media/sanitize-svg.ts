/**
 * An SVG file that goes into the output (fetched from another host, or the site's own
 * `images/x.svg`, logo or favicon), reduced so it runs nothing and loads nothing even
 * when opened on its own, on the site's origin. Kept: the drawing elements of the
 * inline-SVG allow-list of pages (markdown/sanitize.ts) plus what standalone files use
 * and cannot run script with: `<style>` without outside references, filters, markers,
 * patterns, symbols, `<use>` of a fragment of the same file, and animations of
 * presentation attributes, and `<foreignObject>` whose HTML goes through the page
 * allow-list with nothing that loads (Mermaid writes its node labels there). Removed:
 * scripts, event handlers, `<image>`, links, `<set>`, every reference to another resource (`href`,
 * `url(http:...)`, `@import`) and every attribute in another namespace but
 * `xlink:href`, which becomes `href`. Element and attribute names keep their case
 * (`viewBox`, `linearGradient`): a standalone SVG is XML, where case matters.
 */
import { createRequire } from 'node:module';
import type { Parser } from 'htmlparser2';
import { escapeAttr, escapeHtml } from '../markdown/escape.js';
import { ALLOWED_TAGS, attrAllowed, DROPPED_WITH_CONTENT, SVG_TAGS, styleAllowed, URL_ATTRS, VOID_TAGS } from '../markdown/sanitize.js';

export interface SanitizedSvg {
  svg: string;
  /** Elements removed with their content (names as written, once each), worth telling the author about. */
  removed: string[];
  /** Event handlers and references to other resources removed from elements that stay (`onload`, `href`). */
  removedAttributes: string[];
}

/** What the sanitizer took out, as diagnostics name it: `<script>, onload=` (source and remote SVGs alike). */
export function removedParts(clean: Pick<SanitizedSvg, 'removed' | 'removedAttributes'>): string[] {
  return [...clean.removed.map((r) => `<${r}>`), ...clean.removedAttributes.map((a) => `${a}=`)];
}

// htmlparser2 (with entities, ~20 modules, ~0.07 s of CPU to load) is loaded by the first SVG sanitized
// (media-refs.ts does the same): an export of a site without SVGs never loads it.
const require = createRequire(import.meta.url);
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Elements whose content is kept when the element itself goes: grouping without drawing of its own. */
const UNWRAPPED = new Set(['a', 'switch']);
/** Removed without a word: text for tools and editors, never drawn. */
const SILENT = new Set(['title', 'metadata']);
/** Drawing without script that standalone files use beyond the page allow-list (lower case). */
const STANDALONE = new Set([
  'style', 'filter', 'marker', 'pattern', 'symbol', 'use', 'animate', 'animatetransform',
  ...['blend', 'colormatrix', 'componenttransfer', 'composite', 'convolvematrix', 'diffuselighting', 'displacementmap', 'distantlight', 'dropshadow', 'flood',
    'funca', 'funcr', 'funcg', 'funcb', 'gaussianblur', 'merge', 'mergenode', 'morphology', 'offset', 'pointlight', 'specularlighting', 'spotlight', 'tile', 'turbulence'].map((f) => `fe${f}`),
]);
/** What an animation may change: presentation and geometry, never a reference or a handler. */
const ANIMATABLE = /^(opacity|fill|fill-opacity|stroke|stroke-width|stroke-opacity|stroke-dasharray|stroke-dashoffset|stop-color|stop-opacity|offset|x|y|x1|x2|y1|y2|cx|cy|r|rx|ry|width|height|d|points|transform|visibility|display|color|font-size|letter-spacing|flood-color|flood-opacity|stdDeviation|dx|dy)$/;
/** A paint or clip reference to anything but a fragment of the same file (`url(#grad)` stays). */
const OUTSIDE_URL = /url\(\s*['"]?\s*(?!#)/i;
/** CSS that loads or runs something; a backslash could spell any of it in escapes. */
const CSS_ACTIVE = /@import|expression\(|javascript:|behavior\s*:|-moz-binding|image-set\(|\\|<\//i;

const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/**
 * HTML inside `<foreignObject>`: the page allow-list without what loads or leaves the
 * file (media, links: `<a>` keeps its text) and without SVG, which would open a second
 * drawing (and a second foreignObject) inside the first.
 */
const FOREIGN_DROPPED = new Set([...DROPPED_WITH_CONTENT, 'img', 'picture', 'video', 'audio', 'source', 'track', 'svg', 'math']);
const foreignKept = (lower: string) => ALLOWED_TAGS.has(lower) && !SVG_TAGS.has(lower) && !FOREIGN_DROPPED.has(lower) && lower !== 'a';

/** An HTML attribute inside `<foreignObject>` as written out, or null when it goes. */
function keptHtmlAttribute(tag: string, attr: string, value: string, dropped: Set<string>): [string, string] | null {
  const a = attr.toLowerCase();
  if (a === 'xmlns') return null;
  if (!attrAllowed(tag, a) || URL_ATTRS.has(a) || (a === 'style' && !styleAllowed(value))) {
    if (a.startsWith('on') || URL_ATTRS.has(a) || a === 'style') dropped.add(attr);
    return null;
  }
  return [a, value];
}

/** Whether an element may stay, given its attributes. */
function elementAllowed(lower: string, attribs: Record<string, string>): boolean {
  if (SVG_TAGS.has(lower) || lower === 'foreignobject') return true;
  if (!STANDALONE.has(lower)) return false;
  const target = attribs.attributeName ?? attribs.attributename ?? '';
  if (lower === 'animate') return ANIMATABLE.test(target);
  if (lower === 'animatetransform') return /^(transform|gradientTransform|patternTransform)$/.test(target);
  return true;
}

/** The attribute as written out, or null when it goes; `dropped` learns of handlers and references. */
function keptAttribute(attr: string, value: string, dropped: Set<string>): [string, string] | null {
  const a = attr.toLowerCase();
  if (a.startsWith('on') || a === 'href' || a === 'xlink:href') {
    // Only a fragment of this same file (`<use href="#icon">`, a gradient's template).
    if (!a.startsWith('on') && /^#[\w.:-]*$/.test(value.trim())) return ['href', value.trim()];
    dropped.add(attr);
    return null;
  }
  // Namespaces of their own (xmlns:*, sodipodi:*) and the root's namespace, set below.
  if (a === 'xmlns' || !/^[a-z][a-z0-9-]*$/i.test(attr)) return null;
  // Presentation attributes are CSS values too: `fill="\75rl(http://...)"` spells url( in an escape.
  if (OUTSIDE_URL.test(value) || CSS_ACTIVE.test(value) || (a === 'style' && !styleAllowed(value.replace(/url\(\s*['"]?\s*#[^)]*\)/gi, 'none')))) {
    dropped.add(attr);
    return null;
  }
  return [attr, value];
}

/** The sanitized SVG, or null when the text is not an SVG document (its root is not `<svg>`). */
export function sanitizeSvg(text: string): SanitizedSvg | null {
  let out = '';
  let root: boolean | undefined;
  /** The root element is closed: anything after it is not part of the drawing. */
  let done = false;
  /** Per open element: its name when its tags were written, '' when not. */
  const open: string[] = [];
  let dropping = 0;
  /** Inside a kept `<style>`: its text is collected and checked as a whole. */
  let css: string | undefined;
  const removed = new Set<string>();
  const removedAttributes = new Set<string>();
  /** Inside a `<foreignObject>`: its index in `open`, where its tag and its content start in `out`; -1 outside. */
  let foreignAt = -1;
  let foreignTag = 0;
  let foreignBody = 0;
  /** HTML elements written and still open inside the foreignObject (the outermost carries the XHTML namespace). */
  let htmlOpen = 0;
  const drop = (name: string, lower: string) => {
    dropping = 1;
    if (!SILENT.has(lower) && !lower.includes(':')) removed.add(name);
  };
  /** An element inside a foreignObject: HTML, through the page allow-list. */
  const openHtml = (name: string, lower: string, attribs: Record<string, string>) => {
    if (FOREIGN_DROPPED.has(lower) || lower.includes(':')) return drop(name, lower);
    if (!foreignKept(lower)) {
      if (lower === 'a' && (attribs.href ?? attribs['xlink:href']) !== undefined) removedAttributes.add('href');
      open.push('');
      return;
    }
    let tag = `<${lower}`;
    if (htmlOpen === 0) tag += ` xmlns="${XHTML_NS}"`;
    for (const [attr, value] of Object.entries(attribs)) {
      const kept = keptHtmlAttribute(lower, attr, value, removedAttributes);
      if (kept) tag += ` ${kept[0]}="${escapeAttr(kept[1])}"`;
    }
    // XML output: a void element closes itself and has no closing tag to write.
    if (VOID_TAGS.has(lower)) {
      out += `${tag}/>`;
      open.push('');
      return;
    }
    out += `${tag}>`;
    htmlOpen++;
    open.push(lower);
  };
  const { Parser: HtmlParser } = require('htmlparser2') as typeof import('htmlparser2');
  const parser: Parser = new HtmlParser(
    {
      onopentag(name, attribs) {
        const lower = name.toLowerCase();
        if (root === undefined) root = lower === 'svg';
        if (!root || done) return;
        if (dropping > 0 || css !== undefined) {
          dropping++;
          return;
        }
        if (foreignAt >= 0) return openHtml(name, lower, attribs);
        if (!elementAllowed(lower, attribs)) {
          if (UNWRAPPED.has(lower)) open.push('');
          else drop(name, lower);
          return;
        }
        let tag = `<${name}`;
        for (const [attr, value] of Object.entries(attribs)) {
          const kept = keptAttribute(attr, value, removedAttributes);
          if (kept) tag += ` ${kept[0]}="${escapeAttr(kept[1])}"`;
        }
        if (open.length === 0) tag += ` xmlns="${SVG_NS}"`;
        if (lower === 'foreignobject') {
          foreignAt = open.length;
          foreignTag = out.length;
        }
        if (lower === 'style') css = '';
        else out += `${tag}>`;
        if (lower === 'foreignobject') foreignBody = out.length;
        open.push(lower === 'style' ? tag : name);
      },
      ontext(data) {
        if (!root || done || dropping > 0 || open.length === 0) return;
        if (css !== undefined) css += data;
        else out += escapeHtml(data);
      },
      onclosetag(name) {
        if (!root || done) return;
        if (dropping > 0) {
          dropping--;
          return;
        }
        const tag = open.pop();
        if (css !== undefined) {
          // A style sheet that reaches outside the file goes whole: half a rule set is worse than none.
          if (OUTSIDE_URL.test(css) || CSS_ACTIVE.test(css)) removed.add(name);
          else out += `${tag}>${escapeHtml(css)}</${name}>`;
          css = undefined;
        } else if (foreignAt >= 0 && open.length === foreignAt) {
          // A foreignObject left with nothing to show (its HTML all removed) goes too.
          if (out.slice(foreignBody).trim() === '') out = out.slice(0, foreignTag);
          else out += `</${name}>`;
          foreignAt = -1;
          htmlOpen = 0;
        } else if (tag) {
          out += `</${tag}>`;
          if (foreignAt >= 0) htmlOpen--;
        }
        if (open.length === 0) done = true;
      },
    },
    { xmlMode: true },
  );
  parser.end(text);
  return root ? { svg: out, removed: [...removed], removedAttributes: [...removedAttributes] } : null;
}
