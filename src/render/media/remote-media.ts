/**
 * Remote media in an export, as the export's main thread handles them: the mode (bundle,
 * omit, keep; air-gapped exports bundle by default and never keep), each page's
 * references rewritten to the bundled files, every reference that could not be bundled
 * reported with the file and line it was written on, and the files to copy into the
 * output. A page's rewrite depends on what became of its URLs, so that is part of the
 * key the output manifest compares (`signature`).
 */
import { basename, join } from 'node:path';
import type { Deployment, Diagnostic, ExportOptions, RemoteMediaMode, RemoteMediaRef } from '../types.js';
import { InvalidError } from '../../core/errors.js';
import { encodePath, relativeHref } from '../output/page-paths.js';
import type { MediaFetcher, MediaOutcome } from './fetch-media.js';
import { formatSize, MEDIA_DIR } from './media-types.js';
import { pruneMediaStore, type PruneResult } from './media-prune.js';
import { isRemoteUrl, rewriteRemoteMedia, type MediaTarget } from './media-refs.js';
import { rewriteMarkdownMedia } from './markdown-media.js';

const MB = 1024 * 1024;
const DEFAULTS = { maxFileBytes: 25 * MB, maxTotalBytes: 500 * MB, timeoutMs: 30_000, concurrency: 6, cacheMaxAgeMs: 7 * 24 * 3600 * 1000, cacheMaxBytes: 2048 * MB };

/** The mode an export runs with; refuses `keep` for an air-gapped export and limits that are not positive. */
export function remoteMediaMode(options: Pick<ExportOptions, 'remoteMedia'>, deployment: Deployment): RemoteMediaMode {
  const o = options.remoteMedia ?? {};
  for (const name of ['maxFileBytes', 'maxTotalBytes', 'timeoutMs', 'concurrency', 'cacheMaxAgeMs', 'cacheMaxBytes'] as const) {
    const v = o[name];
    if (v !== undefined && !(Number.isInteger(v) && v > 0)) throw new InvalidError(`remote media: ${name} must be a positive whole number (got ${String(v)})`);
  }
  const mode = o.mode ?? (deployment === 'air-gapped' ? 'bundle' : 'keep');
  if (!['bundle', 'omit', 'keep'].includes(mode)) throw new InvalidError(`unknown remote media mode "${String(mode)}" (expected bundle, omit or keep)`);
  if (mode === 'keep' && deployment === 'air-gapped') {
    throw new InvalidError('an air-gapped export cannot keep references to media on other hosts (it makes no request to another host): use remote media "bundle" or "omit"');
  }
  return mode;
}

export interface PageMedia {
  html: string;
  /** The page's Markdown version rewritten the same way, when one was given. */
  markdown?: string;
  diagnostics: Diagnostic[];
  /** What became of each URL, for the page's output-manifest key. */
  signature: string;
}

export class RemoteMedia {
  readonly mode: RemoteMediaMode;
  /** Set once loaded (`bundle` only): fetch-media.ts and what it brings (HTTP, DNS) are ~30% of the export thread's modules. */
  private fetcher: MediaFetcher | undefined;
  private readonly fetcherLoaded: Promise<MediaFetcher> | undefined;
  private readonly replace: boolean;
  private references = 0;
  private notBundled = 0;

  private readonly limits: typeof DEFAULTS;

  /**
   * `storeDir`: the cache folder's media folder (kept across exports) or one in the
   * export's work folder; `claimDir`: a folder of this export's own, removed with it,
   * where the blobs it bundles are claimed.
   */
  constructor(options: ExportOptions, deployment: Deployment, private readonly storeDir: string, claimDir: string) {
    this.mode = remoteMediaMode(options, deployment);
    // A limit given as undefined (an unset flag passed on) keeps its default.
    const given = Object.fromEntries(Object.entries(options.remoteMedia ?? {}).filter(([, v]) => v !== undefined));
    const o = (this.limits = { ...DEFAULTS, ...given });
    if (this.mode === 'bundle') {
      this.fetcherLoaded = Promise.all([import('./fetch-media.js'), import('./media-store.js')]).then(
        ([{ MediaFetcher }, { MediaStore }]) => (this.fetcher = new MediaFetcher(new MediaStore(storeDir, o.cacheMaxAgeMs), claimDir, o, options.fetchAllow ?? [], options.signal)),
      );
      this.fetcherLoaded.catch(() => undefined); // thrown where awaited (outcome)
    }
    // A reference that is not bundled stays only where the site may load from other hosts.
    this.replace = this.mode === 'omit' || deployment === 'air-gapped';
  }

  /** Whether pages' references are looked at at all (`keep` leaves them as written). */
  get active(): boolean {
    return this.mode !== 'keep';
  }

  private async outcome(url: string): Promise<MediaOutcome> {
    const fetcher = await this.fetcherLoaded;
    return fetcher ? fetcher.get(url) : { ok: false, reason: 'remote media are left out of this export (remote media: omit)' };
  }

