/**
 * Builds the offline full-text search index with Pagefind's Node API (createIndex,
 * addHTMLFile, getFiles): one Pagefind bundle per shard (see search-shards.ts), each
 * cached under `<cacheDir>/search/` by the hash of what went into it. Only the page
 * body is indexed (its headings with ids become the result sections); the bundle
 * holds pagefind.js, its WebAssembly and the index, all served with the site.
 *
 * Pagefind indexes in one service process that takes one document at a time; on a
 * large site it, not rendering, set the pace. Shards are independent bundles, so they
 * are spread over LANES service processes (shard s on lane s % LANES), each lane's
 * work in order: a shard's bytes do not depend on the lane that built it.
 */
import { createHash, type Hash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pagefind from 'pagefind';
import { escapeHtml } from '../layout/escape.js';
import { installedPackageDir } from '../installed-package.js';
import { shardCount, shardDir, shardOf } from './search-shards.js';

export interface SearchDocument {
  page: string;
  /** Output file relative to the output root: `guides/intro.html`. */
  url: string;
  title: string;
  /** The page body HTML. */
  html: string;
  /**
   * A digest of everything the body is made from (its page-cache key), when known. It
   * stands for `html` in the shard's cache key, so the html of a page whose shard comes
   * from the cache is never read: it may be a getter that prepares it on demand.
   */
  contentKey?: string;
}

/**
 * Starts every shard's cache key. Bump it when a document's html stops giving the same
 * index (searchable-html.ts, the Pagefind options): content keys do not see that.
 */
const SHARD_KEY_VERSION = 'pagefind-2';

export interface SearchIndex {
  /** Output path (relative to the output root) -> bytes. */
  files: Map<string, Uint8Array>;
  shards: number;
  /** Shards taken from the cache. */
  cachedShards: number;
}

/** Files of the Pagefind bundle the site does not use (Pagefind's own UIs and playground). */
const UNUSED = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)|playground\/)/;

type PagefindApi = typeof pagefind;

/** Service processes indexing at once. */
const LANES = Math.max(1, Math.min(2, availableParallelism()));

/**
 * The Pagefind API of lane `n`. The module keeps its service process in a module-level
 * variable, so lane 0 is the module as imported and each other lane is the same file
 * loaded again under another URL (its own module instance, its own process).
 */
const lanes = new Map<number, Promise<PagefindApi>>([[0, Promise.resolve(pagefind)]]);
function lane(n: number): Promise<PagefindApi> {
  let api = lanes.get(n);
  if (!api) {
    api = import(`${pagefindModuleUrl()}?lane=${n}`) as Promise<PagefindApi>;
    lanes.set(n, api);
  }
  return api;
}

function pagefindModuleUrl(): string {
  return pathToFileURL(join(installedPackageDir('pagefind'), 'lib', 'index.js')).href;
}

// Service processes are shared by every index built in this process: they are closed
// when the last index being built is done.
let active = 0;

async function closeLanes(): Promise<void> {
  const used = [...lanes.values()];
  await Promise.all(used.map(async (api) => (await api).close()));
}

