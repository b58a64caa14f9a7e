/**
 * Renders one code fence: a `<pre>` highlighted by shiki's grammars with both themes as CSS
 * variables (`--shiki-light` / `--shiki-dark`, set on each token span by its classes, see
 * token-classes.ts, so one HTML works in light and dark mode), a title bar (with the
 * fence's `icon`) and a copy button that the site's JS wires up. The fence's options mark
 * the lines (highlighted, focused, diff added/removed, numbered) and the block (wrapped,
 * expandable, no copy button): see code-meta.ts and code-notation.ts. Unknown languages
 * come out as plain escaped text.
 */
import { createHash } from 'node:crypto';
import type { HighlighterCore } from 'shiki/core';
import type { PageContext } from '../types.js';
import { attrs, escapeAttr, escapeHtml } from '../markdown/escape.js';
import { parseCodeMeta, type CodeMeta } from './code-meta.js';
import { readNotation, type LineMark } from './code-notation.js';
import { HighlightLimitError, tokenizeDual } from './dual-tokenize.js';
import { engineCode } from '../cache/engine-version.js';
import { tokenClass, tokenStyle } from './token-classes.js';
import { DARK_THEME, LIGHT_THEME, languageId } from './highlighter.js';
import { uiStrings, type UiStrings } from '../layout/ui-strings.js';
import { runTwoslash } from './twoslash.js';
import { lostBlock, remoteHighlight } from './remote-highlight.js';
import { blockText } from './site-blocks.js';

export type HighlightCache = NonNullable<PageContext['highlightCache']>;

export interface CodeBlockOptions {
  lang?: string | null;
  meta?: string | null;
  /** Leave out the title bar (CodeGroup shows titles as tabs); the copy button stays. */
  bare?: boolean;
  /** The title bar's icon as HTML (the fence's `icon=` drawn by the page's icon library). */
  iconHtml?: string;
  cache?: HighlightCache;
  /** Told when the block went past a highlighting bound and is shown as plain text. */
  onPlain?: (reason: string) => void;
  /**
   * Told when a `twoslash` block is shown without type information (twoslash.ts, which
   * loads TypeScript at the first block it types).
   */
  onNoTypes?: (reason: string) => void;
  /** The page's interface words for the buttons. @default English */
  ui?: CodeUi;
}

/** The words of a code block's buttons (layout/ui-strings.ts). */
export type CodeUi = Pick<UiStrings, 'copy' | 'copyButton' | 'expand'>;

/** Largest block that is highlighted; a larger one is shown as plain text. */
const MAX_HIGHLIGHT_CHARS = 256 * 1024;

export function highlightKey(lang: string, meta: string, code: string): string {
  return createHash('sha256').update(engineCode()).update('\0').update(lang).update('\0').update(meta).update('\0').update(code).digest('hex');
}

/** Blocks remembered per cache by their text, in front of it (at most this many, then forgotten). */
const MAX_BY_TEXT = 2000;
const byText = new WeakMap<HighlightCache, Map<string, string>>();

/**
 * The `<pre>` of a fence, from the cache when there. Docs repeat their blocks from page
 * to page (the benchmark corpus: 3856 blocks, 67 different), and a repeat is found by its
 * text before its cache key is computed: the sha256 of every block took ~0.1 s of a
 * render thread's 1000 pages.
 */
export function highlightPre(h: HighlighterCore | null, code: string, lang: string | null | undefined, meta: string | null | undefined, cache?: HighlightCache, onPlain?: (reason: string) => void, onNoTypes?: (reason: string) => void): string {
  if (!cache) return highlightHere(h, code, lang, meta, onPlain, onNoTypes);
  let seen = byText.get(cache);
  if (!seen) byText.set(cache, (seen = new Map<string, string>()));
  // A flat copy (join): `code` is often a slice of the page's source, and a key built by
  // concatenation would keep that whole source alive as long as the block is remembered.
  const text = blockText(lang ?? '', meta ?? '', code);
  let html = seen.get(text);
  if (html !== undefined) return html;
  const key = highlightKey(lang ?? '', meta ?? '', code);
  html = cache.get(key);
  if (html === undefined) {
    let plain = false;
    html = highlightHere(
      h, code, lang, meta,
      (reason) => {
        plain = true;
        onPlain?.(reason);
      },
      (reason) => {
        plain = true;
        onNoTypes?.(reason);
      },
    );
    // A block shown with a warning is not remembered: the warning must come again with
    // every page and every export that has it.
    if (plain) return html;
    cache.set(key, html);
  }
  if (seen.size >= MAX_BY_TEXT) seen.clear();
  seen.set(text, html);
  return html;
}