  /**
   * A page body with its references rewritten; `pageFile` is its output file
   * (`guides/intro.html`), and `markdown` its Markdown version's text, which sits beside it.
   */
  async page(html: string, refs: readonly RemoteMediaRef[], pageFile: string, markdown?: string): Promise<PageMedia> {
    const urls = [...new Set(refs.map((r) => r.url))];
    const outcomes = new Map(await Promise.all(urls.map(async (u) => [u, await this.outcome(u)] as const)));
    const target = (url: string): MediaTarget => {
      const o = outcomes.get(url);
      if (o?.ok) return { href: encodePath(relativeHref(pageFile, o.path)) };
      return this.replace ? 'omit' : 'keep';
    };
    const diagnostics: Diagnostic[] = [];
    const seen = new Set<string>();
    for (const ref of refs) {
      const key = `${ref.file}:${ref.line ?? ''}:${ref.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.references++;
      const o = outcomes.get(ref.url)!;
      const message = o.ok ? sanitized(ref, o.removed) : notBundled(ref, o.reason, this.replace);
      if (!o.ok) this.notBundled++;
      if (message) diagnostics.push({ severity: 'warning', file: ref.file, ...(ref.line ? { line: ref.line } : {}), message });
    }
    const signature = JSON.stringify(urls.map((u) => [u, target(u)]));
    // The Markdown's other images (local ones, URLs only its code shows) are not this page's references.
    const mdTarget = (url: string): MediaTarget => (outcomes.has(url) ? target(url) : 'keep');
    return { html: rewriteRemoteMedia(html, target), ...(markdown !== undefined ? { markdown: rewriteMarkdownMedia(markdown, mdTarget) } : {}), diagnostics, signature };
  }

  /**
   * A logo or favicon of the config on another host: its bundled file (a root-relative
   * output path), or undefined with a warning naming the config field.
   */
  async configAsset(ref: string, field: string, configFile: string, diagnostics: Diagnostic[]): Promise<string | undefined> {
    this.references++;
    const o = isRemoteUrl(ref) ? await this.outcome(ref) : { ok: false as const, reason: 'it is not an http(s) URL' };
    if (o.ok) return o.path;
    this.notBundled++;
    diagnostics.push({ severity: 'warning', file: configFile, path: field, message: `${field} ${ref} was not bundled: ${o.reason}; the site is exported without it` });
    return undefined;
  }

  /** Whether an output path is a bundled media file. */
  owns(path: string): boolean {
    return path.startsWith(`${MEDIA_DIR}/`);
  }

  /** The bundled files: output path -> this export's claim of the stored file, keyed by its content hash. */
  files(): Map<string, { copyFrom: string; key: string }> {
    const out = new Map<string, { copyFrom: string; key: string }>();
    for (const [path, claimed] of this.fetcher?.files() ?? []) out.set(path, { copyFrom: claimed, key: `media:${basename(claimed)}` });
    return out;
  }

  /** Prunes the media store of the cache folder (media-prune.ts), whatever this export's mode. */
  prune(): Promise<PruneResult> {
    return pruneMediaStore(this.storeDir, { maxAgeMs: this.limits.cacheMaxAgeMs, maxBytes: this.limits.cacheMaxBytes });
  }

  /** The export report's `remote-media` feature, when the site references any. */
  feature(): { included: boolean; reason: string } | undefined {
    if (this.references === 0) return undefined;
    const missing = this.notBundled ? `; ${this.notBundled} reference(s) not bundled (see the warnings)` : '';
    if (!this.fetcher) return { included: false, reason: `${this.references} reference(s) to media on other hosts left out (remote media: omit)` };
    const { fetched, cached } = this.fetcher.stats;
    const files = this.fetcher.files().size;
    return { included: files > 0, reason: `${files} file(s), ${formatSize(this.fetcher.totalBytes)} from other hosts in the bundle (${fetched} fetched, ${cached} from the cache)${missing}` };
  }
}

function sanitized(ref: RemoteMediaRef, removed: string[]): string | undefined {
  if (removed.length === 0) return undefined;
  return `remote ${ref.kind} ${ref.url} is an SVG file; ${removed.join(', ')} removed from it (an SVG from another host keeps only drawing elements, so it runs nothing and loads nothing)`;
}

function notBundled(ref: RemoteMediaRef, reason: string, replaced: boolean): string {
  if (!replaced) return `remote ${ref.kind} ${ref.url} was not bundled: ${reason}; the page still loads it from ${hostOf(ref.url)}`;
  const what = ref.kind === 'image' ? 'replaced by its alt text' : ref.kind === 'video' || ref.kind === 'audio' || ref.kind === 'poster image' ? 'removed from its element' : 'removed';
  return `remote ${ref.kind} ${ref.url} was not bundled: ${reason}; ${what}, so the page makes no request to another host`;
}

function hostOf(url: string): string {
  try {
    return new URL(url.trim().startsWith('//') ? `https:${url.trim()}` : url).host;
  } catch {
    return 'its host'; // unreachable for a URL that was fetched at all; kept for the message
  }
}

/** The media store's folder: in the cache folder when the export keeps one. */
export function mediaStoreDir(cacheDir: string | undefined, workDir: string): string {
  return cacheDir ? join(cacheDir, 'media') : join(workDir, 'media');
}
