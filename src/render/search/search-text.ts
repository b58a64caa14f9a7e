/**
 * A rendered page body as the search index takes it: its text cut into sections at the
 * headings that carry an id (a result can link to `page.html#id`), the first section
 * being what comes before any of them.
 *
 * - Left out: `<svg>`, `<button>` (copy buttons), `<script>`, `<style>`, `<template>`,
 *   and any element marked `data-search-ignore` (or Pagefind's `data-pagefind-ignore`,
 *   which content written for Pagefind may carry).
 * - Block elements separate words; inline ones (`<code>`, `<a>`, `<strong>`...) do not,
 *   so `re<b>try</b>` stays one word. Whitespace is collapsed and entities decoded.
 *
 * The renderer's own HTML is well formed; raw HTML from pages was sanitized before it
 * got here. The scan reads tags with quoted attribute values whole, so a `>` inside a
 * value cannot end a tag early.
 */

export interface SearchSection {
  /** The heading's id (`''` for the text before the first heading). */
  anchor: string;
  heading: string;
  /** 1-6 for a heading, 0 for the first section. */
  level: number;
  text: string;
}

const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const SKIPPED = new Set(['svg', 'button', 'script', 'style', 'template', 'noscript']);
const IGNORE_ATTR = /\sdata-(?:search|pagefind)-ignore(?:[\s=/]|$)/;
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const HEADING = /^h([1-6])$/;
const ID = /\sid="([^"]*)"/;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED[name.toLowerCase()] ?? all;
  });
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function searchSections(html: string): SearchSection[] {
  const sections: SearchSection[] = [];
  let current = { anchor: '', heading: '', level: 0, text: '' };
  /** Inside a heading with an id: its text goes to the heading. */
  let heading: { name: string; text: string } | undefined;
  /** Inside a left-out element: its name and how deep. */
  let skip: { name: string; depth: number } | undefined;
  let at = 0;
  const put = (text: string) => {
    if (!text) return;
    if (heading) heading.text += text;
    else current.text += text;
  };
  TAG.lastIndex = 0;
  for (let m: RegExpExecArray | null; (m = TAG.exec(html)); ) {
    if (!skip) put(decodeEntities(html.slice(at, m.index)));
    at = m.index + m[0].length;
    const name = m[2]?.toLowerCase();
    if (!name) continue; // a comment
    const closing = m[1] === '/';
    const attrs = m[3] ?? '';
    if (skip) {
      if (name === skip.name && !VOID.has(name) && !attrs.endsWith('/')) skip.depth += closing ? -1 : 1;
      if (skip.depth === 0) skip = undefined;
      continue;
    }
    if (!closing && !VOID.has(name) && !attrs.endsWith('/') && (SKIPPED.has(name) || IGNORE_ATTR.test(attrs))) {
      skip = { name, depth: 1 };
      continue;
    }
    const level = HEADING.exec(name);
    if (level && !closing && !heading) {
      const id = ID.exec(attrs);
      if (id) {
        sections.push(current);
        current = { anchor: decodeEntities(id[1]), heading: '', level: Number(level[1]), text: '' };
        heading = { name, text: '' };
        continue;
      }
    }
    if (heading && closing && name === heading.name) {
      current.heading = tidy(heading.text);
      heading = undefined;
      continue;
    }
    if (!INLINE.has(name)) put(' ');
  }
  if (!skip) put(decodeEntities(html.slice(at)));
  if (heading) current.heading = tidy(heading.text);
  sections.push(current);
  return sections
    .map((s) => ({ ...s, text: tidy(s.text) }))
    .filter((s, i) => i === 0 || s.heading || s.text);
}
