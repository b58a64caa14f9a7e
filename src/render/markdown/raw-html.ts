/**
 * Sanitizes raw HTML fragments (pages read as plain Markdown, after an MDX syntax
 * error): a small tokenizer over tags, comments and text that keeps allowed tags and
 * attributes only, drops script-like elements with their content, and routes URLs
 * through the same checks as JSX elements.
 */
import { escapeAttr } from './escape.js';
import { ALLOWED_TAGS, DROPPED_WITH_CONTENT, URL_ATTRS, VOID_TAGS, attrAllowed, styleAllowed } from './sanitize.js';

export interface RawHtmlState {
  /** Open element that is dropped with its content (persists across fragments). */
  dropping: string | null;
}

export interface RawHtmlHooks {
  url(tag: string, attr: string, value: string): string | null;
  removed(tag: string): void;
  handler(tag: string, attr: string): void;
  /** An `<iframe>` with its attributes (names lower-cased, values decoded): the HTML written for it (embed.ts). */
  iframe(attrs: Record<string, string | true>): string;
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>|<![^>]*>|<\?[^>]*>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The entities HTML writers (ours, Preact's) put in attribute values and text. */
export function decodeAttr(v: string): string {
  return v.replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

export function sanitizeRawHtml(html: string, state: RawHtmlState, hooks: RawHtmlHooks): string {
  let out = '';
  let last = 0;
  const text = (s: string) => {
    if (!state.dropping) out += s.replace(/</g, '&lt;').replace(/>/g, '&gt;');
  };
  for (const m of html.matchAll(TOKEN)) {
    text(html.slice(last, m.index));
    last = m.index + m[0].length;
    const tag = m[2]?.toLowerCase();
    if (!tag) continue; // comment, doctype, processing instruction
    const closing = m[1] === '/';
    if (state.dropping) {
      if (closing && tag === state.dropping) state.dropping = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(tag)) {
      if (!closing) {
        if (tag === 'iframe') {
          const attrs: Record<string, string | true> = {};
          for (const a of (m[3] ?? '').matchAll(ATTR)) {
            const value = a[2] ?? a[3] ?? a[4];
            attrs[a[1].toLowerCase()] = value === undefined ? true : decodeAttr(value);
          }
          out += hooks.iframe(attrs);
        } else {
          hooks.removed(tag);
        }
        if (!VOID_TAGS.has(tag) && m[4] !== '/') state.dropping = tag;
      }
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue;
    if (closing) {
      if (!VOID_TAGS.has(tag)) out += `</${tag}>`;
      continue;
    }
    let attrs = '';
    for (const a of (m[3] ?? '').matchAll(ATTR)) {
      const name = a[1].toLowerCase();
      if (name.startsWith('on')) hooks.handler(tag, name);
      if (!attrAllowed(tag, name)) continue;
      let value = a[2] ?? a[3] ?? a[4];
      if (value === undefined) {
        attrs += ` ${name}`;
        continue;
      }
      value = decodeAttr(value);
      if (URL_ATTRS.has(name)) {
        const url = hooks.url(tag, name, value);
        if (url === null) continue;
        value = url;
      }
      if (name === 'style' && !styleAllowed(value)) continue;
      attrs += ` ${name}="${escapeAttr(value)}"`;
    }
    out += `<${tag}${attrs}${m[4] === '/' && !VOID_TAGS.has(tag) ? `></${tag}` : ''}>`;
  }
  text(html.slice(last));
  return out;
}
