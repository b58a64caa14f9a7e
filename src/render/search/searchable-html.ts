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
 * (test/render/search/searchable-html.test.ts).
 * A body that uses data-pagefind-* attributes itself is left whole.
 */
/** An icon, a button or a span tag (dropped), or another start tag with attributes (name, attributes). */
const MARKUP = /<svg\b[\s\S]*?<\/svg>|<button\b[\s\S]*?<\/button>|<\/?span\b[^>]*>|<([a-z][a-z0-9]*)(\s[^>]*)>/g;
/** One attribute of a start tag as the renderer writes it: `name` or `name="value"`. */
const ATTRIBUTE = /\s+([^\s"'=<>/]+)(="[^"]*")?/y;
const UNREAD = /^(?:style|tabindex|(?:data|aria)-.*)$/;

/** The start tag with the attributes Pagefind does not read left out; as it was if it does not parse. */
function startTag(tag: string, name: string, attrs: string): string {
  let kept = '';
  let at = 0;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(attrs); m; m = ATTRIBUTE.exec(attrs)) {
    at = ATTRIBUTE.lastIndex;
    const attr = m[1];
    const unread = UNREAD.test(attr) || (attr === 'class' && !/\bq-code-copy\b/.test(m[2] ?? ''));
    if (!unread) kept += m[0];
  }
  const rest = attrs.slice(at);
  if (rest.trim() !== '' && rest.trim() !== '/') return tag;
  return `<${name}${kept}${rest}>`;
}

export function searchableHtml(html: string): string {
  if (html.includes('data-pagefind')) return html;
  return html.replace(MARKUP, (tag: string, name?: string, attrs?: string) => (name === undefined ? '' : startTag(tag, name, attrs!)));
}
