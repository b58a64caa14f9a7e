/**
 * Downloads a bundle archive to a file: streamed to disk (constant memory), with a
 * timeout for the answer and for every silence in the body, a size cap, and retries
 * with exponential backoff for failures another attempt may fix (network errors, 408,
 * 429, 5xx). A 403 (expired or altered presigned link) or 404 fails at once.
 * `file:` URLs and absolute paths are copied from disk, for air-gapped copies.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { AppError, ForbiddenError, InvalidError, NotFoundError, UnavailableError } from '../core/errors.js';

export interface FetchBundleOptions {
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  maxBytes: number;
  logger: Logger;
  /** Aborts the download and the waits between attempts (the host is stopping). */
  signal?: AbortSignal;
}

export interface FetchedArchive {
  sha256: string;
  sizeBytes: number;
}

/**
 * A bundle URL for the log: without its query and user info, since an operator's URL may
 * carry credentials of any form (core/logger.ts redactUrl masks only the signature
 * parameters of the API's own request lines, whose form it knows).
 */
export function redactBundleUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return url.split('?')[0]; // not a URL: still never log what follows a `?`
  }
}

/** Downloads `url` to `destFile` (overwritten). Throws an AppError saying why it gave up. */
export async function fetchBundle(url: string, destFile: string, opts: FetchBundleOptions): Promise<FetchedArchive> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchOnce(url, destFile, opts);
    } catch (err) {
      await rm(destFile, { force: true });
      if (opts.signal?.aborted) throw new UnavailableError('bundle download stopped: the host is shutting down');
      const retryable = err instanceof UnavailableError;
      if (!retryable || attempt >= opts.retries) throw err;
      const delay = Math.min(30_000, opts.backoffMs * 2 ** attempt) * (0.75 + Math.random() * 0.5);
      opts.logger.warn({ url: redactBundleUrl(url), attempt: attempt + 1, retryInMs: Math.round(delay), reason: (err as Error).message }, 'bundle download failed, retrying');
      await new Promise<void>((r) => {
        const timer = setTimeout(r, delay);
        opts.signal?.addEventListener('abort', () => { clearTimeout(timer); r(); }, { once: true });
      });
    }
  }
}

async function fetchOnce(url: string, destFile: string, opts: FetchBundleOptions): Promise<FetchedArchive> {
  if (url.startsWith('/') || url.startsWith('file:')) {
    const path = url.startsWith('file:') ? fileURLToPath(url) : url;
    return saveStream(createReadStream(path), destFile, opts, () => undefined).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new NotFoundError(`bundle file ${path} does not exist`);
      throw err;
    });
  }
  if (!/^https?:\/\//i.test(url)) throw new InvalidError(`bundleUrl must be an http(s) or file: URL, got ${redactBundleUrl(url)}`);
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const touch = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  };
  try {
    let res: Response;
    try {
      const signal = opts.signal ? AbortSignal.any([controller.signal, opts.signal]) : controller.signal;
      res = await fetch(url, { signal, redirect: 'follow' });
    } catch (err) {
      throw new UnavailableError(describeNetworkError(err, controller.signal.aborted, opts.timeoutMs));
    }
    if (!res.ok) {
      const detail = await errorDetail(res);
      const message = `bundle download answered ${res.status}${detail ? `: ${detail}` : ''}`;
      await res.body?.cancel().catch(() => undefined); // the connection is dropped either way; the status is what is reported
      if (res.status === 403) throw new ForbiddenError(`${message} (expired or altered link?)`);
      if (res.status === 404 || res.status === 410) throw new NotFoundError(message);
      if (res.status === 408 || res.status === 429 || res.status >= 500) throw new UnavailableError(message);
      throw new AppError(502, 'bad_gateway', message);
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > opts.maxBytes) throw new InvalidError(`bundle is ${declared} bytes, more than limits.maxArchiveBytes (${opts.maxBytes})`);
    if (!res.body) throw new UnavailableError('bundle download answered without a body');
    try {
      return await saveStream(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), destFile, opts, touch);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new UnavailableError(describeNetworkError(err, controller.signal.aborted, opts.timeoutMs));
    }
  } finally {
    clearTimeout(timer);
  }
}

async function saveStream(source: Readable, destFile: string, opts: FetchBundleOptions, onData: () => void): Promise<FetchedArchive> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _e, done) {
      size += chunk.length;
      if (size > opts.maxBytes) return done(new InvalidError(`bundle is more than limits.maxArchiveBytes (${opts.maxBytes}) bytes`));
      hash.update(chunk);
      onData();
      done(null, chunk);
    },
  });
  await pipeline(source, measure, createWriteStream(destFile));
  return { sha256: hash.digest('hex'), sizeBytes: size };
}

async function errorDetail(res: Response): Promise<string> {
  try {
    const text = (await res.text()).slice(0, 500);
    try {
      const json = JSON.parse(text) as { error?: unknown };
      if (typeof json.error === 'string') return json.error;
    } catch {
      // not JSON: fall through to the raw text
    }
    return text.replace(/\s+/g, ' ').trim().slice(0, 200);
  } catch {
    return ''; // the error body broke off: the status alone is reported
  }
}

function describeNetworkError(err: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `bundle download timed out (no data for ${timeoutMs} ms)`;
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return `bundle download failed: ${cause?.code ?? cause?.message ?? (err as Error).message}`;
}
