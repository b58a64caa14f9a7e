import { describe, expect, it } from 'vitest';
import { parseCodeMeta } from '../../../src/render/highlight/code-meta.js';
import { readNotation } from '../../../src/render/highlight/code-notation.js';
import { compact, render } from '../components/render-helper.js';

describe('code fence meta', () => {
  it('reads the title, icon, flags and line sets in every quoting style of create/code.mdx', () => {
    const m = parseCodeMeta('HelloWorld.java example icon=java lines highlight={1-2,5} focus="3" wrap expandable');
    expect(m.title).toBe('HelloWorld.java example');
    expect(m.icon).toBe('java');
    expect([m.lines, m.wrap, m.expandable, m.nocopy, m.twoslash]).toEqual([true, true, true, false, false]);
    expect([...m.highlight]).toEqual([1, 2, 5]);
    expect([...m.focus]).toEqual([3]);
    expect(parseCodeMeta('title="No copy" nocopy').nocopy).toBe(true);
    expect(parseCodeMeta('nocopy="false"').nocopy).toBe(false);
    expect(parseCodeMeta("icon='square-js' Title here {1}").title).toBe('Title here');
  });
});

describe('notation comments', () => {
  it('marks diff, focus and highlight lines and removes the markers', () => {
    const { code, marks } = readNotation('a(); // [!code ++]\nb(); # [!code --:2]\nc();\nd(); // keep [!code focus]\n<p/> <!-- [!code hl] -->');
    expect(code).toBe('a();\nb();\nc();\nd(); // keep\n<p/>');
    expect([...marks.entries()].map(([n, s]) => [n, [...s]])).toEqual([[1, ['add']], [2, ['remove']], [3, ['remove']], [4, ['focus']], [5, ['highlight']]]);
  });

  it('leaves code without markers untouched', () => {
    const src = 'const x = "[!code"; // not a marker';
    expect(readNotation(src)).toEqual({ code: src, marks: new Map() });
  });
});

describe('code blocks with options', () => {
  it('numbers lines, wraps, marks focus and diff, shows the title icon', async () => {
    const page = await render('```js Example icon=js lines wrap focus=2\nconst a = 1; // [!code ++]\nconst b = 2;\n```');
    expect(page.diagnostics).toEqual([]);
    const out = compact(page.html);
    expect(out).toContain('<pre class="q-code-pre shiki q-code-lines q-code-wrap has-focused has-diff" data-lang="js" tabindex="0">');
    expect(out).toMatch(/<span class="line diff add">.*const.*<\/span>\n<span class="line focused">/);
    expect(out).not.toContain('[!code');
    expect(out).toMatch(/<div class="q-code-header"><svg[^>]*class="q-icon q-code-icon"[^>]*data-icon="js"/);
    expect(out).toMatchSnapshot();
  });

  it('expandable adds the (hidden until JS) expand button; nocopy drops the copy button', async () => {
    const exp = compact((await render('```py Long expandable\nx = 1\ny = 2\nz = 3\n```')).html);
    expect(exp).toContain('data-code data-lang="py" data-expandable>');
    expect(exp).toContain('<button type="button" class="q-code-copy" data-copy aria-label="Copy code"><span class="q-code-copy-label">Copy</span></button>');
    expect(exp).toContain('<button type="button" class="q-code-expand" data-code-expand aria-expanded="false" hidden>Expand (3 lines)</button></div>');
    // A page in another language has the buttons in its words.
    const de = (await render('```py Long expandable\nx = 1\ny = 2\nz = 3\n```\n\n```mermaid\ngraph TD; A-->B\n```', { language: 'de' })).html;
    expect(de).toContain('<button type="button" class="q-code-copy" data-copy aria-label="Code kopieren"><span class="q-code-copy-label">Kopieren</span></button>');
    expect(de).toContain('hidden>Ausklappen (3 Zeilen)</button>');
    expect(de).toContain('<span class="q-code-title">Diagramm (Mermaid-Quelltext)</span>');
    expect(de).not.toMatch(/>Copy<|>Expand|Mermaid source/);
    const nocopy = (await render('```text Plain nocopy\nA -> B\n```')).html;
    expect(nocopy).not.toContain('data-copy');
    const bare = await render('```nocopy\nA -> B\n```');
    expect(bare.html).not.toContain('data-copy');
    expect(bare.html).not.toContain('nocopy</span>');
  });

  it('CodeBlock renders like the fence with the same options', async () => {
    const page = await render('<CodeBlock language="js" filename="a.js" lines highlight="[2]">\nconst a = 1;\nconst b = 2;\n</CodeBlock>');
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('<span class="q-code-title">a.js</span>');
    expect(page.html).toContain('q-code-lines');
    expect(page.html).toMatch(/<span class="line highlighted">.*b.*<\/span><\/code>/);
  });
});
