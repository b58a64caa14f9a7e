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
 *
 * Tags are found without captures (nextTag): a page's highlighted code is thousands of
 * `<span>`s, and a match object with its captures per tag was a fifth of the export
 * thread's garbage on Mintlify's docs.
 */

export interface SearchSection {
  /** The heading's id (`''` for the text before the first heading). */
  anchor: string;
  heading: string;
  /** 1-6 for a heading, 0 for the first section. */
  level: number;
  text: string;
}

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

/**
 * Whitespace collapsed to single spaces, trimmed. Only runs other than a lone space are
 * replaced (a space followed by whitespace, or any other whitespace character and what
 * follows it): the same string as replacing every run, without a replacement per word.
 */
function tidy(text: string): string {
  return text.replace(/ \s+|[^\S ]\s*/g, ' ').trim();
}

/**
 * Where nextTag found a tag: its span, its name (`''` for a comment) and its attributes'
 * span. One object, overwritten: the scan allocates nothing per tag.
 */
export interface TagAt {
  start: number;
  end: number;
  name: string;
  closing: boolean;
  attrStart: number;
  attrEnd: number;
}

function isNameChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45;
}

/**
 * A comment or a tag at `lastIndex` (sticky), as the former global expression
 * `<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>` matched it:
 * a tag ends at the first `>` outside quotes, and a `<` whose attributes open a quote that
 * never closes starts no tag (the text goes on). No captures: `test` makes no match object.
 */
const TAG_AT = /<!--[\s\S]*?-->|<\/?[a-zA-Z][a-zA-Z0-9-]*(?:[^>"']|"[^"]*"|'[^']*')*>/y;

/** The next comment or tag at or after `from`, into `tag`; false when there is none. */
export function nextTag(html: string, from: number, tag: TagAt): boolean {
  for (let p = html.indexOf('<', from); p !== -1; p = html.indexOf('<', p + 1)) {
    TAG_AT.lastIndex = p;
    if (!TAG_AT.test(html)) continue;
    tag.start = p;
    tag.end = TAG_AT.lastIndex;
    if (html.charCodeAt(p + 1) === 33) { // '!': a comment (a tag name starts with a letter)
      tag.name = '';
      return true;
    }
    const closing = html.charCodeAt(p + 1) === 47; // '/'
    // The name is the longest run of name characters, as the expression's greedy group took it.
    let q = closing ? p + 2 : p + 1;
    let upper = false;
    for (let c = html.charCodeAt(q); isNameChar(c); c = html.charCodeAt(++q)) upper ||= c <= 90 && c >= 65;
    const name = html.slice(closing ? p + 2 : p + 1, q);
    tag.name = upper ? name.toLowerCase() : name;
    tag.closing = closing;
    tag.attrStart = q;
    tag.attrEnd = tag.end - 1;
    return true;
  }
  return false;
}

function attrsOf(html: string, tag: TagAt): string {
  return html.slice(tag.attrStart, tag.attrEnd);
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
  const tag: TagAt = { start: 0, end: 0, name: '', closing: false, attrStart: 0, attrEnd: 0 };
  // Most pages have no ignore mark: their tags' attributes are then not read for one.
  const marked = html.includes('data-search-ignore') || html.includes('data-pagefind-ignore');
  while (nextTag(html, at, tag)) {
    if (!skip) put(decodeEntities(html.slice(at, tag.start)));
    at = tag.end;
    const { name, closing } = tag;
    if (!name) continue; // a comment
    // `<br/>`, `<path ... />`: no content, nothing to close.
    const selfClosing = tag.attrEnd > tag.attrStart && html.charCodeAt(tag.attrEnd - 1) === 47;
    if (skip) {
      if (name === skip.name && !VOID.has(name) && !selfClosing) skip.depth += closing ? -1 : 1;
      if (skip.depth === 0) skip = undefined;
      continue;
    }
    // Attributes are read (sliced) only by an opening tag, for the ignore mark and a heading's id.
    if (!closing && !VOID.has(name) && !selfClosing && (SKIPPED.has(name) || (marked && tag.attrEnd > tag.attrStart && IGNORE_ATTR.test(attrsOf(html, tag))))) {
      skip = { name, depth: 1 };
      continue;
    }
    const level = name.length === 2 && name[0] === 'h' ? HEADING.exec(name) : null;
    if (level && !closing && !heading) {
      const id = ID.exec(attrsOf(html, tag));
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
