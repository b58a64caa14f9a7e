/**
 * Page-cache entries and the pack files that hold them (see page-cache.ts for the
 * index, pruning and compaction).
 *
 * An entry is one line of JSON (its key, everything of the page but its Markdown and its
 * body, and their lengths), then the page's Markdown as it is, then the body HTML as it
 * is: ~20 KB of HTML and ~6 KB of Markdown per page are neither JSON-escaped on the way in
 * nor parsed on the way out. The Markdown was four fifths of the JSON a warm export read and
 * parsed for every page (Mintlify's docs: 6.7 of 8.2 MB), and is now read only for a page
 * whose `.md` file or llms-full.txt is made again. An entry read back must name the key it was
 * asked for and hold a Markdown text and a body of the recorded lengths; anything else (a
 * pack cut short, another site's bytes, garbage) is a miss.
 *
 * All threads of one export append to one pack, opened by the main thread, which also
 * closes it once every worker has stopped: a terminated worker leaves no descriptor
 * behind. Each writer reserves its byte range by advancing the pack's end atomically
 * (a SharedArrayBuffer), then writes there with a positional write.
 */
import { readSync, writeSync } from 'node:fs';
import type { RenderedPage } from '../types.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import { MATH_MARK, MERMAID_BODY_MARK, usesMath, usesMermaid } from '../pool/page-features.js';

export interface CachedPage {
  rendered: RenderedPage;
  brokenLinks: { file: string; href: string; line?: number }[];
  /** What the body needs beside it (pool/page-features.ts), recorded with the entry (or found in its bytes). */
  features?: { math: boolean; mermaid: boolean };
}

/** Where an entry lies: pack file name (in the cache's pages folder), byte offset and length. */
export interface PackLocation {
  pack: string;
  offset: number;
  length: number;
}

/**
 * Where a page-cache entry lies, with the byte length of its head line: a warm export reads
 * only the head line of an entry (a twentieth of it), and its Markdown or its body when
 * something asks for them. `head` is absent for an entry whose head length is not known: it
 * is read whole.
 */
export interface PageLocation extends PackLocation {
  head?: number;
}

/** The pack the threads of one export append to; structured-cloneable (the end is shared). */
export interface PackTarget {
  pack: string;
  fd: number;
  /** One BigInt64: the end of the pack, advanced by each writer. */
  end: SharedArrayBuffer;
}

interface EntryHead {
  key: string;
  /** The page but its body, and but its Markdown where `markdownBytes` is there. */
  rendered: Omit<RenderedPage, 'html'>;
  brokenLinks: CachedPage['brokenLinks'];
  /** Length of the body in UTF-16 code units (String.length). */
  htmlLength: number;
  /** Length of the body in bytes (UTF-8): checked without decoding it (absent in older entries). */
  htmlBytes?: number;
  /** What the body needs beside it, found when the entry was written (absent in older entries). */
  features?: { math: boolean; mermaid: boolean };
  /**
   * Length in bytes of the page's Markdown, which follows the head line (null: the page has
   * none); absent in older entries, whose `rendered` holds it.
   */
  markdownBytes?: number | null;
}

/** The entry's text (written as UTF-8), and the byte length of its head line (the newline excluded). */
export function encodeEntry(key: string, entry: CachedPage): { text: string; head: number } {
  const { html, markdown, ...rest } = entry.rendered;
  const md = markdown ?? '';
  const markdownBytes = Buffer.byteLength(md);
  const head: EntryHead = { key, rendered: rest, brokenLinks: entry.brokenLinks, htmlLength: html.length, htmlBytes: Buffer.byteLength(html), features: { math: usesMath(html), mermaid: usesMermaid(html) }, markdownBytes: markdown === undefined ? null : markdownBytes };
  const line = JSON.stringify(head);
  return { text: `${line}\n${md}${html}`, head: Buffer.byteLength(line) };
}

/** Bytes of the Markdown text after the head line (0 in older entries, which have it in their JSON). */
const markdownLength = (head: EntryHead) => head.markdownBytes ?? 0;

/** Parses an entry's head line; undefined unless it is the head of the entry for `key`. */
function parseHead(key: string, bytes: Buffer, cut: number): EntryHead | undefined {
  const head = JSON.parse(bytes.toString('utf8', 0, cut)) as EntryHead;
  if (head?.key !== key || typeof head.htmlLength !== 'number' || !head.rendered || !Array.isArray(head.brokenLinks)) return undefined;
  return head;
}

/**
 * The entry for `key` from its head line alone (`bytes`: the line and its newline), for an
 * entry of `length` bytes in all; `read(from, length)` reads bytes of the entry, its Markdown
 * and its body each when first asked for. Undefined unless the head is that entry's (its
 * key, its newline, and a Markdown text and a body of the lengths it records that fill the
 * entry exactly), as decodeEntry checks a whole entry.
 */
