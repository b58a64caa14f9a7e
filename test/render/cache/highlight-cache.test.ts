/**
 * The highlighted-code cache: stores of one export append to its pack and report what
 * they did; the commit merges that into the index that later exports read; entries
 * nobody used for 30 days, packs no index names and the old one-file-per-block layout
 * go; a damaged or foreign pack or index is a miss, never a failed export.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHighlightCache } from '../../../src/render/cache/highlight-cache.js';
import { HighlightPacks } from '../../../src/render/cache/highlight-pack.js';
import { highlightKey } from '../../../src/render/highlight/code-block.js';
import { exportSite } from '../../../src/render/index.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

const DAY = 86_400_000;
const packs = (dir: string) => readdirSync(join(dir, 'highlight')).filter((f) => f.endsWith('.pack'));

/** One export's worth of cache use: `blocks` highlighted (set) by a store on the run's pack, then committed. */
async function run(cacheDir: string, blocks: Record<string, string>, now = Date.now()): Promise<HighlightPacks> {
  const packs = new HighlightPacks(cacheDir);
  packs.load();
  const store = createHighlightCache(join(cacheDir, 'highlight'), packs.runPack());
  for (const [key, html] of Object.entries(blocks)) if (store.get(key) === undefined) store.set(key, html);
  const use = store.drain();
  if (use) packs.note(use);
  await packs.commit(now);
  packs.close();
  return packs;
}

