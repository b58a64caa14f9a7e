/**
 * The highlighted-code cache: entries in the cache folder are shared by every store on
 * it (other threads, later exports), and a store keeps what it read or wrote in memory,
 * so a block repeated on many pages costs one file read per thread.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHighlightCache } from '../../../src/render/cache/highlight-cache.js';
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
});
