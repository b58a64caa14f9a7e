/**
 * highlightPre with a cache: a block repeated on many pages is highlighted and looked
 * up once per cache (by its text, before any cache key is computed), and a block that
 * differs in language, meta or code is its own entry.
 */
import { describe, expect, it } from 'vitest';
import { highlightKey, highlightPre, type HighlightCache } from '../../../src/render/highlight/code-block.js';
import { ensureLanguages } from '../../../src/render/highlight/highlighter.js';

function countingCache(): HighlightCache & { gets: string[]; sets: string[] } {
  const entries = new Map<string, string>();
  const gets: string[] = [];
  const sets: string[] = [];
  return {
    gets,
    sets,
    get(key) {
      gets.push(key);
      return entries.get(key);
    },
    set(key, html) {
      sets.push(key);
      entries.set(key, html);
    },
  };
}

describe('highlightPre', () => {
  it('highlights a repeated block once and asks its cache once', async () => {
    const h = await ensureLanguages(['bash']);
    const cache = countingCache();
    const first = highlightPre(h, 'npm install quire', 'bash', '', cache);
    expect(first).toContain('<pre class="q-code-pre shiki" data-lang="bash"');
    expect(first).toContain('<span class="line">');
    for (let i = 0; i < 5; i++) expect(highlightPre(h, 'npm install quire', 'bash', '', cache)).toBe(first);
    expect(cache.gets).toEqual([highlightKey('bash', '', 'npm install quire')]);
    expect(cache.sets).toEqual([highlightKey('bash', '', 'npm install quire')]);

    // Same code, other meta or language: entries of their own.
    const marked = highlightPre(h, 'npm install quire', 'bash', '{1}', cache);
    expect(marked).toContain('<span class="line highlighted">');
    expect(highlightPre(h, 'npm install quire', 'text', '', cache)).not.toBe(first);
    expect(cache.sets).toHaveLength(3);

    // Another cache (another export) does not see what this one holds.
    const other = countingCache();
    expect(highlightPre(h, 'npm install quire', 'bash', '', other)).toBe(first);
    expect(other.gets).toHaveLength(1);
    expect(other.sets).toHaveLength(1);
  });

  it('takes a block another thread put in the cache without highlighting it', () => {
    const cache = countingCache();
    cache.set(highlightKey('bash', '', 'echo hi'), '<pre>from the folder</pre>');
    expect(highlightPre(null, 'echo hi', 'bash', '', cache)).toBe('<pre>from the folder</pre>');
    expect(cache.sets).toHaveLength(1);
  });
});