describe('highlight cache', () => {
  let tmp: TempDir | undefined;
  afterEach(() => tmp?.cleanup());
  const one = highlightKey('bash', '', 'npm install quire');
  const two = highlightKey('bash', '', 'npm test');

  it('appends to the run pack, reports it, and later stores read it through the index', async () => {
    tmp = tempDir('quire-highlight-');
    const dir = join(tmp.path, 'highlight');
    const packs = new HighlightPacks(tmp.path);
    packs.load();
    const target = packs.runPack()!;
    // two threads of one export append to one pack
    const a = createHighlightCache(dir, target);
    const b = createHighlightCache(dir, target);
    a.set(one, '<pre>one</pre>');
    b.set(two, '<pre>twö</pre>');
    expect(a.get(one)).toBe('<pre>one</pre>');
    const useA = a.drain()!;
    const useB = b.drain()!;
    expect(useA.added.map(([k]) => k)).toEqual([one]);
    expect(useB.added.map(([k]) => k)).toEqual([two]);
    expect(useB.added[0][1]).toBe(useA.added[0][2]); // b's range starts where a's ends
    expect(a.drain()).toBeUndefined();
    packs.note(useA);
    packs.note(useB);
    await packs.commit();
    packs.close();

    const reader = createHighlightCache(dir);
    expect(reader.get(one)).toBe('<pre>one</pre>');
    expect(reader.get(two)).toBe('<pre>twö</pre>');
    expect(reader.get(highlightKey('bash', '', 'other'))).toBeUndefined();
    expect(reader.drain()).toEqual({ used: [one, two], added: [] });
    // a store without the run's pack writes nothing, and keys that are not hashes are refused
    reader.set(highlightKey('bash', '', 'other'), '<pre>x</pre>');
    createHighlightCache(dir, target).set('../escape', '<pre>x</pre>');
    expect(readdirSync(dir).sort()).toEqual(['index.json', target.pack]);
  });

  it('keeps entries of other exports and drops those unused for 30 days, with their packs', async () => {
    tmp = tempDir('quire-highlight-');
    const now = Date.now();
    await run(tmp.path, { [one]: '<pre>one</pre>' }, now - 40 * DAY);
    await run(tmp.path, { [two]: '<pre>two</pre>' }, now - 20 * DAY);
    // two runs of small packs: the second copied the first's entry into its own
    expect(packs(tmp.path)).toHaveLength(1);
    const index = () => Object.keys((JSON.parse(readFileSync(join(tmp!.path, 'highlight', 'index.json'), 'utf8')) as { entries: object }).entries).sort();
    expect(index()).toEqual([one, two].sort());
    // `one` was last used 40 days ago: gone at the next commit; `two`, 20 days ago, stays
    const three = highlightKey('bash', '', 'three');
    await run(tmp.path, { [three]: '<pre>three</pre>' }, now);
    expect(index()).toEqual([two, three].sort());
    expect(createHighlightCache(join(tmp.path, 'highlight')).get(one)).toBeUndefined();
    // used again now: kept 30 more days
    await run(tmp.path, { [two]: 'unused' }, now);
    await run(tmp.path, {}, now + 25 * DAY);
    expect(index()).toEqual([two, three].sort());
    await run(tmp.path, {}, now + 31 * DAY);
    expect(index()).toEqual([]);
    expect(packs(tmp.path)).toEqual([]);
  });

  it('reads a cut-short or foreign pack and a broken index as misses', async () => {
    tmp = tempDir('quire-highlight-');
    const dir = join(tmp.path, 'highlight');
    await run(tmp.path, { [one]: '<pre>one</pre>', [two]: '<pre>two</pre>' });
    const [pack] = packs(tmp.path);
    truncateSync(join(dir, pack), 70);
    expect(createHighlightCache(dir).get(one)).toBeUndefined();
    writeFileSync(join(dir, pack), 'x'.repeat(200));
    expect(createHighlightCache(dir).get(one)).toBeUndefined();
    expect(createHighlightCache(dir).get(two)).toBeUndefined();
    // the next run writes both again, and does not carry the damaged bytes over
    await run(tmp.path, { [one]: '<pre>one</pre>', [two]: '<pre>two</pre>' });
    expect(createHighlightCache(dir).get(two)).toBe('<pre>two</pre>');
    writeFileSync(join(dir, 'index.json'), '{"format":"quire-highlight-index-1","packs":["../x"],"entries":{"a":[0,0,1,1]}}');
    expect(createHighlightCache(dir).get(one)).toBeUndefined();
    writeFileSync(join(dir, 'index.json'), 'not json');
    expect(createHighlightCache(dir).get(one)).toBeUndefined();
  });

  it('removes the one-file-per-block layout of earlier versions', async () => {
    tmp = tempDir('quire-highlight-');
    const dir = join(tmp.path, 'highlight');
    mkdirSync(join(dir, one.slice(0, 2)), { recursive: true });
    writeFileSync(join(dir, one.slice(0, 2), one), '<pre>old</pre>');
    writeFileSync(join(dir, '.swept'), '');
    await run(tmp.path, { [two]: '<pre>two</pre>' });
    expect(existsSync(join(dir, one.slice(0, 2)))).toBe(false);
    expect(existsSync(join(dir, '.swept'))).toBe(false);
  });

  it('an export over a damaged cache writes the same site', async () => {
    tmp = tempDir('quire-highlight-');
    const root = join(tmp.path, 'site');
    const cacheDir = join(tmp.path, 'cache');
    writeFiles(root, {
      'docs.json': JSON.stringify({ name: 'T', navigation: { pages: ['index', 'api'] } }),
      'index.mdx': '---\ntitle: Home\n---\n\n```bash\nnpm install quire\n```\n\n```json\n{"a": 1}\n```\n',
      'api.mdx': '---\ntitle: API\n---\n\n```ts\nconst a: number = 1;\n```\n',
    });
    const cold = await exportSite({ root, outDir: join(tmp.path, 'a'), cacheDir, workers: 0 });
    const html = readFileSync(join(tmp.path, 'a', 'index.html'), 'utf8');
    expect(html).toContain('npm');
    const [pack] = packs(cacheDir);
    writeFileSync(join(cacheDir, 'highlight', pack), 'garbage');
    writeFileSync(join(cacheDir, 'highlight', '0-1-00000000.pack'), 'foreign bytes');
    // the page cache emptied, so every page renders and asks the highlight cache
    for (const f of readdirSync(join(cacheDir, 'pages'))) writeFileSync(join(cacheDir, 'pages', f), 'x');
    const warm = await exportSite({ root, outDir: join(tmp.path, 'b'), cacheDir, workers: 0 });
    expect(warm.diagnostics).toEqual(cold.diagnostics);
    expect(readFileSync(join(tmp.path, 'b', 'index.html'), 'utf8')).toBe(html);
    expect(readFileSync(join(tmp.path, 'b', 'api.html'), 'utf8')).toBe(readFileSync(join(tmp.path, 'a', 'api.html'), 'utf8'));
    // and the cache is whole again: its index names one new pack (the foreign one may be another run's in the making: left)
    const index = JSON.parse(readFileSync(join(cacheDir, 'highlight', 'index.json'), 'utf8')) as { packs: string[]; entries: object };
    expect(index.packs).toHaveLength(1);
    expect(index.packs[0]).not.toBe(pack);
    const store = createHighlightCache(join(cacheDir, 'highlight'));
    for (const key of Object.keys(index.entries)) expect(store.get(key)).toMatch(/^<pre /);
    expect(Object.keys(index.entries)).toHaveLength(3);
  });
});
