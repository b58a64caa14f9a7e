/**
 * A grammar comes with the supported languages it embeds lazily (MDX's JSX and fences,
 * Markdown's fences), so a block highlights the same whatever the thread loaded before it.
 * Its own file: the highlighter is one per module instance, fresh here.
 */
import { describe, expect, it, vi } from 'vitest';
import type { LanguageRegistration } from 'shiki/core';
import { ensureLanguages, getHighlighter } from '../../../src/render/highlight/highlighter.js';
import { tokenizeDual } from '../../../src/render/highlight/dual-tokenize.js';
import { DARK_THEME, LIGHT_THEME } from '../../../src/render/highlight/highlighter.js';

describe('ensureLanguages', () => {
  it('loads the languages an MDX block may embed with the MDX grammar, and highlights its JSX', async () => {
    const fresh = await getHighlighter();
    expect(fresh.getLoadedLanguages()).not.toContain('tsx');
    const calls: string[][] = [];
    const loadSync = fresh.loadLanguageSync.bind(fresh);
    const spy = vi.spyOn(fresh, 'loadLanguageSync').mockImplementation((...langs) => {
      calls.push(langs.flatMap((l): LanguageRegistration[] => (Array.isArray(l) ? l : [l])).map((r) => r.name));
      loadSync(...langs);
    });
    const h = await ensureLanguages(['mdx']);
    spy.mockRestore();
    // Each grammar is handed to Shiki after every grammar it embeds lazily: Shiki rebuilds a
    // grammar (and drops its compiled rules) when a language it embeds lazily loads after it.
    const names = calls.flat();
    expect(names.filter((n) => n === 'mdx')).toHaveLength(1);
    for (const [id, embedded] of [['mdx', 'tsx'], ['mdx', 'yaml'], ['markdown', 'python'], ['markdown', 'css']]) {
      expect(names.indexOf(embedded), `${embedded} before ${id}`).toBeLessThan(names.indexOf(id));
      expect(names.indexOf(embedded), embedded).toBeGreaterThanOrEqual(0);
    }
    const loaded = h.getLoadedLanguages();
    for (const id of ['mdx', 'tsx', 'markdown', 'yaml', 'shellscript', 'python']) expect(loaded, id).toContain(id);
    // Not embedded by MDX (nor by what it embeds): left for a block of its own.
    expect(loaded).not.toContain('solidity');
    const lines = tokenizeDual(h, '<Card title="Start" href="/quickstart">\n  Go\n</Card>', 'mdx', LIGHT_THEME, DARK_THEME);
    // The tag is split into the tag name, the attribute names and their values.
    expect(lines[0].length).toBeGreaterThan(4);
  });
});
