/**
 * The search indexer: documents go into each shard in page order whatever order they
 * arrive in, so the bytes do not depend on it; shards come back from the cache by content.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneShardCache, SearchIndexer, type SearchDocument } from '../../../src/render/search/search-index.js';
import { searchSections } from '../../../src/render/search/search-text.js';
import { PAGES_PER_SHARD } from '../../../src/render/search/search-shards.js';

const PAGES = PAGES_PER_SHARD + 40; // two shards
const docs: SearchDocument[] = Array.from({ length: PAGES }, (_, i) => {
  const page = `guide/page-${String(i).padStart(3, '0')}`;
  return { page, url: `${page}.html`, title: `Page ${i}`, sections: searchSections(`<h2 id="s">Section ${i}</h2><p>Word${i} zanzibar ${i % 7 === 0 ? 'quokka' : 'wombat'}.</p>`) };
});

const made: string[] = [];
/** A cache folder of the test's own, removed after this file's tests. */
function cacheFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-search-'));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A shuffled order, as worker threads deliver pages. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The index of `docs` arriving in `order`; with `handOver`, each shard's files handed to onShard as it is built. */
async function build(order: SearchDocument[], options: { cacheDir?: string; handOver?: boolean }) {
  const shardsSeen: Map<string, Uint8Array>[] = [];
  const indexer = new SearchIndexer(docs.map((d) => d.page), { cacheDir: options.cacheDir, onShard: options.handOver ? (files) => shardsSeen.push(files) : undefined });
  for (const d of order) indexer.add(d);
  const index = await indexer.finish();
  return { index, shardsSeen };
}

describe('SearchIndexer', () => {
  it('gives the same bytes whatever order the documents arrive in', async () => {
    const batch = await build(docs, {});
    const shuffledOrder = shuffled(docs, 7);
    const arrived = await build(shuffledOrder, {});
    expect(batch.index.shards).toBe(2);
    expect([...arrived.index.files.keys()]).toEqual([...batch.index.files.keys()]);
    for (const [path, bytes] of batch.index.files) expect(Buffer.from(arrived.index.files.get(path)!).equals(Buffer.from(bytes)), path).toBe(true);
    // Handed over, each shard once with its own files, the same bytes; none kept for finish() (the caller has them).
    const handed = await build(shuffledOrder, { handOver: true });
    expect(handed.shardsSeen).toHaveLength(2);
    const seen = new Map(handed.shardsSeen.flatMap((files) => [...files]));
    expect([...seen.keys()].sort()).toEqual([...batch.index.files.keys()].sort());
    for (const [path, bytes] of batch.index.files) expect(Buffer.from(seen.get(path)!).equals(Buffer.from(bytes)), path).toBe(true);
    expect(handed.index.files.size).toBe(0);
    expect([...batch.index.files.keys()].some((p) => p.startsWith('search/shard-1/'))).toBe(true);
    expect(batch.index.files.has('search/index.json')).toBe(true);
  });

  it('takes unchanged shards from the cache', async () => {
    const cacheDir = cacheFolder();
    const first = await build(shuffled(docs, 3), { cacheDir });
    expect(first.index.cachedShards).toBe(0);
    const second = await build(docs, { cacheDir });
    expect(second.index.cachedShards).toBe(2);
    // one page changed: only its shard is built again
    const changed = docs.map((d, i) => (i === 5 ? { ...d, sections: [...d.sections, { anchor: '', heading: '', level: 0, text: 'edited' }] } : d));
    const indexer = new SearchIndexer(changed.map((d) => d.page), { cacheDir });
    for (const d of changed) indexer.add(d);
    expect((await indexer.finish()).cachedShards).toBe(1);
  });

  it('keys shards by the documents\' content keys when given, reading no text of a cached shard', async () => {
    const cacheDir = cacheFolder();
    const keyed = (d: SearchDocument, key = `key-${d.page}`) => ({ ...d, contentKey: key });
    const first = await build(shuffled(docs, 5).map((d) => keyed(d)), { cacheDir });
    expect(first.index.cachedShards).toBe(0);
    const read: string[] = [];
    const lazy = (d: SearchDocument, key?: string): SearchDocument => ({
      page: d.page,
      url: d.url,
      title: d.title,
      contentKey: key ?? `key-${d.page}`,
      get sections() {
        read.push(d.page);
        return d.sections;
      },
    });
    const again = new SearchIndexer(docs.map((d) => d.page), { cacheDir });
    for (const d of docs) again.add(lazy(d));
    const cached = await again.finish();
    expect(cached.cachedShards).toBe(2);
    expect(read).toEqual([]);
    for (const [path, bytes] of first.index.files) expect(Buffer.from(cached.files.get(path)!).equals(Buffer.from(bytes)), path).toBe(true);
    // a page whose content key changed: its shard is built again, reading the text of that page
    // only (the others' terms were kept by content key), with the bytes a build from scratch gives
    const edited = docs.map((d, i) => (i === 5 ? { ...d, sections: [...d.sections, { anchor: '', heading: '', level: 0, text: 'edited quokka words' }] } : d));
    const changed = new SearchIndexer(docs.map((d) => d.page), { cacheDir });
    for (const [i, d] of edited.entries()) changed.add(lazy(d, i === 5 ? 'key-edited' : undefined));
    const rebuilt = await changed.finish();
    expect(rebuilt.cachedShards).toBe(1);
    expect(read).toEqual([docs[5].page]);
    const fresh = await build(edited, {});
    expect([...rebuilt.files.keys()]).toEqual([...fresh.index.files.keys()]);
    for (const [path, bytes] of fresh.index.files) expect(Buffer.from(rebuilt.files.get(path)!).equals(Buffer.from(bytes)), path).toBe(true);
    // and the edit is in it (the test would pass on stale terms otherwise)
    expect([...rebuilt.files.values()].some((b) => Buffer.from(b).toString().includes('edited quokka words'))).toBe(true);
  });

  it('reads each page\'s text once without a cache (no key is made for a shard nobody keeps)', async () => {
    const reads = new Map<string, number>();
    const indexer = new SearchIndexer(docs.map((d) => d.page));
    for (const d of docs) {
      indexer.add({
        page: d.page,
        url: d.url,
        title: d.title,
        get sections() {
          reads.set(d.page, (reads.get(d.page) ?? 0) + 1);
          return d.sections;
        },
      });
    }
    const index = await indexer.finish();
    expect([...reads.values()]).toEqual(docs.map(() => 1));
    expect(indexer.cacheKeys.size).toBe(0);
    const plain = await build(docs, {});
    for (const [path, bytes] of plain.index.files) expect(Buffer.from(index.files.get(path)!).equals(Buffer.from(bytes)), path).toBe(true);
  });

  it('builds a shard again from kept terms after its pack is gone, with the same bytes', async () => {
    const cacheDir = cacheFolder();
    const keyed = docs.map((d) => ({ ...d, contentKey: `key-${d.page}` }));
    const first = await build(keyed, { cacheDir });
    // the shard packs are removed, the kept terms stay: every page's text is never read
    for (const f of readdirSync(join(cacheDir, 'search'))) if (f.endsWith('.pack')) rmSync(join(cacheDir, 'search', f));
    const again = new SearchIndexer(docs.map((d) => d.page), { cacheDir });
    for (const d of keyed) {
      again.add({ page: d.page, url: d.url, title: d.title, contentKey: d.contentKey, get sections(): never { throw new Error(`sections of ${d.page} read`); } });
    }
    const index = await again.finish();
    expect(index.cachedShards).toBe(0);
    for (const [path, bytes] of first.index.files) expect(Buffer.from(index.files.get(path)!).equals(Buffer.from(bytes)), path).toBe(true);
    // a title is not part of the kept terms: a new one is indexed
    const retitled = new SearchIndexer(docs.map((d) => d.page), { cacheDir });
    for (const d of keyed) retitled.add({ ...d, title: d.page === docs[0].page ? 'Renamed kinkajou' : d.title });
    const text = [...(await retitled.finish()).files].filter(([p]) => p.includes('terms.')).map(([, b]) => Buffer.from(b).toString()).join('');
    expect(text).toContain('"kinkajou"');
  });

  it('reports pages that never arrived', async () => {
    const indexer = new SearchIndexer(docs.map((d) => d.page));
    for (const d of docs.slice(1)) indexer.add(d);
    await expect(indexer.finish()).rejects.toThrow(/never added/);
    expect(() => indexer.add({ ...docs[1], page: 'guide/unknown' })).toThrow(/unexpected document for guide\/unknown/);
  });

  it('refuses a document for a shard already built', async () => {
    const indexer = new SearchIndexer(docs.map((d) => d.page));
    for (const d of docs) indexer.add(d);
    expect(() => indexer.add(docs[0])).toThrow(/unexpected document/);
    expect((await indexer.finish()).shards).toBe(2);
  });
});

