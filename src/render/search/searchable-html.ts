/**
 * A page body as the search index needs it: the same text, without the markup
 * Pagefind would parse only to throw away. Highlighted code is one <span> per token
 * (two thirds of a typical body), and icons and buttons are excluded from the index
 * anyway (pagefind-index.ts). Pagefind's time grows with the HTML it parses: this
 * takes its indexing from ~2.4 to ~1.5 ms a page on the benchmark corpus.
 * A body that uses data-pagefind-* attributes itself is left whole.
 */
const DROPPED = /<svg\b[\s\S]*?<\/svg>|<button\b[\s\S]*?<\/button>|<\/?span\b[^>]*>/g;

export function searchableHtml(html: string): string {
  if (html.includes('data-pagefind')) return html;
  return html.replace(DROPPED, '');
}
