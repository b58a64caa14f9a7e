/**
 * What a rendered page body needs beside it (the KaTeX stylesheet, the Mermaid library),
 * read off its HTML. Kept apart from render-task.ts so the export's main thread, which
 * asks this of cached bodies, does not load the renderer (~0.6 s of CPU) to know it.
 */

/** Marks a page body that has a diagram (highlight/mermaid.ts writes it). */
export const MERMAID_MARK = 'data-mermaid';

/** What a body with math holds (KaTeX's markup). */
export const MATH_MARK = 'class="katex';
/** What a body with a diagram holds. */
export const MERMAID_BODY_MARK = `class="q-mermaid" ${MERMAID_MARK}`;

/** Whether a rendered page needs the KaTeX stylesheet. */
export function usesMath(html: string): boolean {
  return html.includes(MATH_MARK);
}

/** Whether a rendered page has a Mermaid diagram (highlight/mermaid.ts). */
export function usesMermaid(html: string): boolean {
  return html.includes(MERMAID_BODY_MARK);
}
