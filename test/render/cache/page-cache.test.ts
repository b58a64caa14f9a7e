/**
 * The page cache through real exports of a small site: entries in pack files and one
 * index, pruning of dead packs, compaction, damaged packs and indexes, killed and
 * concurrent runs, partial exports. Every cached output is compared with an export
 * that has no cache.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportOptions, ExportProgress, ExportReport } from '../../../src/render/types.js';
import { smallSite, tempDir, type TempDir } from '../site/make-site.js';

interface Index {
  format: string;
  packs: string[];
  entries: Record<string, [number, number, number, number]>;
}

const PAGES = ['index', 'guides/setup', 'guides/deep/inner', 'secret', 'other/page', 'orphan'];

describe('page cache in pack files', () => {
  let tmp: TempDir;
  let root: string;
  let cacheDir: string;
  let out: string;
  let edits = 0;
  const pagesDir = () => join(cacheDir, 'pages');
  const packs = () => readdirSync(pagesDir()).filter((f) => f.endsWith('.pack')).sort();
  const index = () => JSON.parse(readFileSync(join(pagesDir(), 'index.json'), 'utf8')) as Index;
  const packBytes = () => packs().reduce((sum, p) => sum + statSync(join(pagesDir(), p)).size, 0);
  const liveBytes = () => Object.values(index().entries).reduce((sum, e) => sum + e[2], 0);
  const exportCached = (options: Partial<ExportOptions> = {}) => exportSite({ root, outDir: out, cacheDir, workers: 0, ...options });
  const fromCache = (report: ExportReport) => report.features['page-cache'].reason ?? '';
  const edit = (page: string) => {
    const file = join(root, `${page}.mdx`);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nEdit number ${++edits}.\n`);
  };

  /** The cached export wrote exactly what an export without cache writes. */
  async function expectLikeFresh(report: ExportReport): Promise<void> {
    const fresh = join(tmp.path, `fresh-${edits}-${Math.random().toString(36).slice(2)}`);
    const plain = await exportSite({ root, outDir: fresh, workers: 0 });
    expect(report.files).toEqual(plain.files);
    for (const f of plain.files) expect(readFileSync(join(out, f)), f).toEqual(readFileSync(join(fresh, f)));
  }

  /** Every entry of the index lies inside a pack that exists. */
  function expectIndexSound(): void {
    const data = index();
    for (const [, [pack, offset, length, head]] of Object.entries(data.entries)) {
      expect(offset + length).toBeLessThanOrEqual(statSync(join(pagesDir(), data.packs[pack])).size);
      // the head length of every entry is known, and is where the entry's head line ends; the
      // Markdown text and the body of the lengths that line records fill the rest exactly
      const bytes = readFileSync(join(pagesDir(), data.packs[pack])).subarray(offset, offset + length);
      expect(head).toBe(bytes.indexOf(10));
      const line = JSON.parse(bytes.toString('utf8', 0, head)) as { markdownBytes: number | null; htmlBytes: number };
      expect(length).toBe(head + 1 + (line.markdownBytes ?? 0) + line.htmlBytes);
    }
  }

  /** The index is sound, and no pack it does not name, nor any other file, is left. */
  function expectTidy(): void {
    expectIndexSound();
    expect(packs()).toEqual([...index().packs].sort());
    expect(readdirSync(pagesDir()).filter((f) => !f.endsWith('.pack'))).toEqual(['index.json']);
  }

  beforeEach(() => {
    tmp = tempDir('quire-page-cache-');
    root = join(tmp.path, 'docs');
    cacheDir = join(tmp.path, 'cache');
    out = join(tmp.path, 'out');
    smallSite(root);
  });
  afterEach(() => tmp.cleanup());

  it('writes one pack and one index on worker threads, and a warm export reads its pages from them', async () => {
    const cold = await exportCached({ workers: 2 });
    expect(fromCache(cold)).toBe('0 of 6 pages from the cache');
    expect(packs()).toHaveLength(1);
    const data = index();
    expect(data.format).toBe('quire-page-index-3');
    expect(Object.keys(data.entries)).toHaveLength(6);
    expect(liveBytes()).toBe(packBytes());
    expectTidy();

    edit('orphan');
    const warm = await exportCached({ workers: 2 });
    expect(fromCache(warm)).toBe('5 of 6 pages from the cache');
    expect(readFileSync(join(out, 'orphan.html'), 'utf8')).toContain('Edit number 1.');
    expect(packs()).toHaveLength(2);
    expectTidy();
    await expectLikeFresh(warm);

    // nothing changed: every page from the cache, and no new pack
    const again = await exportCached();
    expect(fromCache(again)).toBe('6 of 6 pages from the cache');
    expect(packs()).toHaveLength(2);
  });

  it('deletes dead packs: after many edits the cache stays within twice its live entries', async () => {
    await exportCached();
    const [coldPack] = packs();
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      edit(i % 2 === 0 ? 'orphan' : 'guides/setup');
      const report = await exportCached();
      expect(fromCache(report)).toBe('5 of 6 pages from the cache');
      expectTidy();
      expect(packBytes()).toBeLessThanOrEqual(2 * liveBytes());
      expect(Object.keys(index().entries)).toHaveLength(6);
      for (const p of packs()) seen.add(p);
    }
    expect(seen.size).toBe(9);
    // the cold pack (4 of its 6 entries live) and the packs of the last edit of each page
    expect(packs()).toHaveLength(3);
    expect(packs()).toContain(coldPack);
    await expectLikeFresh(await exportCached());
  });

  it('compacts a pack that holds mostly dead entries into the new one', async () => {
    await exportCached();
    const [coldPack] = packs();
    for (const page of PAGES.slice(0, 5)) edit(page);
    const report = await exportCached();
    expect(fromCache(report)).toBe('1 of 6 pages from the cache');
    // the one live entry of the cold pack moved; the cold pack is gone
    expect(packs()).toHaveLength(1);
    expect(packs()).not.toContain(coldPack);
    expect(Object.keys(index().entries)).toHaveLength(6);
    expect(packBytes()).toBe(liveBytes());
    expectTidy();
    const next = await exportCached();
    expect(fromCache(next)).toBe('6 of 6 pages from the cache');
    await expectLikeFresh(next);
  });

  it('treats a truncated pack and a garbage index as misses, still writing the right pages', async () => {
    await exportCached();
    const [pack] = packs();
    truncateSync(join(pagesDir(), pack), Math.floor(statSync(join(pagesDir(), pack)).size / 2));
    const truncated = await exportCached();
    const hits = Number(/^(\d+) of 6/.exec(fromCache(truncated))![1]);
    expect(hits).toBeGreaterThan(0);
    expect(hits).toBeLessThan(6);
    await expectLikeFresh(truncated);
    expectTidy();
    expect(fromCache(await exportCached())).toBe('6 of 6 pages from the cache');

    // (a sound index of format 2, whose entries held their Markdown in the head line: read as none)
    for (const garbage of ['{"format": "quire-page-index-1", "packs": [', '\u0000\u0001 not json', JSON.stringify({ format: 'quire-page-index-3', packs: ['../../escape.pack', 7], entries: { x: 1 } }), JSON.stringify({ ...index(), format: 'quire-page-index-2' })]) {
      writeFileSync(join(pagesDir(), 'index.json'), garbage);
      const report = await exportCached();
      expect(fromCache(report)).toBe('0 of 6 pages from the cache');
      await expectLikeFresh(report);
      // packs no readable index named are kept until stale: they could be a running export's
      expectIndexSound();
    }
    // an index whose locations point at the wrong bytes of an existing pack
    const data = index();
    for (const e of Object.values(data.entries)) e[1] += 1;
    writeFileSync(join(pagesDir(), 'index.json'), JSON.stringify(data));
    const shifted = await exportCached();
    expect(fromCache(shifted)).toBe('0 of 6 pages from the cache');
    await expectLikeFresh(shifted);
    expect(fromCache(await exportCached())).toBe('6 of 6 pages from the cache');
  });

  it('leaves a usable cache after a killed run; an aborted run leaves nothing behind', async () => {
    await exportCached();
    const before = readFileSync(join(pagesDir(), 'index.json'), 'utf8');
    const [good] = packs();
    // a run killed mid-export: its pack was written, its index never was (its temp file half)
    const killed = `${Date.now().toString(36)}-99999-0badcafe.pack`;
    writeFileSync(join(pagesDir(), killed), 'half an entry {"key":');
    writeFileSync(join(pagesDir(), 'index.json.99999.0badcafe.tmp'), '{"format":');
    // an export aborted after its first miss went into its pack: that pack goes, the index stays
    edit('orphan');
    edit('secret');
    const midway = new AbortController();
    const onProgress = (p: ExportProgress) => {
      if (p.phase === 'render' && p.pagesDone === 5) midway.abort(new Error('stopped midway'));
    };
    await expect(exportCached({ signal: midway.signal, onProgress })).rejects.toThrow('stopped midway');
    expect(readFileSync(join(pagesDir(), 'index.json'), 'utf8')).toBe(before);
    expect(packs()).toEqual([good, killed].sort());

    const report = await exportCached();
    expect(fromCache(report)).toBe('4 of 6 pages from the cache');
    await expectLikeFresh(report);
    // the killed run's pack could be that of a run still going: kept while recent, deleted once stale
    expect(packs()).toContain(killed);
    const old = new Date(Date.now() - 11 * 60_000);
    utimesSync(join(pagesDir(), killed), old, old);
    utimesSync(join(pagesDir(), 'index.json.99999.0badcafe.tmp'), old, old);
    expect(fromCache(await exportCached())).toBe('6 of 6 pages from the cache');
    expect(packs()).not.toContain(killed);
    expectTidy();
  });

  it('keeps the entries of pages a partial export did not render, and drops those gone stale', async () => {
    await exportCached();
    edit('orphan');
    edit('secret');
    const partial = await exportCached({ paths: ['orphan'] });
    expect(fromCache(partial)).toBe('0 of 1 pages from the cache');
    // the other four pages are still live; the old secret entry is not (its page changed)
    expect(Object.keys(index().entries)).toHaveLength(5);
    expectTidy();
    const full = await exportCached();
    expect(fromCache(full)).toBe('5 of 6 pages from the cache');
    await expectLikeFresh(full);
  });

  it('stays correct when two exports share the folder: at once, or of different sites', async () => {
    await exportCached();
    edit('orphan');
    const [a, b] = await Promise.all([
      exportCached({ outDir: join(tmp.path, 'a'), workers: 2 }),
      exportCached({ outDir: join(tmp.path, 'b') }),
    ]);
    expect(fromCache(a)).toBe('5 of 6 pages from the cache');
    expect(fromCache(b)).toBe('5 of 6 pages from the cache');
    // the last commit won; the index names only packs that exist
    expectTidy();
    expect(fromCache(await exportCached())).toBe('6 of 6 pages from the cache');

    // another site in the same folder: none of its pages is found, and neither site gets the other's bodies
    const other = join(tmp.path, 'other-docs');
    smallSite(other, { name: 'Other site' });
    writeFileSync(join(other, 'orphan.mdx'), '---\ntitle: Orphan\n---\n\nThe other site.\n');
    const otherOut = join(tmp.path, 'other-out');
    const otherReport = await exportSite({ root: other, outDir: otherOut, cacheDir, workers: 0 });
    expect(fromCache(otherReport)).toBe('0 of 6 pages from the cache');
    expect(readFileSync(join(otherOut, 'orphan.html'), 'utf8')).toContain('The other site.');
    const back = await exportCached();
    expect(fromCache(back)).toBe('0 of 6 pages from the cache');
    await expectLikeFresh(back);
    expectTidy();
  });

  it('removes the one-file-per-page layout it replaces, and breaks a lock left by a killed commit', async () => {
    const legacy = join(pagesDir(), 'ab');
    mkdirSync(legacy, { recursive: true });
    writeFileSync(join(legacy, `${'ab'.repeat(32)}.page`), '{}\n');
    const lock = join(pagesDir(), 'index.lock');
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 2 * 60_000);
    utimesSync(lock, old, old);
    const report = await exportCached();
    expect(fromCache(report)).toBe('0 of 6 pages from the cache');
    expect(existsSync(legacy)).toBe(false);
    expect(existsSync(lock)).toBe(false);
    expectTidy();
    expect(fromCache(await exportCached())).toBe('6 of 6 pages from the cache');
  });
});
