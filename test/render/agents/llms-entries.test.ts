/**
 * A page's llms-full.txt entry made as chunks (the title line with its source, then the rest
 * of the page encoded once for every file the page is in) is the same bytes as entryText.
 */
import { describe, expect, it } from 'vitest';
import { entryBody, entryChunks, entryText } from '../../../src/render/agents/llms-entries.js';

const CASES = [
  '# Title\n\n> A description.\n\nBody text.\n',
  '# Title\n',
  '# Title\n\n  \n\t\n',
  '# Title',
  '# Title with trailing spaces   \n',
  '# Grüße 日本語 🚀\n\nText with \u00a0 and \u2028 inside, ending in spaces \u00a0 \n\n',
  '\n',
  '',
  '# T\nline\r\n\r\n',
];

describe('llms-full.txt entries as chunks', () => {
  it('give the bytes of entryText, for each source, with the body encoded once', () => {
    for (const md of CASES) {
      const body = entryBody(md);
      for (const source of ['https://docs.example.com/a/b', '../a/b.md']) {
        const chunks = entryChunks(md, source, body);
        expect(Buffer.concat(chunks).toString('utf8'), JSON.stringify(md)).toBe(entryText(md, source));
        // The body is the very same bytes in each entry of the page.
        if (body) expect(chunks[chunks.length - 1]).toBe(body);
      }
    }
  });
});
