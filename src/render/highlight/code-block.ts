/**
 * Renders one code fence: a `<pre>` highlighted by shiki's grammars with both themes as CSS
 * variables (`--shiki-light` / `--shiki-dark`, set on each token span by its classes, see
 * token-classes.ts, so one HTML works in light and dark mode), highlighted lines marked,
 * a title bar and a copy button that the site's JS wires up. Unknown languages come out
 * as plain escaped text.
 */
import { createHash } from 'node:crypto';
import type { HighlighterCore } from 'shiki/core';
import type { PageContext } from '../types.js';
import { attrs, escapeAttr, escapeHtml } from '../markdown/escape.js';
import { parseCodeMeta } from './code-meta.js';
import { tokenizeDual } from './dual-tokenize.js';
import { tokenClass, tokenStyle } from './token-classes.js';
import { DARK_THEME, LIGHT_THEME, languageId } from './highlighter.js';

export type HighlightCache = NonNullable<PageContext['highlightCache']>;

export interface CodeBlockOptions {
  lang?: string | null;
  meta?: string | null;
  /** Leave out the title bar (CodeGroup shows titles as tabs); the copy button stays. */
  bare?: boolean;
  cache?: HighlightCache;
}

/** Bump when the markup of a highlighted block changes: it is part of every highlight cache key. */
const MARKUP_VERSION = 'token-classes-1';

export function highlightKey(lang: string, meta: string, code: string): string {
  return createHash('sha256').update(MARKUP_VERSION).update('\0').update(lang).update('\0').update(meta).update('\0').update(code).digest('hex');
}

/** The `<pre>` of a fence, from the cache when there. */
export function highlightPre(h: HighlighterCore | null, code: string, lang: string | null | undefined, meta: string | null | undefined, cache?: HighlightCache): string {
  const key = cache ? highlightKey(lang ?? '', meta ?? '', code) : '';
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  const lines = parseCodeMeta(meta).highlight;
  const id = languageId(lang);
  let body = '';
  if (h && id && h.getLoadedLanguages().includes(id)) {
    tokenizeDual(h, code, id, LIGHT_THEME, DARK_THEME).forEach((line, i) => {
      let inner = '';
      for (const t of line) {
        const cls = tokenClass(t.light, t.dark, t.fontStyle);
        inner += cls === undefined ? `<span style="${escapeAttr(tokenStyle(t.light, t.dark, t.fontStyle))}">` : `<span class="${cls}">`;
        inner += `${escapeHtml(t.content)}</span>`;
      }
      body += (i ? '\n' : '') + `<span class="line${lines.has(i + 1) ? ' highlighted' : ''}">${inner}</span>`;
    });
  } else {
    body = code.split('\n').map((l, i) => `<span class="line${lines.has(i + 1) ? ' highlighted' : ''}">${escapeHtml(l)}</span>`).join('\n');
  }
  const html = `<pre class="q-code-pre shiki"${attrs({ 'data-lang': lang || undefined, tabindex: 0 })}><code>${body}</code></pre>`;
  cache?.set(key, html);
  return html;
}

export const COPY_BUTTON = '<button type="button" class="q-code-copy" data-copy aria-label="Copy code"><span class="q-code-copy-label">Copy</span></button>';

/** A whole code block: title bar (title or language), copy button, highlighted `<pre>`. */
export function renderCodeBlock(h: HighlighterCore | null, code: string, opts: CodeBlockOptions = {}): string {
  const meta = parseCodeMeta(opts.meta);
  const pre = highlightPre(h, code, opts.lang, opts.meta, opts.cache);
  const label = meta.title ?? opts.lang ?? '';
  const header = opts.bare ? COPY_BUTTON : `<div class="q-code-header"><span class="q-code-title">${escapeHtml(label)}</span>${COPY_BUTTON}</div>`;
  return `<div class="q-code" data-code${attrs({ 'data-lang': opts.lang || undefined })}>${header}${pre}</div>`;
}
