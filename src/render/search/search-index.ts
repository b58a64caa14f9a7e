/**
 * Builds the site's offline full-text search index: Quire's own format (shard-files.ts),
 * read in the browser by the engine every site ships (render/browser/search-engine.ts). Pages are
 * split into shards (search-shards.ts); each shard is built as soon as its last page
 * arrives, while later pages still render, and cached under `<cacheDir>/search/` by
 * the hash of what went into it, so after an edit only the edited page's shard is built,
 * and that from the other pages' terms kept by content key (page-terms-cache.ts).
 *
 * Documents enter a shard in page order whatever order they arrive in, so the bytes do
 * not depend on which render thread finished first.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { bodyTerms, buildShardFilesFrom, SEARCH_FORMAT_VERSION } from './shard-files.js';
import { pageTermsFile, readPageTerms, writePageTerms } from './page-terms-cache.js';
import type { SearchSection } from './search-text.js';
import { shardCount, shardDir, shardOf } from './search-shards.js';
import { analyzerFor } from './stemmers.js';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import { replaceFile } from '../../core/replace-file.js';

export interface SearchDocument {
  page: string;
  /** Output file relative to the output root: `guides/intro.html`. */
  url: string;
  title: string;
  /** The page body's text by section (search-text.ts). */
  sections: SearchSection[];
  /**
   * A digest of everything the body is made from (its page-cache key), when known. It
   * stands for `sections` in the shard's cache key, so the sections of a page whose shard
   * comes from the cache are never read: they may be a getter that works them out on demand.
   */
  contentKey?: string;
  /** Mintlify's `boost` of the page (frontmatter, else its nearest group's). @default 1 */
  boost?: number;
}

/**
 * Starts every shard's cache key. Bump it when the same documents stop giving the same
 * files (search-text.ts, search-terms.ts, shard-files.ts): content keys do not see that.
 */
const SHARD_KEY_VERSION = `quire-search-${SEARCH_FORMAT_VERSION}.2`;

export interface SearchIndex {
  /** Output path (relative to the output root) -> bytes: none of those handed to `onShard`. */
  files: Map<string, Uint8Array>;
  shards: number;
  /** Shards taken from the cache. */
  cachedShards: number;
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
  } catch (err) {
    if (!isMissing(err)) noteIgnored('render.search-index.read-packed', err); // the shard is built again
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
    await replaceFile(file, Buffer.concat(parts));
  } catch {
    // a cache that cannot be written only costs time
  }
}

/**
 * A kept shard no export used for this long is deleted by the next export that finishes
 * (pruneShardCache): each edit of a page leaves its shard's previous build behind. Not at
 * once: another export into the same cache may have just written it. Deleting one only
 * costs the export that would have read it the shard's build.
 */
const SHARD_UNUSED_MS = 60_000;

/** Deletes the kept shards under `cacheDir` other than `used` (their keys) that nobody wrote for SHARD_UNUSED_MS. */
export async function pruneShardCache(cacheDir: string, used: ReadonlySet<string>, now = Date.now()): Promise<void> {
  const dir = join(cacheDir, 'search');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if (!isMissing(err)) noteIgnored('render.search-index.list-cache', err);
    return;
  }
  for (const name of names) {
    if (!name.endsWith('.pack') || used.has(name.slice(0, -'.pack'.length))) continue;
    try {
      if (now - (await stat(join(dir, name))).mtimeMs > SHARD_UNUSED_MS) await rm(join(dir, name), { force: true });
    } catch (err) {
      if (!isMissing(err)) noteIgnored('render.search-index.prune', err); // left for a later export
    }
  }
}

interface ShardState {
  /** Pages of the shard in page order: the order documents go into its index. */
  order: string[];
  /** Documents arrived so far, in any order. */
  docs: Map<string, SearchDocument>;
  /** Set once every page arrived and the shard's work was queued. */
  complete: boolean;
}

/**
 * Builds the index while pages render. Pages are split into shards (see
 * search-shards.ts); render them shard by shard (see `shardOf`) for the most overlap:
 * when the last page of a shard arrives the shard is taken from the cache or built.
 */
export class SearchIndexer {
  readonly shards: number;
  private readonly state: ShardState[];
  private readonly files = new Map<string, Uint8Array>();
  /** Every page the index is for. */
  private readonly pages: Set<string>;
  /** Each page's shard, hashed once: the export asks it of every page again (render order, `add`). */
  private readonly shardByPage = new Map<string, number>();
  /** Shard work (cache reads and writes), in order. */
  private chain: Promise<void> = Promise.resolve();
  private cachedShards = 0;
  /** Cache keys of this index's shards, taken from the cache or built. */
  readonly cacheKeys = new Set<string>();

