/**
 * Media references to other hosts in a rendered page body: found in the render thread
 * (with the file and line the renderer recorded for them) and rewritten on the main
 * thread once their files are fetched. The rendered HTML is what is read, so a
 * reference from any source (a Markdown image, raw HTML, a component's prop, an API
 * description) is caught; only media attributes count (`src` of img, video, audio,
 * source and track, `poster` of video), since only those load anything with the page.
 */
import { createRequire } from 'node:module';
import type { Parser } from 'htmlparser2';
import { escapeAttr, escapeHtml } from '../markdown/escape.js';
import type { RemoteMediaRef } from '../types.js';

// htmlparser2 (with entities, ~20 modules) is loaded by the first page with remote media,
// synchronously (require, which Node 22+ also gives ES modules): a render thread whose pages
// have none never loads it.
const require = createRequire(import.meta.url);

const MEDIA_ATTRS: Record<string, readonly string[]> = { img: ['src'], video: ['src', 'poster'], audio: ['src'], source: ['src'], track: ['src'] };
const KIND: Record<string, string> = { img: 'image', video: 'video', audio: 'audio', source: 'media source', track: 'text track' };
/** Written without a value, as the renderer writes them; any other empty attribute keeps its `=""` (`alt=""`). */
const BOOLEAN_ATTRS = new Set(['controls', 'autoplay', 'muted', 'loop', 'playsinline', 'default', 'hidden']);
/** Attribute values are always written in double quotes (markdown/escape.ts): pages without a match are not parsed. */
const QUICK = /\b(?:src|poster)="(?:https?:)?\/\//i;

/** An http(s) or protocol-relative URL: one the browser would fetch from another host. */
export function isRemoteUrl(url: string): boolean {
  return /^\s*(?:https?:)?\/\//i.test(url);
}

interface Found {
  url: string;
  kind: string;
}

/** Walks the media elements of `html`; `visit` sees each with its attributes and where its start tag lies. */
function walkMedia(html: string, visit: (tag: string, attribs: Record<string, string>, start: number, end: number) => void): void {
  const { Parser: HtmlParser } = require('htmlparser2') as typeof import('htmlparser2');
  const parser: Parser = new HtmlParser(
    {
      onopentag(name, attribs) {
        if (Object.hasOwn(MEDIA_ATTRS, name)) visit(name, attribs, parser.startIndex, parser.endIndex);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
}

/** The remote media references of a page body, in document order. */
export function findRemoteMedia(html: string): Found[] {
  const found: Found[] = [];
  if (!QUICK.test(html)) return found;
  walkMedia(html, (tag, attribs) => {
    for (const attr of MEDIA_ATTRS[tag]) {
      const url = attribs[attr];
      if (url !== undefined && isRemoteUrl(url)) found.push({ url, kind: attr === 'poster' ? 'poster image' : KIND[tag] });
    }
  });
  return found;
}

/**
 * The references of a page body with where they were written: each found reference takes
 * the next recorded one with the same URL (file and line), else it is named by the
 * page's own file without a line.
 */
export function locateRemoteMedia(html: string, recorded: readonly { url: string; file: string; line?: number }[], pageFile: string): RemoteMediaRef[] {
  const found = findRemoteMedia(html);
  if (found.length === 0) return [];
  const queues = new Map<string, { file: string; line?: number }[]>();
  for (const r of recorded) {
    const key = r.url.trim();
    const q = queues.get(key) ?? [];
    q.push(r);
    queues.set(key, q);
  }
  return found.map((f) => {
    const at = queues.get(f.url.trim())?.shift();
    return { url: f.url, kind: f.kind, file: at?.file ?? pageFile, ...(at?.line ? { line: at.line } : {}) };
  });
}

/** What becomes of a remote URL: a local href, left out (`omit`), or left as it is (`keep`). */
export type MediaTarget = { href: string } | 'omit' | 'keep';

/**
 * Rewrites the remote media references of `html`. A left-out image becomes its alt text
 * (nothing when it has none: an image without alt text is decoration), a left-out
 * `<source>` or `<track>` goes, a left-out `src` or `poster` of a video or audio element
 * is dropped from it.
 */
export function rewriteRemoteMedia(html: string, target: (url: string) => MediaTarget): string {
  if (!QUICK.test(html)) return html;
  const edits: { start: number; end: number; text: string }[] = [];
  walkMedia(html, (tag, attribs, start, end) => {
    let changed = false;
    let dropped = false;
    let out = `<${tag}`;
    for (const [name, value] of Object.entries(attribs)) {
      let v = value;
      if (MEDIA_ATTRS[tag].includes(name) && isRemoteUrl(value)) {
        const t = target(value);
        if (t === 'omit') {
          changed = dropped = true;
          continue;
        }
        if (t !== 'keep') {
          v = t.href;
          changed = true;
        }
      }
      out += v === '' && BOOLEAN_ATTRS.has(name) ? ` ${name}` : ` ${name}="${escapeAttr(v)}"`;
    }
    if (!changed) return;
    let text = `${out}>`;
    if (dropped && tag === 'img') text = attribs.alt?.trim() ? `<span class="q-media-alt">${escapeHtml(attribs.alt)}</span>` : '';
    else if (dropped && (tag === 'source' || tag === 'track')) text = '';
    edits.push({ start, end: end + 1, text });
  });
  let out = '';
  let last = 0;
  for (const e of edits) {
    out += html.slice(last, e.start) + e.text;
    last = e.end;
  }
  return out + html.slice(last);
}