describe('pruneShardCache', () => {
  it('deletes kept shards the last index did not use once nobody wrote them for a minute, and nothing else', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'quire-search-'));
    try {
      const keyed = docs.map((d) => ({ ...d, contentKey: `key-${d.page}` }));
      const indexer = new SearchIndexer(docs.map((d) => d.page), { cacheDir });
      for (const d of keyed) indexer.add(d);
      await indexer.finish();
      expect([...indexer.cacheKeys]).toHaveLength(2);
      const packs = () => readdirSync(join(cacheDir, 'search')).filter((f) => f.endsWith('.pack')).sort();
      const used = packs();
      expect(used).toEqual([...indexer.cacheKeys].map((k) => `${k}.pack`).sort());
      // an edit's leftover (the shard before it), written now and written long ago, and a file of another kind
      writeFileSync(join(cacheDir, 'search', `${'a'.repeat(64)}.pack`), 'old build');
      writeFileSync(join(cacheDir, 'search', `${'b'.repeat(64)}.pack`), 'recent build');
      writeFileSync(join(cacheDir, 'search', 'notes.txt'), 'not a shard');
      const now = Date.now() + 30_000;
      utimesSync(join(cacheDir, 'search', `${'a'.repeat(64)}.pack`), new Date(now - 120_000), new Date(now - 120_000));
      for (const f of used) utimesSync(join(cacheDir, 'search', f), new Date(now - 120_000), new Date(now - 120_000));
      await pruneShardCache(cacheDir, indexer.cacheKeys, now);
      expect(packs()).toEqual([...used, `${'b'.repeat(64)}.pack`].sort());
      expect(readdirSync(join(cacheDir, 'search'))).toContain('notes.txt');
      expect(readdirSync(join(cacheDir, 'search'))).toContain('terms');
      // once the recent one is old too, it goes; the used ones stay
      await pruneShardCache(cacheDir, indexer.cacheKeys, now + 120_000);
      expect(packs()).toEqual(used);
      // a cache folder without search files is left alone
      await pruneShardCache(join(cacheDir, 'none'), new Set());
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
