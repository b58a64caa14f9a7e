/**
 * A page's llms-full.txt entry made as chunks (the title line with its source, then the rest
 * of the page encoded once for every file the page is in) is the same bytes as entryText,
 * what an entry is: the page's Markdown with `Source: URL` after the first (title) line,
 * trailing space trimmed.
 */
import { describe, expect, it } from 'vitest';
import { entryBody, entryChunks } from '../../../src/render/agents/llms-entries.js';

function entryText(md: string, source: string): string {
  const nl = md.indexOf('\n');
  return nl < 0 ? `${md}\nSource: ${source}` : `${md.slice(0, nl)}\nSource: ${source}\n${md.slice(nl + 1)}`.trimEnd();
}

/** Page Markdown files by what makes each a case: where the title line ends and what trailing spacing is trimmed. */
const CASES: Record<string, string> = {
  'title, description and body': '# Title\n\n> A description.\n\nBody text.\n',
  'title alone': '# Title\n',
  'only spacing after the title': '# Title\n\n  \n\t\n',
  'no line break at all': '# Title',
  'spaces ending the title line': '# Title with trailing spaces   \n',
  'characters past ASCII, Unicode spacing at the end': '# Grüße 日本語 🚀\n\nText with \u00a0 and \u2028 inside, ending in spaces \u00a0 \n\n',
  'a line break first': '\n',
  empty: '',
  'carriage returns': '# T\nline\r\n\r\n',
};

describe('llms-full.txt entries as chunks', () => {
  it('give the bytes of entryText, for each source, with the body encoded once', () => {
    for (const [name, md] of Object.entries(CASES)) {
      const body = entryBody(md);
      for (const source of ['https://docs.example.com/a/b', '../a/b.md']) {
        const chunks = entryChunks(md, source, body);
        expect(Buffer.concat(chunks).toString('utf8'), name).toBe(entryText(md, source));
        // The body is the very same bytes in each entry of the page.
        if (body) expect(chunks[chunks.length - 1]).toBe(body);
      }
    }
  });
});