  /**
   * `onShard` receives each shard's files (output paths) as soon as the shard is built,
   * so the caller can write them while later pages still render; finish() then returns none.
   */
  constructor(
    pages: string[],
    private readonly options: {
      cacheDir?: string;
      onShard?: (files: Map<string, Uint8Array>) => void;
      /** Folder of this index in the output. @default 'search' */
      dir?: string;
      /** The pages' language (BCP 47): how words are cut and stemmed. @default 'en' */
      lang?: string;
    } = {},
  ) {
    this.shards = shardCount(pages.length);
    this.pages = new Set(pages);
    this.state = Array.from({ length: this.shards }, () => ({ order: [], docs: new Map(), complete: false }));
    for (const p of [...pages].sort(byPage)) {
      const shard = shardOf(p, this.shards);
      this.shardByPage.set(p, shard);
      this.state[shard].order.push(p);
    }
    for (let s = 0; s < this.shards; s++) if (this.state[s].order.length === 0) this.complete(s);
  }

  shardOf(page: string): number {
    return this.shardByPage.get(page) ?? shardOf(page, this.shards);
  }

  get pageCount(): number {
    return this.pages.size;
  }

  /** Adds a page's document (each page of the list given at construction, once). */
  add(doc: SearchDocument): void {
    const shard = this.shardOf(doc.page);
    const st = this.state[shard];
    if (st.complete || !this.pages.has(doc.page)) throw new Error(`search index: unexpected document for ${doc.page}`);
    st.docs.set(doc.page, doc);
    if (st.docs.size === st.order.length) this.complete(shard);
  }

  private complete(shard: number): void {
    const st = this.state[shard];
    st.complete = true;
    const docs = st.order.map((page) => st.docs.get(page)!);
    st.docs = new Map();
    this.chain = this.chain.then(async () => {
      const lang = this.options.lang ?? 'en';
      // The key names the shard's file in the cache: without a cache, the sections are not serialized to make it.
      const { cacheDir } = this.options;
      const key = cacheDir ? shardKey(docs, lang) : undefined;
      if (key) this.cacheKeys.add(key);
      const cacheFile = cacheDir && key ? join(cacheDir, 'search', `${key}.pack`) : undefined;
      let shardFiles = cacheFile ? await readPacked(cacheFile) : undefined;
      if (shardFiles) this.cachedShards++;
      else {
        // Pages whose content is unchanged bring their terms from the last build of this shard.
        const termsFile = this.options.cacheDir ? pageTermsFile(this.options.cacheDir, SHARD_KEY_VERSION, this.options.dir ?? 'search', lang, shard) : undefined;
        const known = termsFile ? await readPageTerms(termsFile) : undefined;
        const analyzer = analyzerFor(lang);
        const bodies = docs.map((d) => (d.contentKey !== undefined ? known?.get(d.contentKey) : undefined) ?? bodyTerms(d.sections, analyzer));
        shardFiles = buildShardFilesFrom(docs.map((d, i) => ({ url: d.url, title: d.title, boost: d.boost, body: bodies[i] })), analyzer);
        if (cacheFile) await writePacked(cacheFile, shardFiles);
        if (termsFile) await writePageTerms(termsFile, docs.map((d, i) => ({ key: d.contentKey, body: bodies[i] })));
      }
      const out = new Map<string, Uint8Array>();
      for (const [path, content] of shardFiles) out.set(`${shardDir(shard, this.options.dir)}/${path}`, content);
      // Handed over, the files are the caller's to write, not kept here to the end (Mintlify's docs: 7.5 MB).
      if (this.options.onShard) this.options.onShard(out);
      else for (const [path, content] of out) this.files.set(path, content);
    });
  }

  /** Waits for every shard (all pages must have been added) and returns the index files not handed to `onShard`. */
  async finish(): Promise<SearchIndex> {
    if (this.state.some((st) => !st.complete)) throw new Error('search index: some pages were never added');
    await this.chain;
    return { files: new Map([...this.files].sort(([a], [b]) => byPage(a, b))), shards: this.shards, cachedShards: this.cachedShards };
  }

  /** Waits for shard work under way (after an error or abort too). */
  async close(): Promise<void> {
    await this.chain.catch(() => undefined); // the shard work's error reached its own caller already
  }
}

/** Cache key of a shard: its documents in page order, each by its content key when it has one. */
function shardKey(docs: SearchDocument[], lang: string): string {
  const key = createHash('sha256').update(SHARD_KEY_VERSION).update('\u0000').update(lang).update('\u0000');
  for (const d of docs) {
    for (const part of [d.page, d.url, d.title, String(d.boost ?? 1)]) key.update(part).update('\u0000');
    if (d.contentKey === undefined) key.update('sections\u0000').update(JSON.stringify(d.sections)).update('\u0000');
    else key.update('key\u0000').update(d.contentKey).update('\u0000');
  }
  return key.digest('hex');
}

function byPage(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
