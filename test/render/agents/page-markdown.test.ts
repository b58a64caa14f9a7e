/**
 * The Markdown version of pages: every component's readable form, Visibility both ways,
 * links to other pages pointing at their `.md`, snippets and literal values expanded.
 */
import { describe, expect, it } from 'vitest';
import { COMPONENT_NAMES } from '../../../src/render/components/registry.js';
import { COMPONENT_MARKDOWN } from '../../../src/render/agents/component-markdown.js';
import { markdownFile } from '../../../src/render/agents/markdown-file.js';
import { EMPTY_CONFIG, render } from '../components/render-helper.js';

async function md(source: string): Promise<string> {
  const page = await render(source);
  expect(page.diagnostics).toEqual([]);
  return page.markdown ?? '';
}

describe('Markdown of components', () => {
  it('every registered component has a Markdown form', () => {
    expect(COMPONENT_NAMES.filter((n) => !Object.hasOwn(COMPONENT_MARKDOWN, n) && n !== 'Visibility' && !n.startsWith('Tree') && !n.startsWith('FileTree.'))).toEqual([]);
  });

  it.each(['Note', 'Info', 'Tip', 'Warning', 'Check', 'Danger'])('%s is a blockquote led by its label', async (name) => {
    expect(await md(`<${name}>\n  Mind **this**.\n\n  Second.\n</${name}>`)).toBe(`> **${name}:** Mind **this**.\n>\n> Second.`);
  });

  it('Callout is a blockquote without a label', async () => {
    expect(await md('<Callout icon="key">Custom</Callout>')).toBe('> Custom');
  });

  it('Tabs are headed sections one level below the last heading', async () => {
    const out = await md('## Install\n\n<Tabs>\n  <Tab title="npm">\n    Run npm.\n  </Tab>\n  <Tab title="pnpm">\n    Run pnpm.\n  </Tab>\n</Tabs>');
    expect(out).toBe('## Install\n\n### npm\n\nRun npm.\n\n### pnpm\n\nRun pnpm.');
  });

  it('a CodeGroup is a section per fence, titled from its meta', async () => {
    const out = await md('<CodeGroup>\n\n```bash cURL\ncurl x\n```\n\n```python Python\nprint(1)\n```\n\n</CodeGroup>');
    expect(out).toBe('## cURL\n\n```bash cURL\ncurl x\n```\n\n## Python\n\n```python Python\nprint(1)\n```');
  });

  it('RequestExample and ResponseExample are headed', async () => {
    const out = await md('<ResponseExample>\n\n```json 200\n{"ok": true}\n```\n\n</ResponseExample>');
    expect(out).toBe('## Response example\n\n```json 200\n{"ok": true}\n```');
  });

  it('cards are links with their text; a CardGroup is one list', async () => {
    const out = await md('<CardGroup cols={2}>\n  <Card title="Start" icon="rocket" href="/ok/start">Begin here.</Card>\n  <Card title="Plain">No link.</Card>\n</CardGroup>');
    expect(out).toBe('- [Start](/ok/start.md): Begin here.\n- **Plain**: No link.');
  });

  it('Steps are a numbered list with bold titles', async () => {
    const out = await md('<Steps>\n  <Step title="Install">\n    Run it.\n  </Step>\n  <Step title="Use">\n    Call it.\n  </Step>\n</Steps>');
    expect(out).toBe('1. **Install**\n\n   Run it.\n\n2. **Use**\n\n   Call it.');
  });

  it('an Accordion is a headed section; AccordionGroup adds nothing', async () => {
    const out = await md('<AccordionGroup>\n  <Accordion title="Why?" description="Short">\n    Because.\n  </Accordion>\n</AccordionGroup>');
    expect(out).toBe('## Why?\n\n_Short_\n\nBecause.');
  });

  it('fields are one list of name (type, badges): description', async () => {
    const out = await md('<ParamField query="limit" type="integer" default={10} required>\n  How many.\n</ParamField>\n<ParamField header="X-Key" type="string">\n  The key.\n</ParamField>\n\n<ResponseField name="id" type="string" deprecated>\n  The id.\n\n  <Expandable title="properties">\n    <ResponseField name="inner" type="number">Nested.</ResponseField>\n  </Expandable>\n</ResponseField>');
    expect(out).toBe(
      '- `limit` (query, integer, required, default: 10): How many.\n- `X-Key` (header, string): The key.\n' +
        '- `id` (string, deprecated): The id.\n\n  **properties**\n  - `inner` (number): Nested.',
    );
  });

  it('Frame keeps its content and caption; Icon leaves nothing; Badge and Tooltip their text', async () => {
    expect(await md('<Frame caption="The screen">\n  <img src="/images/a.png" alt="Shot" />\n</Frame>')).toBe('![Shot](/assets/images/a.png)\n\n_The screen_');
    expect(await md('Look <Icon icon="star" /> here <Badge color="blue">New</Badge> and <Tooltip tip="Application interface">API</Tooltip>.')).toBe('Look  here New and API (Application interface).');
  });

  it('Update is an H2 with its description and tags', async () => {
    expect(await md('<Update label="2024-05-01" description="v1.2" tags={["API", "Fix"]}>\n  Fixed it.\n</Update>')).toBe('## 2024-05-01\n\n_v1.2 · API, Fix_\n\nFixed it.');
  });

  it('Tree is a nested list', async () => {
    const out = await md('<Tree>\n  <Tree.Folder name="src" defaultOpen>\n    <Tree.File name="index.ts" />\n  </Tree.Folder>\n  <Tree.File name="README.md" />\n</Tree>');
    expect(out).toBe('- `src/`\n  - `index.ts`\n- `README.md`');
  });

  it('Panel and Columns give their content', async () => {
    expect(await md('<Panel>\n  Side note.\n</Panel>')).toBe('Side note.');
    expect(await md('<Columns cols={2}>\n  <Card title="A" href="/ok/a">One</Card>\n</Columns>')).toBe('- [A](/ok/a.md): One');
  });
});

