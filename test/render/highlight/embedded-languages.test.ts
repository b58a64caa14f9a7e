/**
 * A grammar comes with the supported languages it embeds lazily, and a Markdown or MDX
 * block with the languages its own inner fences name (blockLanguages), so a block
 * highlights the same whatever the thread loaded before it: here, as with every supported
 * grammar loaded. Its own file: the highlighter is one per module instance, fresh here.
 */
import { createHighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { bundledLanguagesInfo } from 'shiki/langs';
import { describe, expect, it, vi } from 'vitest';
import { tokenizeDual } from '../../../src/render/highlight/dual-tokenize.js';
import {
  DARK_THEME, FENCE_EMBEDDERS, LIGHT_THEME, SUPPORTED_LANGUAGES, blockLanguages, ensureLanguages, getHighlighter,
} from '../../../src/render/highlight/highlighter.js';

const MDX_BLOCK = [
  '---', 'title: Start', '---', '', "import { Card } from '/snippets/card.mdx';", '',
  '<Card title="Start" href="/quickstart">', '  Go {props.name}', '</Card>', '',
  '```python', 'def hello(name: str) -> str:', '    return f"hi {name}"', '```', '',
  '  ```bash', '  npm i -g mint', '  ```',
].join('\n');
const MARKDOWN_BLOCK = ['# Title', '', 'Text with <kbd>Ctrl</kbd> and **bold**.', '', '```go', 'func main() { fmt.Println("x") }', '```', ''].join('\n');

function external(rules: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(rules)) for (const r of rules) external(r, into);
  else if (rules && typeof rules === 'object') {
    for (const [k, v] of Object.entries(rules)) {
      if (k === 'include' && typeof v === 'string' && !v.startsWith('#') && !v.startsWith('$')) into.add(v.split('#')[0]);
      else external(v, into);
    }
  }
  return into;
}

describe('ensureLanguages', () => {
  it('hands each grammar to Shiki after those it embeds, and loads no fence language an MDX block does not name', async () => {
    const fresh = await getHighlighter();
    expect(fresh.getLoadedLanguages()).not.toContain('tsx');
    const calls: string[][] = [];
    const loadSync = fresh.loadLanguageSync.bind(fresh);
    const spy = vi.spyOn(fresh, 'loadLanguageSync').mockImplementation((...langs) => {
      calls.push(langs.flatMap((l): LanguageRegistration[] => (Array.isArray(l) ? l : [l])).map((r) => r.name));
      loadSync(...langs);
    });
    const langs = blockLanguages('mdx', MDX_BLOCK);
    expect(langs).toEqual(['mdx', 'python', 'bash']);
    const h = await ensureLanguages(langs);
    spy.mockRestore();
    // Shiki rebuilds a loaded grammar (and drops its compiled rules) when a language it embeds lazily loads after it.
    const names = calls.flat();
    expect(names.filter((n) => n === 'mdx')).toHaveLength(1);
    for (const embedded of ['tsx', 'yaml', 'toml', 'python', 'shellscript']) {
      expect(names.indexOf(embedded), embedded).toBeGreaterThanOrEqual(0);
      expect(names.indexOf(embedded), `${embedded} before mdx`).toBeLessThan(names.indexOf('mdx'));
    }
    const loaded = h.getLoadedLanguages();
    // Named by no fence of the block: left for a block that names it (they were all loaded with mdx before).
    for (const id of ['go', 'rust', 'java', 'solidity', 'markdown']) expect(loaded, id).not.toContain(id);
  });

  it('highlights Markdown and MDX blocks as with every supported grammar loaded', async () => {
    const full = await createHighlighterCore({
      themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
      langs: [],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
    // Every supported grammar, one at a time (the test runner's messages get through), Markdown and MDX last.
    const all = bundledLanguagesInfo.filter((l) => SUPPORTED_LANGUAGES.includes(l.id));
    for (const info of [...all.filter((l) => !(l.id in FENCE_EMBEDDERS)), ...all.filter((l) => l.id in FENCE_EMBEDDERS)]) {
      await full.loadLanguage(await info.import());
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const [lang, code] of [['mdx', MDX_BLOCK], ['markdown', MARKDOWN_BLOCK], ['md', MARKDOWN_BLOCK.replace('go', 'js')]]) {
      const h = await ensureLanguages(blockLanguages(lang, code));
      const mine = tokenizeDual(h, code, lang, LIGHT_THEME, DARK_THEME);
      expect(mine, lang).toEqual(tokenizeDual(full, code, lang, LIGHT_THEME, DARK_THEME));
    }
    // The JSX, the inline HTML and the inner fences are highlighted (more than one token on their lines).
    const h = await getHighlighter();
    const mdx = tokenizeDual(h, MDX_BLOCK, 'mdx', LIGHT_THEME, DARK_THEME);
    expect(mdx[6].length).toBeGreaterThan(4);
    expect(mdx[11].length).toBeGreaterThan(3);
    expect(tokenizeDual(h, MARKDOWN_BLOCK, 'markdown', LIGHT_THEME, DARK_THEME)[5].length).toBeGreaterThan(3);
    full.dispose();
  }, 120_000);

  it('knows every language Markdown and MDX embed outside their fences', async () => {
    for (const [id, always] of Object.entries(FENCE_EMBEDDERS)) {
      const info = bundledLanguagesInfo.find((l) => l.id === id)!;
      const grammar = (await info.import()).default.find((r) => r.name === id)!;
      // Scopes included by rules that are not fenced blocks (front matter, JSX, ESM, inline HTML).
      const outside = new Set<string>();
      for (const [rule, body] of Object.entries(grammar.repository ?? {})) if (!/fenced/.test(rule)) external(body, outside);
      external(grammar.patterns, outside);
      const scopes = new Set<string>();
      for (const a of always) {
        const registrations = (await bundledLanguagesInfo.find((l) => l.id === a)!.import()).default;
        scopes.add(registrations.find((r) => r.name === a)!.scopeName);
      }
      expect([...outside].sort(), id).toEqual([...scopes].sort());
    }
  });
});