function documentHtml(doc: SearchDocument): string {
  const title = escapeHtml(doc.title);
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1>${doc.html}</main></body></html>`;
}

/** One Pagefind index being filled, document by document, in a fixed order. */
class ShardBuilder {
  private index: Promise<pagefind.PagefindIndex>;

  constructor(api: Promise<PagefindApi>) {
    this.index = api
      .then((p) => p.createIndex({ forceLanguage: 'en', excludeSelectors: ['svg', 'button', '.q-code-copy', '[data-pagefind-ignore]'] }))
      .then(({ index, errors }) => {
        if (!index) throw new Error(`search index: ${errors.join('; ')}`);
        return index;
      });
  }

  async add(doc: SearchDocument): Promise<void> {
    const added = await (await this.index).addHTMLFile({ url: `/${doc.url}`, content: documentHtml(doc) });
    if (added.errors.length > 0) throw new Error(`search index (${doc.page}): ${added.errors.join('; ')}`);
  }

  /** The bundle's files (Pagefind's own UIs left out); the index is deleted either way. */
  async files(): Promise<Map<string, Uint8Array>> {
    const index = await this.index;
    try {
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

  async discard(): Promise<void> {
    await (await this.index.catch(() => undefined))?.deleteIndex();
  }
}

async function buildShard(docs: SearchDocument[], api: Promise<PagefindApi>): Promise<Map<string, Uint8Array>> {
  const builder = new ShardBuilder(api);
  try {
    for (const doc of docs) await builder.add(doc);
  } catch (err) {
    await builder.discard();
    throw err;
  }
  return builder.files();
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

interface ShardState {
  /** Pages of the shard in page order: the order documents go into its index. */
  order: string[];
  /** How many of `order` went in (or were set aside for a batch build). */
  next: number;
  /** Documents that arrived before an earlier page of their shard. */
  waiting: Map<string, SearchDocument>;
  /** Cache key over the documents in order (the same whether streamed or not). */
  key: Hash;
  /** Batch mode: the shard's documents, built at once when the last arrives. */
  docs: SearchDocument[];
  /** Streaming mode: the index being filled as documents arrive. */
  builder?: ShardBuilder;
}

/**
 * Builds the index while pages render. Pages are split into shards (see
 * search-shards.ts); render them shard by shard (see `shardOf`) for the most overlap.
 *
 * - Batch (default): when the last page of a shard arrives the shard is taken from the
 *   cache or built, while the workers go on rendering. Right for re-exports, where
 *   most shards come from the cache.
 * - `stream` (a cold export, nothing cached): each page goes into its shard's Pagefind
 *   index as soon as it and the pages before it in its shard have arrived, so when the
 *   last page renders only its own shard's files remain to be written out.
 *
 * Documents enter an index in page order either way, so both give the same bytes.
 */
export class SearchIndexer {
  readonly shards: number;
  private readonly state: ShardState[];
  private readonly files = new Map<string, Uint8Array>();
  /** Work of each lane, in order. */
  private readonly chains: Promise<void>[] = Array.from({ length: LANES }, () => Promise.resolve());
  private cachedShards = 0;
  private closed = false;

  /**
   * `onShard` receives each shard's files (output paths) as soon as the shard is built,
   * so the caller can write them while later pages still render.
   */
  constructor(
    pages: string[],
    private readonly options: { cacheDir?: string; stream?: boolean; onShard?: (files: Map<string, Uint8Array>) => void } = {},
  ) {
    this.shards = shardCount(pages.length);
    this.state = Array.from({ length: this.shards }, () => ({ order: [], next: 0, waiting: new Map(), key: createHash('sha256').update(SHARD_KEY_VERSION).update('\u0000'), docs: [] }));
    for (const p of [...pages].sort(byPage)) this.state[this.shardOf(p)].order.push(p);
    active++;
    for (let s = 0; s < this.shards; s++) if (this.state[s].order.length === 0) this.complete(s);
  }

  shardOf(page: string): number {
    return shardOf(page, this.shards);
  }

  add(doc: SearchDocument): void {
    const shard = this.shardOf(doc.page);
    const st = this.state[shard];
    st.waiting.set(doc.page, doc);
    const before = st.next;
    while (st.next < st.order.length && st.waiting.has(st.order[st.next])) {
      const d = st.waiting.get(st.order[st.next])!;
      st.waiting.delete(d.page);
      st.next++;
      for (const part of [d.page, d.url, d.title]) st.key.update(part).update('\u0000');
      if (d.contentKey === undefined) st.key.update('html\u0000').update(d.html).update('\u0000');
      else st.key.update('key\u0000').update(d.contentKey).update('\u0000');
      if (this.options.stream) {
        const builder = (st.builder ??= new ShardBuilder(lane(shard % LANES)));
        this.then(shard, () => builder.add(d));
      } else st.docs.push(d);
    }
    if (st.next === st.order.length && before < st.next) this.complete(shard);
  }

  /** Queues work on the lane of `shard`. */
  private then(shard: number, work: () => Promise<void>): void {
    const n = shard % LANES;
    this.chains[n] = this.chains[n].then(work);
  }

  private complete(shard: number): void {
    const st = this.state[shard];
    const docs = st.docs;
    st.docs = [];
    this.then(shard, async () => {
      const key = st.key.digest('hex');
      const cacheFile = this.options.cacheDir ? join(this.options.cacheDir, 'search', `${key}.pack`) : undefined;
      let shardFiles = cacheFile ? await readPacked(cacheFile) : undefined;
      if (shardFiles) {
        this.cachedShards++;
        await st.builder?.discard();
      } else {
        shardFiles = st.builder ? await st.builder.files() : await buildShard(docs, lane(shard % LANES));
        if (cacheFile) await writePacked(cacheFile, shardFiles);
      }
      st.builder = undefined;
      const out = new Map<string, Uint8Array>();
      for (const [path, content] of shardFiles) out.set(`${shardDir(shard)}/${path}`, content);
      for (const [path, content] of out) this.files.set(path, content);
      this.options.onShard?.(out);
    });
  }

  /** Waits for every shard (all pages must have been added) and returns the bundle files. */
  async finish(): Promise<SearchIndex> {
    try {
      if (this.state.some((st) => st.next < st.order.length)) throw new Error('search index: some pages were never added');
      await Promise.all(this.chains);
      return { files: new Map([...this.files].sort(([a], [b]) => (a < b ? -1 : 1))), shards: this.shards, cachedShards: this.cachedShards };
    } finally {
      await this.close();
    }
  }

  /** Stops using the Pagefind service (after an error or abort too). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled(this.chains);
    await Promise.all(this.state.map((st) => st.builder?.discard()));
    active--;
    if (active === 0) await closeLanes();
  }
}

function byPage(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Builds the whole index at once from already rendered pages. */
export async function buildSearchIndex(docs: SearchDocument[], options: { cacheDir?: string } = {}): Promise<SearchIndex> {
  const indexer = new SearchIndexer(docs.map((d) => d.page), options);
  for (const doc of docs) indexer.add(doc);
  return indexer.finish();
}