describe('Visibility', () => {
  const source = 'Before.\n\n<Visibility for="humans">\n  Click **Get started**.\n</Visibility>\n\n<Visibility for="agents">\n  Call `POST /v1/accounts`.\n</Visibility>\n\nAfter.';

  it('the Markdown has the agents part and not the humans part', async () => {
    expect(await md(source)).toBe('Before.\n\nCall `POST /v1/accounts`.\n\nAfter.');
  });

  it('the HTML has the humans part and not the agents part', async () => {
    const page = await render(source);
    expect(page.html).toContain('Click <strong>Get started</strong>.');
    expect(page.html).not.toContain('POST /v1/accounts');
  });

  it('an unknown audience is shown to both, with a warning', async () => {
    const page = await render('<Visibility for="robots">Both.</Visibility>');
    expect(page.html).toContain('Both.');
    expect(page.markdown).toBe('Both.');
    expect(page.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('expected "humans" or "agents"')]);
  });
});

describe('Markdown of Markdown', () => {
  it('links to pages go to their .md, anchors and other hosts stay, unsafe ones go', async () => {
    const out = (await render('See [start](/ok/start), [top](#top), [site](https://example.com) and [bad](javascript:alert(1)).')).markdown;
    expect(out).toBe('See [start](/ok/start.md), [top](#top), [site](https://example.com) and bad.');
  });

  it('keeps tables, lists, code, math and literal expressions; drops imports and raw scripts', async () => {
    const out = await md('export const n = 3;\n\n| a | b |\n|---|---|\n| 1 | {n} |\n\n- one\n- two\n\n```js\nlet x;\n```\n\n$$\nx^2\n$$\n\n<div>In a div</div>');
    expect(out).toBe('| a | b |\n| - | - |\n| 1 | 3 |\n\n- one\n- two\n\n```js\nlet x;\n```\n\n$$\nx^2\n$$\n\nIn a div');
  });

  it('the file has the title, the description and docs.json agent instructions', () => {
    const config = { ...EMPTY_CONFIG, raw: { markdown: { instructions: ['Cite the version.', 'Prefer TypeScript.'] } } };
    expect(markdownFile(config, { title: 'Intro *1*', description: 'What it is.', markdown: 'Body.' })).toBe(
      '# Intro \\*1\\*\n\n> What it is.\n\n> ## Agent Instructions\n> Cite the version.\n> Prefer TypeScript.\n\nBody.\n',
    );
  });
});

describe('Markdown of the newer built-ins', () => {
  it('gives a prompt its text, a tile its link, a repository its URL, a view its section, a colour its value', async () => {
    expect(await md('<Prompt description="Set up the project">\n  Create a docs.json with **two** tabs.\n</Prompt>')).toBe('**Set up the project**\n\nCreate a docs.json with **two** tabs.');
    expect(await md('<GitHub.Repo repo="mintlify/docs" />')).toBe('[mintlify/docs](https://github.com/mintlify/docs)');
    expect(await md('<Color.Item name="Brand" value="#16A34A" />')).toBe('**Brand**: `#16A34A`');
    expect(await md('<Heading level={3}>Deep</Heading>')).toBe('### Deep');
    expect(await md('<FileTree>\n  <FileTree.Folder name="src">\n    <FileTree.File name="a.ts" />\n  </FileTree.Folder>\n</FileTree>')).toBe('- `src/`\n  - `a.ts`');
  });
});