/** The tokens of a block, or null (and `onPlain` told why) when it goes past a bound. */
function tokensWithin(h: HighlighterCore, code: string, id: string, onPlain?: (reason: string) => void): ReturnType<typeof tokenizeDual> | null {
  if (code.length > MAX_HIGHLIGHT_CHARS) {
    onPlain?.(`the block has ${code.length} characters (highlighting stops at ${MAX_HIGHLIGHT_CHARS})`);
    return null;
  }
  try {
    return tokenizeDual(h, code, id, LIGHT_THEME, DARK_THEME);
  } catch (err) {
    if (!(err instanceof HighlightLimitError)) throw err;
    onPlain?.(err.message);
    return null;
  }
}

/** The classes of line `n` (1-based): `highlighted`, `focused`, `diff add|remove`, `error`, `warning`. */
function lineClass(n: number, meta: CodeMeta, marks: Map<number, Set<LineMark>>): string {
  const m = marks.get(n);
  let cls = 'line';
  if (meta.highlight.has(n) || m?.has('highlight')) cls += ' highlighted';
  if (meta.focus.has(n) || m?.has('focus')) cls += ' focused';
  if (m?.has('add')) cls += ' diff add';
  else if (m?.has('remove')) cls += ' diff remove';
  if (m?.has('error')) cls += ' highlighted error';
  else if (m?.has('warning')) cls += ' highlighted warning';
  return cls;
}

/** Classes of the `<pre>` that its options give: numbered lines, wrapping, focus and diff present. */
function preClass(meta: CodeMeta, marks: Map<number, Set<LineMark>>): string {
  let cls = 'q-code-pre shiki';
  if (meta.lines) cls += ' q-code-lines';
  if (meta.wrap) cls += ' q-code-wrap';
  const all = [...marks.values()];
  if (meta.focus.size || all.some((m) => m.has('focus'))) cls += ' has-focused';
  if (all.some((m) => m.has('add') || m.has('remove'))) cls += ' has-diff';
  return cls;
}

/**
 * A block highlighted by the export's highlight thread when this render thread is connected
 * to one (remote-highlight.ts), else here; Twoslash blocks too when the highlight thread
 * types them, else here, with types found here. When the highlight thread had ended before
 * drawing a block whose grammar this thread has not loaded, the block is plain text here and
 * its page is drawn again (pool/render-task.ts) with the grammars loaded.
 */
function highlightHere(h: HighlighterCore | null, code: string, lang: string | null | undefined, meta: string | null | undefined, onPlain?: (reason: string) => void, onNoTypes?: (reason: string) => void): string {
  const id = languageId(lang);
  const remote = id ? remoteHighlight(lang!, meta ?? '', code) : undefined;
  if (!remote) return highlightBlock(h, code, lang, meta, onPlain, onNoTypes);
  if ('html' in remote) {
    if (remote.plain !== undefined) onPlain?.(remote.plain);
    if (remote.noTypes !== undefined) onNoTypes?.(remote.noTypes);
    return remote.html;
  }
  if (h?.getLoadedLanguages().includes(id!)) return highlightBlock(h, code, lang, meta, onPlain, onNoTypes);
  // Told as plain, so that it is not remembered; the page is drawn again (its warning goes with this drawing).
  lostBlock();
  onPlain?.(remote.lost);
  return highlightBlock(null, code, lang, meta);
}

