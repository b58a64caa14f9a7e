/**
 * one-byte.ts: a Latin-1 text cut from a two-byte string comes back held one byte per
 * character (what V8's regular expressions run fastest on), any other text as it was; and
 * the search index's terms read such a text the same way.
 */
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { isLatin1, latin1Copy, oneByte } from '../../src/render/one-byte.js';
import { eachIndexTerm } from '../../src/render/search/index-terms.js';
import { analyzerFor } from '../../src/render/search/stemmers.js';

// V8's serializer writes a string with the tag of its representation: '"' one-byte, 'c' two-byte.
const representation = (s: string) => (serialize(s)[2] === 0x22 ? 'one-byte' : 'two-byte');

describe('oneByte', () => {
  const page = 'Arrows \u2192 aside, caf\u00e9 owners configure the retryLimit of their API keys.';
  const plain = page.slice(page.indexOf(', ') + 2);

  it('copies a Latin-1 text cut from a two-byte string into one byte per character', () => {
    expect(representation(page)).toBe('two-byte');
    expect(representation(plain)).toBe('two-byte');
    expect(isLatin1(plain)).toBe(true);
    const copy = oneByte(plain);
    expect(copy).toBe(plain);
    expect(representation(copy)).toBe('one-byte');
    expect(representation(latin1Copy('\u00ff\u00e9'.repeat(20)))).toBe('one-byte');
  });

  it('leaves a text with a character past U+00FF as it is', () => {
    expect(isLatin1(page)).toBe(false);
    expect(oneByte(page)).toBe(page);
    expect(representation(oneByte(page))).toBe('two-byte');
  });

  it('gives the search index the same terms for a text however it is held', () => {
    const a = analyzerFor('en');
    const terms = (text: string) => {
      const out: string[] = [];
      eachIndexTerm(text, (t) => out.push(t), a);
      return out;
    };
    const copy = latin1Copy(plain);
    expect(representation(copy)).toBe('one-byte');
    expect(terms(plain)).toEqual(terms(copy));
    expect(terms(plain)).toEqual(expect.arrayContaining(['cafe', 'owner', 'retri', 'limit', 'retrylimit']));
  });
});
