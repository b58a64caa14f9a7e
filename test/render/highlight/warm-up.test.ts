/**
 * A render thread's warm-up: the grammars of the fence languages named (by alias or id)
 * are loaded and their samples tokenized; unknown languages and blocks past a
 * highlighting bound are skipped without failing the warm-up.
 */
import { describe, expect, it } from 'vitest';
import { warmHighlighter } from '../../../src/render/highlight/warm-up.js';
import { getHighlighter } from '../../../src/render/highlight/highlighter.js';
import { HIGHLIGHT_LIMITS } from '../../../src/render/highlight/dual-tokenize.js';

describe('warmHighlighter', () => {
  it('loads the grammars of the languages named, by alias or id, and skips the rest', async () => {
    const h = await getHighlighter();
    expect(h.getLoadedLanguages()).not.toContain('go');
    await warmHighlighter({
      ts: ['const a: number = 1;'],
      sh: ['curl -X POST "$BASE"'],
      go: ['package x\n\nfunc F() {}'],
      'no-such-language': ['whatever'],
      // One line past the tokenizer's bound: shown as plain text when its page renders.
      json: [`{"a": "${'x'.repeat(HIGHLIGHT_LIMITS.maxLineChars + 1)}"}`],
    });
    const loaded = h.getLoadedLanguages();
    for (const id of ['typescript', 'shellscript', 'go', 'json']) expect(loaded).toContain(id);
    expect(loaded).not.toContain('no-such-language');
  });

  it('loads no grammar for a site without fences, nor for languages Shiki does not know', async () => {
    const h = await getHighlighter();
    const before = [...h.getLoadedLanguages()].sort();
    await warmHighlighter({});
    await warmHighlighter({ 'no-such-language': ['x'], mermaid: ['graph TD'] });
    expect([...h.getLoadedLanguages()].sort()).toEqual(before);
  });
});