/** The `<pre>` of a block highlighted with `h` (plain text when `h` lacks its language). */
export function highlightBlock(h: HighlighterCore | null, source: string, lang: string | null | undefined, metaText: string | null | undefined, onPlain?: (reason: string) => void, onNoTypes?: (reason: string) => void): string {
  const meta = parseCodeMeta(metaText);
  const { code, marks } = readNotation(source);
  const typed = meta.twoslash && h && lang && onNoTypes ? runTwoslash(h, code, lang, { 'data-lang': lang, tabindex: '0', class: preClass(meta, marks) }, (n) => lineClass(n, meta, marks)) : undefined;
  if (typed?.ok) return typed.html;
  if (typed) onNoTypes?.(typed.reason);
  const id = languageId(lang);
  let lines: string[];
  const tokens = h && id && h.getLoadedLanguages().includes(id) ? tokensWithin(h, code, id, onPlain) : null;
  if (tokens) {
    lines = tokens.map((line, i) => {
      let inner = '';
      for (const t of line) {
        const cls = tokenClass(t.light, t.dark, t.fontStyle);
        inner += cls === undefined ? `<span style="${escapeAttr(tokenStyle(t.light, t.dark, t.fontStyle))}">` : `<span class="${cls}">`;
        inner += `${escapeHtml(t.content)}</span>`;
      }
      return `<span class="${lineClass(i + 1, meta, marks)}">${inner}</span>`;
    });
  } else {
    lines = code.split('\n').map((l, i) => `<span class="${lineClass(i + 1, meta, marks)}">${escapeHtml(l)}</span>`);
  }
  // Joined, not concatenated: join makes one flat string, where `+=` leaves a tree of every
  // token's pieces, three to four times the size, held as long as the block is remembered
  // (highlightPre keeps up to 2000 blocks per render thread: 14 MB of trees on Mintlify's docs).
  return [`<pre class="${preClass(meta, marks)}"${attrs({ 'data-lang': lang || undefined, tabindex: 0 })}><code>`, lines.join('\n'), '</code></pre>'].join('');
}

/** A code block's copy button in the page's words (the site script copies and says Copied). */
export function copyButton(ui: Pick<UiStrings, 'copy' | 'copyButton'> = uiStrings()): string {
  return `<button type="button" class="q-code-copy" data-copy aria-label="${escapeAttr(ui.copy)}"><span class="q-code-copy-label">${escapeHtml(ui.copyButton)}</span></button>`;
}

export const COPY_BUTTON = copyButton();

/**
 * Shown under an `expandable` block; the site script collapses long blocks and shows it
 * (without JS the block stays whole). Its label carries the line count (lines of the <pre>
 * are joined by newlines): the script keeps it.
 */
function expandButton(ui: CodeUi, lines: number): string {
  return `<button type="button" class="q-code-expand" data-code-expand aria-expanded="false" hidden>${escapeHtml(ui.expand.replace('{lines}', String(lines)))}</button>`;
}

/** A whole code block: title bar (icon, title or language), copy button, highlighted `<pre>`. */
export function renderCodeBlock(h: HighlighterCore | null, code: string, opts: CodeBlockOptions = {}): string {
  const meta = parseCodeMeta(opts.meta);
  const pre = highlightPre(h, code, opts.lang, opts.meta, opts.cache, opts.onPlain, meta.twoslash ? opts.onNoTypes : undefined);
  const label = meta.title ?? opts.lang ?? '';
  const ui = opts.ui ?? uiStrings();
  const copy = meta.nocopy ? '' : copyButton(ui);
  const header = opts.bare ? copy : `<div class="q-code-header">${opts.iconHtml ?? ''}<span class="q-code-title">${escapeHtml(label)}</span>${copy}</div>`;
  return (
    `<div class="q-code" data-code${attrs({ 'data-lang': opts.lang || undefined, 'data-expandable': meta.expandable })}>` +
    `${header}${pre}${meta.expandable ? expandButton(ui, pre.split('\n').length) : ''}</div>`
  );
}
