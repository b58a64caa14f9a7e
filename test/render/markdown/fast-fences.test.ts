import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { mdxjs } from 'micromark-extension-mdxjs';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { frontmatter } from 'micromark-extension-frontmatter';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { math } from 'micromark-extension-math';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { extractFences } from '../../../src/render/markdown/fast-fences.js';
import { parseWithMicromark } from '../../../src/render/markdown/micromark-parse.js';
import { SITES } from './site-context.js';

/** The tree without positions and estree data (offsets move when fences are cut out). */
function shape(tree: unknown): string {
  return JSON.stringify(tree, (k, v: unknown) => (k === 'position' || k === 'data' ? undefined : v));
}

const CASES = [
  'Para line\n```js\nconst a = 1;\n```\nnext para',
  '<CodeGroup>\n```bash cURL\ncurl x\n```\n```python Py {1}\nprint(1)\n```\n</CodeGroup>',
  '- item\n```\ncode after list\n```\n- item 2',
  '> quote\n```\nafter quote\n```',
  '~~~md\n```\nnested backticks\n```\n~~~',
  '````\n```\ninner\n```\n````\n\ntext',
  '```\n\n  indented\n\n```',
  '```js\n```',
  '# Title\n```ts title="a.ts" {2-3}\nx\ny\nz\n```\n## After',
  '<Tabs>\n  <Tab title="A">\n    ```js\n    indented();\n    ```\n  </Tab>\n</Tabs>',
  'export const x = 1;\n\n```js\nafter esm\n```',
  '---\ntitle: "```"\n---\n\n```\nbody\n```',
  '```js\nunclosed fence',
  'Text `` ``` `` inline\n\n```\nreal\n```',
  '1. one\n\n   ```js\n   in list\n   ```\n\n2. two',
  '```js\n   ```\n```',
  '{/* a comment */}\n\n```\nafter expression\n```',
  // micromark keeps the spaces after a meta, splits the info at a space or tab only
  '```bash New \nnpm i\n```\n\n```js  \nx\n```\n\n```py\u00a0a \t\ny\n```\n\n```sh\ta\nz\n```',
];

describe('extractFences', () => {
  it.each(CASES)('parses %j to the same tree as micromark alone', (source) => {
    const without = parseWithoutExtraction(source);
    expect(without).not.toBeNull();
    expect(shape(parseWithMicromark(source).tree)).toBe(shape(without));
  });

  it('cuts out column-0 fences only', () => {
    expect(extractFences(CASES[1])?.fences.map((f) => [f.lang, f.meta, f.value])).toEqual([['bash', 'cURL', 'curl x'], ['python', 'Py {1}', 'print(1)']]);
    expect(extractFences(CASES[9])).toBeNull();
    expect(extractFences('no code here')).toBeNull();
  });

  it('gives the same trees as parsing without extraction on every fixture and corpus-like page', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.mdx?$/.test(f)) files.push(p);
      }
    };
    walk(SITES);
    const sources = [...files.map((f) => readFileSync(f, 'utf8')), ...CASES];
    let extracted = 0;
    for (const source of sources) {
      const x = extractFences(source);
      if (x) extracted++;
      const withExtraction = parseWithMicromark(source);
      const without = parseWithoutExtraction(source);
      if (without === null) continue; // not valid MDX: both fall back the same way
      expect(shape(withExtraction.tree), source.slice(0, 80)).toBe(shape(without));
    }
    expect(extracted).toBeGreaterThan(5);
  });

  it('keeps line numbers of what follows the fences', () => {
    const tree = parseWithMicromark('```js\na\nb\n```\n\n## Heading\n\n{process.exit(1)}').tree;
    expect(tree.children[0]).toMatchObject({ type: 'code', lang: 'js', value: 'a\nb', position: { start: { line: 1 }, end: { line: 4 } } });
    expect(tree.children[1].position?.start.line).toBe(6);
    expect(tree.children[2].position?.start.line).toBe(8);
  });
});

function parseWithoutExtraction(source: string) {
  try {
    return fromMarkdown(source, {
      extensions: [mdxjs(), gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem(), frontmatter(['yaml']), math()],
      mdastExtensions: [mdxFromMarkdown(), gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown(), frontmatterFromMarkdown(['yaml']), mathFromMarkdown()],
    });
  } catch {
    return null; // not valid MDX: the caller skips the comparison
  }
}
