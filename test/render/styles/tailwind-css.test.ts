/**
 * Tailwind classes of pages (styles/class-candidates.ts, styles/tailwind-css.ts): the
 * classes pages write become utilities scoped to the page body, dark variants follow the
 * `dark` class the theme switch sets, and nothing restyles Quire's own layout.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectCandidates, type CandidateSources } from '../../../src/render/styles/class-candidates.js';
import { compileTailwind } from '../../../src/render/styles/tailwind-css.js';

function candidates(files: Record<string, string>): CandidateSources {
  const out: CandidateSources = new Map();
  for (const [file, text] of Object.entries(files)) collectCandidates(file, text, out);
  return out;
}

describe('class candidates', () => {
  it('reads className and class attributes of pages, not the examples in code fences', () => {
    const found = candidates({
      'index.mdx': [
        '<img className="block dark:hidden" src="/a.png" />',
        '<img className={"hidden dark:block"} src="/b.png" />',
        "<div class='w-full'>x</div>",
        '<span className={`rounded-xl ${active}`}>y</span>',
        '```jsx',
        '<div className="only-in-an-example" />',
        '```',
        'Text that says class="not an attribute" stays a word only if it looks like one',
      ].join('\n'),
    });
    expect([...found.keys()].sort()).toEqual(['an', 'attribute', 'block', 'dark:block', 'dark:hidden', 'hidden', 'not', 'rounded-xl', 'w-full']);
    expect(found.get('w-full')).toEqual({ file: 'index.mdx', line: 3 });
  });

  it('takes every word of the string literals of component files', () => {
    const found = candidates({ 'snippets/card.jsx': 'export const Card = ({ on }) => <div className={on ? "ring-2 ring-primary" : \'opacity-50\'}>hi</div>;' });
    expect([...found.keys()].sort()).toEqual(['opacity-50', 'ring-2', 'ring-primary']);
  });
});

describe('compileTailwind', () => {
  it('compiles the classes used, scoped to the page body, with dark variants on the dark class', async () => {
    const { css, diagnostics } = await compileTailwind(candidates({ 'index.mdx': '<img className="block dark:hidden p-4 bg-primary not-a-class" />' }));
    expect(diagnostics).toEqual([]);
    expect(css).toMatch(/\.prose \.block\s*\{\s*display: block;/);
    expect(css).toMatch(/\.prose \.dark\\:hidden:where\(\.dark, \.dark \*\)\s*\{\s*display: none;/);
    expect(css).toMatch(/\.prose \.p-4\s*\{\s*padding: calc\(var\(--spacing\) \* 4\);/);
    // Mintlify's colour names map to the site's colours
    expect(css).toMatch(/\.prose \.bg-primary\s*\{\s*background-color: rgb\(var\(--primary\)\);/);
    expect(css).not.toContain('not-a-class');
    // no preflight: nothing aimed at html, body or every element's margins
    expect(css).not.toMatch(/(^|[\s,}])(html|body|h1|img)\s*[,{]/m);
    expect(css).not.toMatch(/margin:\s*0/);
  });

  it('leaves out classes that would load a URL, naming the file and line', async () => {
    const { css, diagnostics } = await compileTailwind(candidates({ 'a.mdx': '\n<div className="bg-[url(https://cdn.example.com/x.png)]" />' }));
    expect(css).toBe('');
    expect(diagnostics).toEqual([
      { severity: 'warning', file: 'a.mdx', line: 2, message: 'a.mdx:2: class "bg-[url(https://cdn.example.com/x.png)]" loads a URL, which Tailwind classes may not do (Mintlify supports no arbitrary values); it is left out: use a CSS file' },
    ]);
  });

  it('writes nothing when no candidate is a Tailwind class, and says nothing of a web address in a component', async () => {
    const found = candidates({ 'a.mdx': '<div className="my-own-class" />', 'snippets/w.jsx': 'const src = "https://widget.example.com/embed.js"; const cls = "my-widget";' });
    await expect(compileTailwind(found)).resolves.toEqual({ css: '', diagnostics: [] });
  });
});

describe('compileTailwind cache', () => {
  it('keeps the last compile in the cache folder, one file replaced when the classes change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-tw-'));
    try {
      const first = await compileTailwind(candidates({ 'a.mdx': '<p className="italic" />' }), dir);
      expect(first.css).toMatch(/\.prose \.italic/);
      const file = join(dir, 'tailwind.css');
      expect(readFileSync(file, 'utf8')).toMatch(/^\/\* [0-9a-f]{64} \*\/\n/);
      const stored = readFileSync(file, 'utf8');
      // the same classes again: the same CSS, and the file is left as it is
      writeFileSync(file, stored);
      await expect(compileTailwind(candidates({ 'b.mdx': '<p className="italic" />' }), dir)).resolves.toEqual(first);
      expect(readFileSync(file, 'utf8')).toBe(stored);
      const other = await compileTailwind(candidates({ 'a.mdx': '<p className="underline" />' }), dir);
      expect(other.css).toMatch(/\.prose \.underline/);
      expect(readFileSync(file, 'utf8')).toContain('text-decoration-line: underline');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
