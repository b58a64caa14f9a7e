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

export async function serveFile(req: IncomingMessage, res: ServerResponse, site: Site, file: SiteFile, status = 200): Promise<void> {
  const hasVariants = file.variants.br !== undefined || file.variants.gzip !== undefined;
  const range = status === 200 ? req.headers.range : undefined;
  const encoding = range === undefined ? pickEncoding(req.headers['accept-encoding'], file) : null;
  const rep = encoding ? file.variants[encoding]! : file.identity;

  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('ETag', rep.etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (hasVariants) res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  else if (status === 200) res.setHeader('Accept-Ranges', 'bytes');

  if (status === 200 && etagMatches(req.headers['if-none-match'], file)) {
    res.removeHeader('Content-Encoding');
    res.writeHead(304).end();
    return;
  }

  let start = 0;
  let end = rep.size - 1;
  if (range !== undefined && ifRangeHolds(req.headers['if-range'] as string | undefined, rep)) {
    const parsed = parseRange(range, rep.size);
    if (parsed === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${rep.size}`);
      res.setHeader('Content-Length', 0);
      res.writeHead(416).end();
      return;
    }
    if (parsed) {
      [start, end] = parsed;
      status = 206;
      res.setHeader('Content-Range', `bytes ${start}-${end}/${rep.size}`);
    }
  }
  const length = rep.size === 0 ? 0 : end - start + 1;
  res.setHeader('Content-Length', length);
  if (req.method === 'HEAD') {
    res.writeHead(status).end();
    return;
  }
  const body = await site.bytes(rep);
  if (body) {
    res.writeHead(status).end(start === 0 && length === body.length ? body : body.subarray(start, start + length));
    return;
  }
  res.writeHead(status);
  if (length === 0) {
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

/** Encodings the client accepts with q > 0 (`*` counts for both). */
function acceptedEncodings(header: string): Set<string> {
  const out = new Set<string>();
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

/** If-None-Match against any representation of the file (weak comparison). */
function etagMatches(header: string | undefined, file: SiteFile): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const tags = [file.identity.etag, file.variants.br?.etag, file.variants.gzip?.etag];
  return header.split(',').some((t) => tags.includes(t.trim().replace(/^W\//, '')));
}

function ifRangeHolds(header: string | undefined, rep: Representation): boolean {
  return header === undefined || header.trim() === rep.etag;
}

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null to ignore (multiple or malformed ranges get the whole file). */
function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return null;
  }
  if (start >= size) return 'unsatisfiable';
  return [start, end];
}
