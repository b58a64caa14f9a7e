/**
 * An SVG file fetched from another host, reduced to what the inline-SVG allow-list of
 * pages keeps (markdown/sanitize.ts): drawing elements and their presentation
 * attributes. Scripts, event handlers, `<foreignObject>`, `<style>`, links, `<use>`,
 * `<image>` and every reference to another resource go, so the file runs nothing and
 * loads nothing even when opened on its own, on the site's origin. Element and
 * attribute names keep their case (`viewBox`, `linearGradient`): a standalone SVG is
 * XML, where case matters.
 */
import { Parser } from 'htmlparser2';
import { escapeAttr, escapeHtml } from '../markdown/escape.js';
import { SVG_TAGS, attrAllowed, styleAllowed } from '../markdown/sanitize.js';

export interface SanitizedSvg {
  svg: string;
  /** Elements removed with their content (names as written, once each), worth telling the author about. */
  removed: string[];
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Elements whose content is kept when the element itself goes: grouping without drawing of its own. */
const UNWRAPPED = new Set(['a', 'switch']);
/** Removed without a word: text for tools and editors, never drawn. */
const SILENT = new Set(['title', 'metadata']);
/** A paint or clip reference to anything but a fragment of the same file (`url(#grad)` stays). */
const OUTSIDE_URL = /url\(\s*['"]?\s*(?!#)/i;

/** The sanitized SVG, or null when the text is not an SVG document (its root is not `<svg>`). */
export function sanitizeSvg(text: string): SanitizedSvg | null {
  let out = '';
  let root: boolean | undefined;
  /** The root element is closed: anything after it is not part of the drawing. */
  let done = false;
  /** Per open element: whether its tags were written. */
  const open: boolean[] = [];
  let dropping = 0;
  const removed = new Set<string>();
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const lower = name.toLowerCase();
        if (root === undefined) root = lower === 'svg';
        if (!root || done) return;
        if (dropping > 0) {
          dropping++;
          return;
        }
        if (!SVG_TAGS.has(lower)) {
          if (UNWRAPPED.has(lower)) open.push(false);
          else {
            dropping = 1;
            if (!SILENT.has(lower) && !lower.includes(':')) removed.add(name);
          }
          return;
        }
        let tag = `<${name}`;
        for (const [attr, value] of Object.entries(attribs)) {
          const a = attr.toLowerCase();
          if (!attrAllowed(lower, a) || OUTSIDE_URL.test(value) || (a === 'style' && !styleAllowed(value))) continue;
          // The root's namespace is set below: a file may not move its elements out of SVG.
          if (a === 'xmlns') continue;
          tag += ` ${attr}="${escapeAttr(value)}"`;
        }
        if (open.length === 0) tag += ` xmlns="${SVG_NS}"`;
        out += `${tag}>`;
        open.push(true);
      },
      ontext(data) {
        if (root && !done && dropping === 0 && open.length > 0) out += escapeHtml(data);
      },
      onclosetag(name) {
        if (!root || done) return;
        if (dropping > 0) {
          dropping--;
          return;
        }
        if (open.pop()) out += `</${name}>`;
        if (open.length === 0) done = true;
      },
    },
    { xmlMode: true },
  );
  parser.end(text);
  return root ? { svg: out, removed: [...removed] } : null;
}
