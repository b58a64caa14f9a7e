/**
 * Answers a GET or HEAD for one file of a site: content negotiation between the
 * precompressed variants (brotli, gzip, identity), ETag revalidation (304), single byte
 * ranges (206/416, identity only, honouring If-Range), and the body from the memory
 * cache or streamed from disk.
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Encoding } from './precompress.js';
import type { Representation, Site, SiteFile } from './site.js';
import { contentRange, etagMatches, requestedRange } from '../core/http-conditional.js';
import { securityHeadersOf } from './content-type.js';

/** Answers synchronously when the bytes are in memory (the common case); otherwise returns a promise. */
export function serveFile(req: IncomingMessage, res: ServerResponse, site: Site, file: SiteFile, status = 200): void | Promise<void> {
  // A range applies to the identity bytes; an ignored one (stale If-Range, malformed, several) gets the whole file.
  const range = status === 200 ? requestedRange(req.headers.range, req.headers['if-range'], file.identity.size, file.identity.etag) : undefined;
  const encoding = range === undefined ? pickEncoding(req.headers['accept-encoding'], file) : null;
  const rep = encoding ? file.variants[encoding]! : file.identity;
  const headers = (rep.headers ??= fullHeaders(file, rep, encoding));

  // Any representation's tag revalidates: a client may have cached the gzip one and now ask for br.
  if (status === 200 && etagMatches(req.headers['if-none-match'], file.identity.etag, file.variants.br?.etag, file.variants.gzip?.etag)) {
    res.writeHead(304, notModifiedHeaders(file, rep)).end();
    return;
  }
  if (range === undefined) {
    if (req.method === 'HEAD') {
      res.writeHead(status, headers).end();
      return;
    }
    if (rep.body) {
      res.writeHead(status, headers).end(rep.body);
      return;
    }
    return site.bytes(rep).then((body) => {
      if (body) res.writeHead(status, headers).end(body);
      else streamRange(res, rep, status, headers, 0, rep.size - 1);
    });
  }

  if (range === 'unsatisfiable') {
    res.writeHead(416, ['Content-Range', `bytes */${rep.size}`, 'Content-Length', '0', 'Cache-Control', file.cacheControl]).end();
    return;
  }
  const { start, end } = range;
  const partial = [...headers.slice(0, -2), 'Content-Range', contentRange(range, rep.size), 'Content-Length', String(end - start + 1)];
  if (req.method === 'HEAD') {
    res.writeHead(206, partial).end();
    return;
  }
  if (rep.body) {
    res.writeHead(206, partial).end(rep.body.subarray(start, end + 1));
    return;
  }
  streamRange(res, rep, 206, partial, start, end);
}

/** Content-Length comes last: the range answer replaces it. */
function fullHeaders(file: SiteFile, rep: Representation, encoding: Encoding | null): string[] {
  const h = ['Content-Type', file.contentType, 'Cache-Control', file.cacheControl, 'ETag', rep.etag, 'X-Content-Type-Options', 'nosniff', ...securityHeadersOf(file.contentType)];
  const vary = varyOf(file);
  if (vary) h.push('Vary', vary);
  if (file.pageHeaders) h.push(...file.pageHeaders.extra);
  if (encoding) h.push('Content-Encoding', encoding);
  else h.push('Accept-Ranges', 'bytes');
  h.push('Content-Length', String(rep.size));
  return h;
}

function notModifiedHeaders(file: SiteFile, rep: Representation): string[] {
  const h = ['Cache-Control', file.cacheControl, 'ETag', rep.etag];
  const vary = varyOf(file);
  if (vary) h.push('Vary', vary);
  return h;
}

/** Accept when the answer depends on it (a page and its Markdown version), Accept-Encoding when variants exist. */
function varyOf(file: SiteFile): string | undefined {
  const parts = [file.pageHeaders?.varyAccept ? 'Accept' : '', file.variants.br !== undefined || file.variants.gzip !== undefined ? 'Accept-Encoding' : ''].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

function streamRange(res: ServerResponse, rep: Representation, status: number, headers: string[], start: number, end: number): void {
  res.writeHead(status, headers);
  if (rep.size === 0) {
    res.end();
    return;
  }
  const stream = createReadStream(rep.abs, { start, end });
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

function pickEncoding(header: string | string[] | undefined, file: SiteFile): Encoding | null {
  if (typeof header !== 'string' || header === '') return null;
  const accepted = acceptedEncodings(header);
  if (file.variants.br && accepted.has('br')) return 'br';
  if (file.variants.gzip && accepted.has('gzip')) return 'gzip';
  return null;
}

/** Parsed Accept-Encoding values: clients send the same few strings over and over. */
const acceptCache = new Map<string, Set<string>>();

/** Encodings the client accepts with q > 0 (`*` counts for both). */
function acceptedEncodings(header: string): Set<string> {
  const cached = acceptCache.get(header);
  if (cached) return cached;
  const out = new Set<string>();
  if (acceptCache.size < 256) acceptCache.set(header, out);
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    if (name === '*') {
      out.add('br');
      out.add('gzip');
    } else if (name) out.add(name);
  }
  return out;
}
