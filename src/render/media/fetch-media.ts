/**
 * Fetches the images, video and audio that pages reference on other hosts, for the
 * bundle: once per URL per export (every page asking for a URL shares one answer),
 * through the guarded fetcher (public addresses only unless the operator allows more,
 * redirects checked again, size and time limits), at most `concurrency` at a time, and
 * from the media store when an earlier export fetched the URL recently. An answer is
 * taken only with a 2xx status and an image, video or audio type (media-types.ts); an
 * SVG is sanitized first (sanitize-svg.ts). The files of one export together stay within
 * `maxTotalBytes`. A host that could not be reached (DNS, connection, timeout) is not
 * asked again in the same export: an air-gapped network does not cost a timeout per URL.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { guardedFetch, OutboundFetchError } from '../../core/guarded-fetch.js';
import { engineCode } from '../cache/engine-version.js';
import { extensionFor, formatSize, MEDIA_DIR, mediaTypeOf } from './media-types.js';
import type { MediaStore, StoredMedia } from './media-store.js';
import { removedParts, sanitizeSvg } from './sanitize-svg.js';

export interface MediaLimits {
  /** Largest file taken, in bytes. */
  maxFileBytes: number;
  /** All media of one export together, in bytes. */
  maxTotalBytes: number;
  /** Time for one file, redirects included. */
  timeoutMs: number;
  /** Requests in flight at once. */
  concurrency: number;
}

export type MediaOutcome =
  | { ok: true; /** Output path, e.g. `assets/media/diagram.3f2a9c1d.png`. */ path: string; size: number; type: string; /** What the SVG sanitizer took out, as `<script>` and `onload=`. */ removed: string[] }
  | { ok: false; reason: string };

const ACCEPT = 'image/avif,image/webp,image/svg+xml,image/*,video/*,audio/*,text/vtt;q=0.9,*/*;q=0.5';

/** `//cdn.example.com/a.png` is fetched over https; anything but http(s) is not a URL to fetch. */
function absoluteUrl(written: string): string | null {
  const w = written.trim();
  try {
    const url = new URL(w.startsWith('//') ? `https:${w}` : w);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null; // not a URL: refused by the caller with a reason
  }
}

/** A readable name for the bundled file, from the URL's last path segment. */
function slugOf(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // a malformed escape: the segment as written is slugged instead
  }
  const slug = name.replace(/\.[A-Za-z0-9]{1,5}$/, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  return slug || 'media';
}

export class MediaFetcher {
  private readonly outcomes = new Map<string, Promise<MediaOutcome>>();
  /** Output path -> stored blob, for every file this export bundles. */
  private readonly bundled = new Map<string, string>();
  private total = 0;
  private readonly unreachable = new Map<string, string>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  readonly stats = { fetched: 0, cached: 0, failed: 0 };

  constructor(
    private readonly store: MediaStore,
    /** This export's own folder for the blobs it bundles (MediaStore.claim). */
    private readonly claimDir: string,
    private readonly limits: MediaLimits,
    private readonly allow: string[] = [],
    private readonly signal?: AbortSignal,
  ) {}

  /** The outcome for a URL as written in a page; asked twice, fetched once. */
  get(written: string): Promise<MediaOutcome> {
    let outcome = this.outcomes.get(written);
    if (!outcome) {
      outcome = this.load(written).then((o) => {
        if (!o.ok) this.stats.failed++;
        return o;
      });
      this.outcomes.set(written, outcome);
    }
    return outcome;
  }

  /** Every bundled file: output path -> the stored file to copy. */
  files(): Map<string, string> {
    return new Map(this.bundled);
  }

  get totalBytes(): number {
    return this.total;
  }

  private async load(written: string): Promise<MediaOutcome> {
    const url = absoluteUrl(written);
    if (!url) return { ok: false, reason: 'it is not an http(s) URL' };
    const stored = await this.store.lookup(url);
    // An SVG cleaned by another engine's sanitizer (an older one may have let through what this one removes) is fetched again.
    const current = stored && (stored.type !== 'image/svg+xml' || stored.sanitizedBy === engineCode());
    if (stored && current && stored.size <= this.limits.maxFileBytes) {
      const claimed = await this.store.claim(stored.sha256, this.claimDir);
      // Pruned by another export since the lookup: fetched again below.
      if (claimed) {
        this.stats.cached++;
        return this.accept(url, stored, claimed);
      }
    }
    const host = new URL(url).host;
    const earlier = this.unreachable.get(host);
    if (earlier) return { ok: false, reason: `not fetched: an earlier request to ${host} in this export failed (${earlier})` };
    let answer: Awaited<ReturnType<typeof guardedFetch>>;
    try {
      answer = await this.limited(() =>
        guardedFetch(url, { allow: this.allow, maxBytes: this.limits.maxFileBytes, timeoutMs: this.limits.timeoutMs, accept: ACCEPT, signal: this.signal }),
      );
    } catch (err) {
      if (!(err instanceof OutboundFetchError)) throw err;
      // The fetcher's message starts with the URL; the diagnostic names it already.
      const why = err.message.startsWith(url) ? err.message.slice(url.length).trim() : err.message;
      if (err.reason === 'unreachable' || err.reason === 'timeout') this.unreachable.set(host, why.replace(/^could not be fetched: /, ''));
      return { ok: false, reason: err.reason === 'too-large' ? `it is larger than the limit of ${formatSize(this.limits.maxFileBytes)} per file` : `it ${why}` };
    }
    this.stats.fetched++;
    if (answer.status < 200 || answer.status > 299) return { ok: false, reason: `the host answered HTTP ${answer.status}` };
    const type = mediaTypeOf(answer.contentType);
    const ext = extensionFor(type);
    if ('refused' in ext) return { ok: false, reason: ext.refused };
    let body: Uint8Array = answer.body;
    let lost: Pick<StoredMedia, 'removed' | 'removedAttributes' | 'sanitizedBy'> = {};
    if (type === 'image/svg+xml') {
      const clean = sanitizeSvg(answer.body.toString('utf8'));
      if (!clean) return { ok: false, reason: 'it is declared an SVG image but is not an SVG document' };
      body = Buffer.from(clean.svg);
      lost = { ...(clean.removed.length ? { removed: clean.removed } : {}), ...(clean.removedAttributes.length ? { removedAttributes: clean.removedAttributes } : {}), sanitizedBy: engineCode() };
    }
    const entry = await this.store.put(url, body, { type, ext: ext.ext, ...lost });
    return this.accept(url, entry, await this.store.claim(entry.sha256, this.claimDir) ?? (await this.keep(entry.sha256, body)));
  }

  /** The body written as this export's own copy: the store lost the blob to a prune right after storing it. */
  private async keep(hash: string, body: Uint8Array): Promise<string> {
    const own = join(this.claimDir, hash);
    await writeFile(own, body);
    return own;
  }

  private accept(url: string, stored: StoredMedia, claimed: string): MediaOutcome {
    const path = `${MEDIA_DIR}/${slugOf(url)}.${stored.sha256.slice(0, 8)}.${stored.ext}`;
    if (!this.bundled.has(path)) {
      if (this.total + stored.size > this.limits.maxTotalBytes) {
        return { ok: false, reason: `the export's media limit of ${formatSize(this.limits.maxTotalBytes)} is used up` };
      }
      this.total += stored.size;
      this.bundled.set(path, claimed);
    }
    return { ok: true, path, size: stored.size, type: stored.type, removed: removedParts({ removed: stored.removed ?? [], removedAttributes: stored.removedAttributes ?? [] }) };
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    // A finished request hands its slot straight to the next one waiting.
    if (this.running >= this.limits.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
