/**
 * LaTeX math rendered to HTML offline with KaTeX (no MathML-only output, no network).
 * The site must ship KaTeX's stylesheet and fonts: katexAssetsDir() says where they are.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type katexModule from 'katex';

const require = createRequire(import.meta.url);

/**
 * KaTeX is loaded on the first formula (its CommonJS build, the same version as the ESM
 * one): most sites have none, and every render thread would parse its 600 kB at start-up,
 * while the first page waits.
 */
let katex: typeof katexModule | undefined;

/** The folder holding `katex.min.css` and `fonts/`, to copy into the output. */
export function katexAssetsDir(): string {
  return join(dirname(require.resolve('katex/package.json')), 'dist');
}

/** The stylesheet file inside katexAssetsDir(). */
export const KATEX_CSS = 'katex.min.css';

/** HTML for `tex`; a syntax error renders the source in an error span (KaTeX's throwOnError: false). */
export function renderMath(tex: string, display: boolean): string {
  katex ??= require('katex') as typeof katexModule;
  const html = katex.renderToString(tex, { displayMode: display, throwOnError: false, output: 'html', trust: false, strict: 'ignore' });
  return display ? `<div class="q-math" data-math="display">${html}</div>` : `<span class="q-math" data-math="inline">${html}</span>`;
}
