/**
 * A page body as the search index needs it: the same text, without the markup
 * Pagefind would parse only to throw away. Highlighted code is one <span> per token
 * (two thirds of a typical body), and icons and buttons are excluded from the index
 * anyway (pagefind-index.ts). Of the attributes left, Pagefind reads only `id`
 * (result sections), `src`/`alt` of images, `data-pagefind-*` and what the excluded
 * selectors name (`.q-code-copy`), so classes, styles, `data-*` and `aria-*` go too.
 * Pagefind's time grows with the HTML it parses: spans out took its indexing from
 * ~2.4 to ~1.5 ms a page on the benchmark corpus; attributes out then cut its CPU for
 * the 1000 corpus pages from 3.4-3.7 s to 3.2 s, with the same index bytes
 * (test/render/search/searchable-html.test.ts), for ~0.1 ms more here per page.
 * A body that uses data-pagefind-* attributes itself is left whole.
 */
const DROPPED = /<svg\b[\s\S]*?<\/svg>|<button\b[\s\S]*?<\/button>|<\/?span\b[^>]*>/g;
const START_TAG = /<([a-z][a-z0-9]*)(\s[^>]*)>/g;
/** Attributes as the renderer writes them: `name` or `name="value"`; a tag written otherwise is kept whole. */
const WELL_FORMED = /^(?:\s+[^\s"'=<>/]+(?:="[^"]*")?)*\s*\/?$/;
/** One attribute of a well-formed list (never a match inside a value). */
const ATTRIBUTE = /\s+([^\s"'=<>/]+)(="[^"]*")?/g;
const UNREAD = /^(?:style|tabindex|(?:data|aria)-.*)$/;

function readAttribute(attr: string, name: string, value = ''): string {
  return UNREAD.test(name) || (name === 'class' && !/\bq-code-copy\b/.test(value)) ? '' : attr;
}

export function searchableHtml(html: string): string {
  if (html.includes('data-pagefind')) return html;
  return html.replace(DROPPED, '').replace(START_TAG, (tag: string, name: string, attrs: string) =>
    WELL_FORMED.test(attrs) ? `<${name}${attrs.replace(ATTRIBUTE, readAttribute)}>` : tag);
}
