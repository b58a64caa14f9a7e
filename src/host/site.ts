/**
 * One installed, verified site opened for serving: an in-memory index from path to file
 * (type, cache policy, ETag from the manifest's sha256, precompressed variants), the
 * redirects, the 404 page, and a bounded memory cache of small files' bytes. A Site is
 * immutable once opened; a reload opens a new one and swaps the pointer.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidError } from '../core/errors.js';
import { MANIFEST_NAME, parseManifest, type BundleManifest } from '../render/bundle/manifest.js';
import { cacheControlOf, contentTypeOf } from './content-type.js';
import { variantPath, type Encoding, type VariantTable } from './precompress.js';
import { RedirectTable, parseRedirects } from './redirects.js';
import { orNullIfMissing } from '../core/missing-file.js';
import { linkPagesToMarkdown, type PageHeaders } from './agent-links.js';

/** One stored form of a file: as-is, or a precompressed variant. */
export interface Representation {
  abs: string;
  size: number;
  etag: string;
  body?: Buffer;
  loading?: Promise<Buffer>;
  /** The headers of a full 200 answer, built on first use (flat name/value list for writeHead). */
  headers?: string[];
}

export interface SiteFile {
  path: string;
  contentType: string;
  cacheControl: string;
  identity: Representation;
  variants: Partial<Record<Encoding, Representation>>;
  /** A page's Markdown version (`guides/intro.md` for `guides/intro.html`), sent for `Accept: text/markdown`. */
  markdown?: string;
  /** Headers a page's answer carries beyond the file's own: `Vary: Accept` and the llms.txt `Link`s (agent-links.ts). */
  pageHeaders?: PageHeaders;
}

/** Files up to this size are kept in memory after their first read. */
const MEMO_MAX_FILE = 256 * 1024;

export class Site {
  private memoryLeft: number;

  private constructor(
    readonly id: string,
    readonly dir: string,
    readonly manifest: BundleManifest,
    readonly files: Map<string, SiteFile>,
    readonly redirects: RedirectTable,
    memoryCacheBytes: number,
  ) {
    this.memoryLeft = memoryCacheBytes;
  }

  /**
   * Opens the installed site in `dir` (holding `site/`, `compressed/`, `variants.json`),
   * checking that every file of the manifest is there with its size.
   */
  static async open(id: string, dir: string, opts: { memoryCacheBytes: number }): Promise<Site> {
    const siteDir = join(dir, 'site');
    const manifest = parseManifest(await readFile(join(siteDir, MANIFEST_NAME), 'utf8'));
    const variants = JSON.parse(await readFile(join(dir, 'variants.json'), 'utf8')) as VariantTable;
    const files = new Map<string, SiteFile>();
    for (const file of manifest.files) {
      const abs = join(siteDir, file.path);
      const st = await orNullIfMissing(stat(abs));
      if (!st?.isFile() || st.size !== file.size) throw new InvalidError(`cached site ${id} is damaged: ${file.path} is missing or has the wrong size`);
      const contentType = contentTypeOf(file.path);
      const tag = file.sha256.slice(0, 32);
      const entry: SiteFile = {
        path: file.path,
        contentType,
        cacheControl: cacheControlOf(file.path, contentType, file.sha256),
        identity: { abs, size: file.size, etag: `"${tag}"` },
        variants: {},
      };
      for (const [encoding, size] of Object.entries(variants[file.path] ?? {}) as [Encoding, number][]) {
        const variantAbs = variantPath(join(dir, 'compressed'), file.path, encoding);
        // A lost variant only costs compression: serve the file as it is.
        if ((await orNullIfMissing(stat(variantAbs)))?.size !== size) continue;
        entry.variants[encoding] = { abs: variantAbs, size, etag: `"${tag}-${encoding === 'br' ? 'br' : 'gz'}"` };
      }
      files.set(file.path, entry);
    }
    linkPagesToMarkdown(files);
    const redirectsFile = files.get('redirects.json');
    const redirects = new RedirectTable(redirectsFile ? parseRedirects(await readFile(redirectsFile.identity.abs, 'utf8')) : []);
    return new Site(id, dir, manifest, files, redirects, opts.memoryCacheBytes);
  }

  /** The file for a site path such as `guides/intro.html`, or undefined. */
  file(path: string): SiteFile | undefined {
    return this.files.get(path);
  }

  /** The bytes of a small representation, read once and kept while the memory budget lasts; null for the rest. */
  async bytes(rep: Representation): Promise<Buffer | null> {
    if (rep.body) return rep.body;
    if (rep.loading) return rep.loading;
    if (rep.size > MEMO_MAX_FILE || rep.size > this.memoryLeft) return null;
    this.memoryLeft -= rep.size;
    rep.loading = readFile(rep.abs).then(
      (body) => {
        rep.body = body;
        rep.loading = undefined;
        return body;
      },
      (err: unknown) => {
        // Let a later request try again rather than remember the failure.
        rep.loading = undefined;
        this.memoryLeft += rep.size;
        throw err;
      },
    );
    return rep.loading;
  }
}
