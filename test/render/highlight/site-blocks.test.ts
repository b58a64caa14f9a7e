/**
 * The scan of a site's code blocks for the highlight thread: each block as the renderer will
 * ask for it (language and meta as written, the code with its opener's indentation off), so
 * that what the highlight thread hands over is found when the page renders. Checked against
 * the Markdown parser itself.
 */
import { describe, expect, it } from 'vitest';
import type { Nodes } from 'mdast';
import { codeBlocks, readSnippets, siteCodeBlocks, snippetsOf, MAX_SITE_BLOCKS } from '../../../src/render/highlight/site-blocks.js';
import { parsePage } from '../../../src/render/markdown/parse.js';
import { twoslashBlockOf, twoslashBlocks } from '../../../src/render/highlight/twoslash-blocks.js';

/** The code nodes the page's parser gives, as [lang, meta, code] (what the renderer asks for). */
async function parsedBlocks(source: string): Promise<[string, string, string][]> {
  const { tree } = await parsePage(source);
  const out: [string, string, string][] = [];
  const visit = (n: Nodes) => {
    if (n.type === 'code' && n.lang) out.push([n.lang, n.meta ?? '', n.value]);
    if ('children' in n) for (const child of n.children as Nodes[]) visit(child);
  };
  visit(tree);
  return out;
}

const PAGE = [
  '---',
  'title: Blocks',
  '---',
  '',
  'Some text.',
  '',
  '```TypeScript title="a.ts" {1,3}  ',
  'const a = 1;',
  '',
  '  indented();',
  '```',
  '',
  '<CodeGroup>',
  '  ```bash npm',
  '  npm i quire',
  '    --save',
  '  ```',
  '',
  '  ```bash yarn',
  '  yarn add quire',
  '  ```',
  '</CodeGroup>',
  '',
  '````md',
  '```js',
  'inner();',
  '```',
  '````',
  '',
  '~~~json',
  '{"a": 1}',
  '~~~',
  '',
  '```',
  'no language',
  '```',
  '',
  '```ts twoslash',
  'const typed = 1;',
  '```',
].join('\n');

describe('codeBlocks', () => {
  it('finds the blocks the parser gives, with language and meta as written and the opener indentation off', async () => {
    const found = codeBlocks(PAGE);
    expect(found).toEqual(await parsedBlocks(PAGE));
    expect(found).toEqual([
      ['TypeScript', 'title="a.ts" {1,3}  ', 'const a = 1;\n\n  indented();'],
      ['bash', 'npm', 'npm i quire\n  --save'],
      ['bash', 'yarn', 'yarn add quire'],
      ['md', '', '```js\ninner();\n```'],
      ['json', '', '{"a": 1}'],
      ['ts', 'twoslash', 'const typed = 1;'],
    ]);
  });

  it('lists Twoslash blocks too (the highlight thread draws them once typed), as twoslash-blocks.ts finds them', () => {
    const typed = codeBlocks(PAGE).filter(([, meta]) => meta.includes('twoslash'));
    expect(typed).toHaveLength(1);
    expect(typed.map(([lang, meta, code]) => twoslashBlockOf(lang, meta, code))).toEqual(twoslashBlocks(PAGE));
    expect(twoslashBlocks(PAGE).map((b) => b.code)).toEqual(['const typed = 1;']);
  });

  it('takes a backtick in a backtick fence info string as no fence', () => {
    expect(codeBlocks('```js `x`\nnot code\n```\n\n```py\nprint(1)\n```\n')).toEqual([]);
    expect(codeBlocks('``` js `x`\n\n~~~py\nprint(1)\n~~~\n')).toEqual([['py', '', 'print(1)']]);
  });

  it('reads a page written on Windows as the parser does (CRLF and CR line endings)', async () => {
    const windows = PAGE.replace(/\n/g, '\r\n');
    expect(codeBlocks(windows)).toEqual(await parsedBlocks(windows));
    expect(codeBlocks(windows)).toEqual(codeBlocks(PAGE));
    expect(codeBlocks('```js\rx()\r```\r')).toEqual([['js', '', 'x()']]);
    // The Twoslash scan reads the same fences.
    expect(twoslashBlocks(windows)).toEqual(twoslashBlocks(PAGE));
  });
});

describe('siteCodeBlocks', () => {
  it('lists the pages with blocks, in order, within the bound', () => {
    const sources = new Map([
      ['a.mdx', '```js\na()\n```\n'],
      ['b.mdx', 'No code.'],
      ['c.mdx', '```py\nc()\n```\n```go\nd()\n```\n'],
    ]);
    expect(siteCodeBlocks(sources)).toEqual([
      ['a.mdx', [['js', '', 'a()']]],
      ['c.mdx', [['py', '', 'c()'], ['go', '', 'd()']]],
    ]);
    const many = new Map([['big.mdx', '```js\nx()\n```\n'.repeat(MAX_SITE_BLOCKS + 5)], ['after.mdx', '```js\ny()\n```\n']]);
    const listed = siteCodeBlocks(many);
    expect(listed).toHaveLength(1);
    expect(listed[0][1]).toHaveLength(MAX_SITE_BLOCKS);
  });
});

describe('the blocks of snippets', () => {
  const files: Record<string, string> = {
    'guide/page.mdx': "import Install from '/snippets/install.mdx';\nimport Local from './local.mdx';\nimport Comp from '/snippets/comp.jsx';\nimport { x } from 'react';\n\n<Install />\n<Snippet file=\"legacy.mdx\" />\n",
    'snippets/install.mdx': "import Nested from '/snippets/nested.mdx';\n\n```bash\nnpm i quire\n```\n",
    'snippets/nested.mdx': '```go\npackage nested\n```\n',
    'guide/local.mdx': '```py\nlocal()\n```\n',
    '_snippets/legacy.mdx': '```rb\nlegacy\n```\n',
    'outside.mdx': "import Up from '../../etc/passwd.mdx';\n",
  };
  const read = (file: string) => (file in files ? Promise.resolve(files[file]) : Promise.reject(new Error(`no ${file}`)));

  it('names the MDX snippets a page imports or places, by the renderer rules, never a path out of the folder or a code file', () => {
    expect(snippetsOf('guide/page.mdx', files['guide/page.mdx'])).toEqual(['snippets/install.mdx', 'guide/local.mdx', 'snippets/legacy.mdx', '_snippets/legacy.mdx']);
    expect(snippetsOf('outside.mdx', files['outside.mdx'])).toEqual([]);
  });

  it('reads them, nested ones too, and gives each page its own blocks then those of its snippets', async () => {
    const sources = new Map([['guide/page.mdx', files['guide/page.mdx']]]);
    const snippets = await readSnippets(sources, read);
    expect([...snippets.keys()].sort()).toEqual(['_snippets/legacy.mdx', 'guide/local.mdx', 'snippets/install.mdx', 'snippets/nested.mdx']);
    expect(siteCodeBlocks(sources, snippets)).toEqual([
      ['guide/page.mdx', [['bash', '', 'npm i quire'], ['go', '', 'package nested'], ['py', '', 'local()'], ['rb', '', 'legacy']]],
    ]);
  });
});
