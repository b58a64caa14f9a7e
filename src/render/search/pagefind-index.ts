/**
 * Builds the offline full-text search index with Pagefind's Node API (createIndex,
 * addHTMLFile, getFiles): one Pagefind bundle per shard (see search-shards.ts), each
 * cached under `<cacheDir>/search/` by the hash of what went into it. Only the page
 * body is indexed (its headings with ids become the result sections); the bundle
 * holds pagefind.js, its WebAssembly and the index, all served with the site.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { sha256 } from '../cache/cache-key.js';
import { escapeHtml } from '../layout/escape.js';
import { shardCount, shardDir, shardOf } from './search-shards.js';

export interface SearchDocument {
  page: string;
  /** Output file relative to the output root: `guides/intro.html`. */
  url: string;
  title: string;
  /** The page body HTML. */
  html: string;
}

export interface SearchIndex {
  /** Output path (relative to the output root) -> bytes. */
  files: Map<string, Uint8Array>;
  shards: number;
  /** Shards taken from the cache. */
  cachedShards: number;
}

/** Files of the Pagefind bundle the site does not use (Pagefind's own UIs and playground). */
const UNUSED = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)|playground\/)/;

// The Pagefind service is one child process per Node process: close it only when the
// last index being built in this process is done.
let active = 0;

function documentHtml(doc: SearchDocument): string {
  const title = escapeHtml(doc.title);
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1>${doc.html}</main></body></html>`;
}

async function buildShard(docs: SearchDocument[]): Promise<Map<string, Uint8Array>> {
  const { index, errors } = await pagefind.createIndex({
    forceLanguage: 'en',
    excludeSelectors: ['svg', 'button', '.q-code-copy', '[data-pagefind-ignore]'],
  });
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  try {
    for (const doc of docs) {
      const added = await index.addHTMLFile({ url: `/${doc.url}`, content: documentHtml(doc) });
      if (added.errors.length > 0) throw new Error(`search index (${doc.page}): ${added.errors.join('; ')}`);
    }
    const out = await index.getFiles();
    if (out.errors.length > 0) throw new Error(`search index: ${out.errors.join('; ')}`);
    const files = new Map<string, Uint8Array>();
    for (const f of out.files.sort((a, b) => (a.path < b.path ? -1 : 1))) {
      if (!UNUSED.test(f.path)) files.set(f.path, f.content);
    }
    return files;
  } finally {
    await index.deleteIndex();
  }
}

/**
 * A shard's files packed into one binary cache file: for each file a 4-byte path
 * length, the path, a 4-byte content length and the bytes (cheap to read back).
 */
async function readPacked(file: string): Promise<Map<string, Uint8Array> | undefined> {
  try {
    const buf = await readFile(file);
    const files = new Map<string, Uint8Array>();
    let at = 0;
    while (at < buf.length) {
      const pathLength = buf.readUInt32BE(at);
      const path = buf.toString('utf8', at + 4, at + 4 + pathLength);
      at += 4 + pathLength;
      const length = buf.readUInt32BE(at);
      files.set(path, new Uint8Array(buf.buffer, buf.byteOffset + at + 4, length));
      at += 4 + length;
    }
    return files;
  } catch {
    return undefined;
  }
}

async function writePacked(file: string, files: Map<string, Uint8Array>): Promise<void> {
  try {
    await mkdir(join(file, '..'), { recursive: true });
    const parts: Buffer[] = [];
    for (const [path, content] of files) {
      const name = Buffer.from(path, 'utf8');
      const head = Buffer.alloc(4);
      head.writeUInt32BE(name.length);
      const size = Buffer.alloc(4);
      size.writeUInt32BE(content.length);
      parts.push(head, name, size, Buffer.from(content.buffer, content.byteOffset, content.length));
    }
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, Buffer.concat(parts));
    await rename(tmp, file);
  } catch {
    // a cache that cannot be written only costs time
  }
}

/**
 * Builds the index while pages render: each page's body is handed over as soon as it
 * is laid out, and when the last page of a shard arrives that shard is taken from the
 * cache or built (one at a time, in the Pagefind process, while the workers go on
 * rendering). Render pages shard by shard (see `shardOf`) for the most overlap.
 */
export class SearchIndexer {
  readonly shards: number;
  private readonly pending: number[];
  private readonly docs: SearchDocument[][];
  private readonly files = new Map<string, Uint8Array>();
  private chain: Promise<void> = Promise.resolve();
  private cachedShards = 0;
  private closed = false;

  /**
   * `onShard` receives each shard's files (output paths) as soon as the shard is built,
   * so the caller can write them while later pages still render.
   */
  constructor(pages: string[], private readonly options: { cacheDir?: string; onShard?: (files: Map<string, Uint8Array>) => void } = {}) {
    this.shards = shardCount(pages.length);
    this.pending = new Array<number>(this.shards).fill(0);
    this.docs = Array.from({ length: this.shards }, () => []);
    for (const p of pages) this.pending[this.shardOf(p)]++;
    active++;
    for (let s = 0; s < this.shards; s++) if (this.pending[s] === 0) this.schedule(s);
  }

  shardOf(page: string): number {
    return shardOf(page, this.shards);
  }

  add(doc: SearchDocument): void {
    const s = this.shardOf(doc.page);
    this.docs[s].push(doc);
    if (--this.pending[s] === 0) this.schedule(s);
  }

  private schedule(shard: number): void {
    const docs = this.docs[shard].sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
    this.docs[shard] = [];
    this.chain = this.chain.then(async () => {
      const key = sha256('pagefind-1', ...docs.flatMap((d) => [d.page, d.url, d.title, d.html]));
      const cacheFile = this.options.cacheDir ? join(this.options.cacheDir, 'search', `${key}.pack`) : undefined;
      let shardFiles = cacheFile ? await readPacked(cacheFile) : undefined;
      if (shardFiles) this.cachedShards++;
      else {
        shardFiles = await buildShard(docs);
        if (cacheFile) await writePacked(cacheFile, shardFiles);
      }
      const out = new Map<string, Uint8Array>();
      for (const [path, content] of shardFiles) out.set(`${shardDir(shard)}/${path}`, content);
      for (const [path, content] of out) this.files.set(path, content);
      this.options.onShard?.(out);
    });
  }

  /** Waits for every shard (all pages must have been added) and returns the bundle files. */
  async finish(): Promise<SearchIndex> {
    try {
      if (this.pending.some((n) => n > 0)) throw new Error('search index: some pages were never added');
      await this.chain;
      return { files: new Map([...this.files].sort(([a], [b]) => (a < b ? -1 : 1))), shards: this.shards, cachedShards: this.cachedShards };
    } finally {
      await this.close();
    }
  }

  /** Stops using the Pagefind service (after an error or abort too). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.chain.catch(() => undefined);
    active--;
    if (active === 0) await pagefind.close();
  }
}

/** Builds the whole index at once from already rendered pages. */
export async function buildSearchIndex(docs: SearchDocument[], options: { cacheDir?: string } = {}): Promise<SearchIndex> {
  const indexer = new SearchIndexer(docs.map((d) => d.page), options);
  for (const doc of docs) indexer.add(doc);
  return indexer.finish();
}