export function decodeHead(key: string, bytes: Buffer, length: number, read: (from: number, length: number) => Buffer): CachedPage | undefined {
  const cut = bytes.length - 1;
  if (cut < 0 || bytes[cut] !== 10) return undefined;
  try {
    const head = parseHead(key, bytes, cut);
    // Only entries that recorded their needs, body bytes and Markdown bytes have their head length in the index.
    if (!head?.features || typeof head.htmlBytes !== 'number' || typeof head.markdownBytes === 'undefined') return undefined;
    const start = bytes.length + markdownLength(head); // of the body
    if (length - start !== head.htmlBytes) return undefined;
    const { features, rendered, brokenLinks } = head;
    const page = lazyBody(rendered, () => read(start, length - start).toString('utf8'));
    if (head.markdownBytes !== null) lazyField(page, 'markdown', () => read(bytes.length, start - bytes.length).toString('utf8'));
    return { rendered: page, brokenLinks, features };
  } catch (err) {
    noteIgnored('render.page-pack.decode', err); // a damaged entry is a miss: the page is rendered again
    return undefined;
  }
}

/**
 * The entry in `bytes`, when it is the one for `key`. The body is decoded only when
 * read: a warm export uses the bodies of the few pages whose layout changed, and reads
 * the rest only for what they need beside them (`features`, recorded with the entry).
 */
export function decodeEntry(key: string, bytes: Buffer): CachedPage | undefined {
  const cut = bytes.indexOf(10); // '\n'; JSON.stringify never writes a raw newline
  if (cut < 0) return undefined;
  try {
    const head = parseHead(key, bytes, cut);
    if (!head) return undefined;
    const start = cut + 1 + markdownLength(head); // of the body
    const features = head.features ?? { math: bytes.includes(MATH_MARK, start), mermaid: bytes.includes(MERMAID_BODY_MARK, start) };
    if (typeof head.htmlBytes === 'number') {
      if (bytes.length - start !== head.htmlBytes) return undefined;
      const page = lazyBody(head.rendered, () => bytes.toString('utf8', start));
      if (typeof head.markdownBytes === 'number') lazyField(page, 'markdown', () => bytes.toString('utf8', cut + 1, start));
      return { rendered: page, brokenLinks: head.brokenLinks, features };
    }
    const html = bytes.toString('utf8', cut + 1);
    if (html.length !== head.htmlLength) return undefined;
    return { rendered: { ...head.rendered, html }, brokenLinks: head.brokenLinks, features };
  } catch (err) {
    noteIgnored('render.page-pack.decode', err); // a damaged entry is a miss: the page is rendered again
    return undefined;
  }
}

/** `rendered` with its `html` from `decode` on first read, then kept. */
function lazyBody(rendered: Omit<RenderedPage, 'html'>, decode: () => string): RenderedPage {
  const page = { ...rendered } as RenderedPage;
  lazyField(page, 'html', decode);
  return page;
}

/** Gives `page` its field `name` from `decode` on first read, then kept (or what is set instead). */
function lazyField(page: RenderedPage, name: 'html' | 'markdown', decode: () => string): void {
  const settle = (value: string) => Object.defineProperty(page, name, { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(page, name, {
    enumerable: true,
    configurable: true,
    get: () => settle(decode())[name],
    set: (value: string) => settle(value),
  });
}

/**
 * Appends bytes, or a text as UTF-8, to the pack; undefined when they could not all be
 * written. A page's entry goes as its text: a Buffer made of each (~35 KB a page) was
 * external memory V8 let pile up in the export thread until a full collection (10,000 pages:
 * ~225 MB of ArrayBuffers at the end of the export, docs/benchmarks.mdx).
 */
export function appendBytes(target: PackTarget, data: Buffer | string): PackLocation | undefined {
  const length = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  const offset = Number(Atomics.add(new BigInt64Array(target.end), 0, BigInt(length)));
  try {
    let done = typeof data === 'string' ? writeSync(target.fd, data, offset, 'utf8') : 0;
    // What is left (all of a Buffer, the rest of a text after a short write) goes as bytes.
    const bytes = typeof data === 'string' ? (done < length ? Buffer.from(data) : undefined) : data;
    while (bytes && done < length) done += writeSync(target.fd, bytes, done, length - done, offset + done);
  } catch {
    // a cache that cannot be written only costs time; the range is left as a hole no index names
    return undefined;
  }
  return { pack: target.pack, offset, length };
}

export function appendEntry(target: PackTarget, key: string, entry: CachedPage): PageLocation | undefined {
  const { text, head } = encodeEntry(key, entry);
  const loc = appendBytes(target, text);
  return loc && { ...loc, head };
}

/** Reads `length` bytes at `offset`; undefined when the file holds fewer. */
export function readBytes(fd: number, offset: number, length: number): Buffer | undefined {
  const bytes = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, bytes, done, length - done, offset + done);
    if (n === 0) return undefined;
    done += n;
  }
  return bytes;
}
