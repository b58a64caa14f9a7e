/**
 * The highlighted-code cache: entries in the cache folder are shared by every store on
 * it (other threads, later exports), and a store keeps what it read or wrote in memory,
 * so a block repeated on many pages costs one file read per thread.
 */
import { existsSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHighlightCache, pruneHighlightCache } from '../../../src/render/cache/highlight-cache.js';
import { highlightKey } from '../../../src/render/highlight/code-block.js';
import { tempDir, type TempDir } from '../site/make-site.js';

describe('createHighlightCache', () => {
  let tmp: TempDir | undefined;
  afterEach(() => tmp?.cleanup());

  it('shares entries through the folder and keeps them in memory per store', () => {
    tmp = tempDir('quire-highlight-');
    const key = highlightKey('bash', '', 'npm install quire');
    const other = highlightKey('bash', '', 'npm test');
    const writer = createHighlightCache(tmp.path);
    writer.set(key, '<pre>one</pre>');
    const reader = createHighlightCache(tmp.path);
    expect(reader.get(key)).toBe('<pre>one</pre>');
    expect(reader.get(other)).toBeUndefined();
    expect(readdirSync(join(tmp.path, key.slice(0, 2)))).toEqual([key]);

    // The folder emptied: the stores that read or wrote the entry still have it, a new one does not.
    rmSync(tmp.path, { recursive: true });
    expect(reader.get(key)).toBe('<pre>one</pre>');
    expect(writer.get(key)).toBe('<pre>one</pre>');
    expect(createHighlightCache(tmp.path).get(key)).toBeUndefined();
  });

  it('ignores keys that are not hashes', () => {
    tmp = tempDir('quire-highlight-');
    const store = createHighlightCache(tmp.path);
    store.set('../escape', '<pre>x</pre>');
    expect(readdirSync(tmp.path)).toEqual([]);
  });

  it('sweeps entries older than 30 days and stale temp files, at most once a day', () => {
    tmp = tempDir('quire-highlight-');
    const store = createHighlightCache(tmp.path);
    const fresh = highlightKey('bash', '', 'fresh');
    const old = highlightKey('bash', '', 'old');
    store.set(fresh, '<pre>fresh</pre>');
    store.set(old, '<pre>old</pre>');
    const now = Date.now();
    const oldFile = join(tmp.path, old.slice(0, 2), old);
    utimesSync(oldFile, new Date(now - 31 * 86_400_000), new Date(now - 31 * 86_400_000));
    const tmpFile = join(tmp.path, fresh.slice(0, 2), `${fresh}.1.0.tmp`);
    writeFileSync(tmpFile, 'partial');
    utimesSync(tmpFile, new Date(now - 7_200_000), new Date(now - 7_200_000));
    expect(pruneHighlightCache(tmp.path, now)).toBe(2);
    expect(existsSync(oldFile)).toBe(false);
    expect(existsSync(tmpFile)).toBe(false);
    expect(createHighlightCache(tmp.path).get(fresh)).toBe('<pre>fresh</pre>');
    // Swept a moment ago: the next export does not walk the folder again.
    utimesSync(join(tmp.path, fresh.slice(0, 2), fresh), new Date(now - 40 * 86_400_000), new Date(now - 40 * 86_400_000));
    expect(pruneHighlightCache(tmp.path, now + 1000)).toBe(0);
    expect(pruneHighlightCache(tmp.path, now + 2 * 86_400_000)).toBe(1);
  });
});
