import { describe, expect, it } from 'vitest';
import { COMPONENT_NAMES } from '../../../src/render/components/registry.js';
import { EMPTY_CONFIG, compact, render } from './render-helper.js';

async function html(source: string): Promise<string> {
  const page = await render(source);
  expect(page.diagnostics).toEqual([]);
  return compact(page.html);
}

describe('callouts', () => {
  it.each(['Note', 'Info', 'Tip', 'Warning', 'Check', 'Danger'])('%s is an aside with role=note, an icon and its content', async (name) => {
    const out = await html(`<${name}>\n  Mind **this**.\n</${name}>`);
    const kind = name.toLowerCase();
    expect(out).toContain(`<aside class="q-callout callout q-callout-${kind}" data-callout="${kind}" role="note" aria-label="${name}">`);
    expect(out).toContain('<div class="q-callout-content"><p>Mind <strong>this</strong>.</p></div></aside>');
    expect(out).toMatch(/<svg[^>]*class="q-icon q-callout-icon"/);
    expect(out).toMatchSnapshot();
  });

  it("names each callout and colour swatch in the page's language for screen readers", async () => {
    const page = await render('<Note>n</Note>\n\n<Warning>w</Warning>\n\n<Callout>c</Callout>', { language: 'fr' });
    expect([...page.html.matchAll(/role="note" aria-label="([^"]+)"/g)].map((m) => m[1])).toEqual(['Remarque', 'Avertissement', 'Encadré']);
    const swatch = await render('<Color variant="compact">\n  <Color.Item name="blue" value="#3B82F6" />\n</Color>', { language: 'de' });
    expect(swatch.html).toContain('aria-label="Kopieren #3B82F6"');
  });

  it('Callout takes its own icon and a safe color only', async () => {
    expect(await html('<Callout icon="key" color="#FFC107">Custom</Callout>')).toMatchSnapshot();
    const bad = await html('<Callout color="red;background:url(x)">Custom</Callout>');
    expect(bad).not.toContain('style=');
  });

  it('an inline callout is not wrapped in a paragraph', async () => {
    const out = await html('<Warning>Careful.</Warning>');
    expect(out.startsWith('<aside')).toBe(true);
    expect(out).not.toContain('<p><aside');
  });
});

describe('cards', () => {
  it('Card with href is one link, with icon, title and content', async () => {
    const out = await html('<Card title="Start" icon="rocket" href="/ok/start">Go **now**.</Card>');
    expect(out).toMatch(/^<a class="q-card card" data-card href="\/ok\/start\.html">/);
    expect(out).toContain('data-icon="rocket"');
    expect(out).toContain('<span class="q-card-title">Start</span>');
    expect(out).toMatchSnapshot();
  });

  it('Card without href is a div; img goes through the asset resolver', async () => {
    const out = await html('<Card title="Pic" img="/images/a.png">Text</Card>');
    expect(out).toMatch(/^<div class="q-card card" data-card>/);
    expect(out).toContain('<img class="q-card-img" src="/assets/images/a.png"');
  });

  it('CardGroup and Columns carry the column count, clamped to 1..4', async () => {
    expect(await html('<CardGroup cols={3}>\n  <Card title="A">a</Card>\n</CardGroup>')).toMatchSnapshot();
    expect(await html('<Columns cols={9}>\n  <Card title="A">a</Card>\n</Columns>')).toContain('<div class="q-columns columns" data-cols="4">');
    expect(await html('<CardGroup>\n  <Card title="A">a</Card>\n</CardGroup>')).toContain('data-cols="2"');
  });
});

describe('tabs and code groups', () => {
  it('Tabs: tablist, first panel visible, others hidden, ids wired', async () => {
    const out = await html('<Tabs>\n  <Tab title="One">\n    First.\n  </Tab>\n  <Tab title="Two">\n    Second.\n  </Tab>\n</Tabs>');
    expect(out).toContain('<div class="q-tabs" data-tabs id="tabs-1"><div class="q-tab-list" role="tablist">');
    expect(out).toContain('<button type="button" role="tab" class="q-tab" id="one" aria-selected="true" aria-controls="tabs-1-panel-1" tabindex="0">One</button>');
    expect(out).toContain('id="two" aria-selected="false" aria-controls="tabs-1-panel-2" tabindex="-1">Two</button>');
    expect(out).toMatch(/id="tabs-1-panel-1" aria-labelledby="one" tabindex="0"><p>First\.<\/p>/);
    expect(out).toMatch(/id="tabs-1-panel-2" aria-labelledby="two" tabindex="0" hidden><p>Second\.<\/p>/);
    expect(out).toMatchSnapshot();
  });

  it('a Tab is an anchor as Mintlify makes it: its title as a slug, or its own id', async () => {
    // Shaped after Mintlify's deploy/authentication-setup: links to #oauth-2-0 open the "OAuth 2.0" tab.
    const out = await html('## OAuth 2.0 prerequisites\n\n<Tabs>\n  <Tab title="OAuth 2.0">\n    o\n  </Tab>\n  <Tab title="JWT" id="json-web-token">\n    j\n  </Tab>\n  <Tab title="OAuth 2.0">\n    again\n  </Tab>\n</Tabs>');
    expect(out).toContain('id="oauth-2-0-prerequisites"');
    expect(out).toMatch(/role="tab" class="q-tab" id="oauth-2-0" aria-selected="true"[^>]*>OAuth 2\.0</);
    expect(out).toMatch(/role="tab" class="q-tab" id="json-web-token"[^>]*>JWT</);
    expect(out).toMatch(/role="tab" class="q-tab" id="oauth-2-0-2"[^>]*>OAuth 2\.0</);
    // code groups keep generated ids: their titles are languages, repeated on every page
    expect(await html('<CodeGroup>\n\n```bash cURL\ncurl x\n```\n\n</CodeGroup>')).toContain('id="code-group-1-tab-1"');
  });

  it('two tab sets on a page get distinct ids', async () => {
    const out = await html('<Tabs>\n  <Tab title="A">a</Tab>\n</Tabs>\n\n<Tabs>\n  <Tab title="B">b</Tab>\n</Tabs>');
    expect(out).toContain('id="tabs-1"');
    expect(out).toContain('id="tabs-2"');
  });

  it('CodeGroup: tabs titled from the fence meta, bare highlighted blocks', async () => {
    const out = await html('<CodeGroup>\n\n```bash cURL\ncurl x\n```\n\n```python\nprint(1)\n```\n\n</CodeGroup>');
    expect(out).toContain('data-code-group id="code-group-1"');
    expect(out).toContain('>cURL</button>');
    expect(out).toContain('>python</button>');
    expect(out).not.toContain('q-code-header');
    expect(out.match(/data-copy/g)).toHaveLength(2);
    expect(out).toMatch(/id="code-group-1-panel-2"[^>]*hidden>/);
    expect(out).toMatchSnapshot();
  });

  it('RequestExample and ResponseExample mark their role', async () => {
    // inside a component, so they stay in place (at the top level they go to the side column)
    const req = await html('<Tab title="T">\n<RequestExample>\n\n```bash Request\ncurl x\n```\n\n</RequestExample>\n</Tab>');
    expect(req).toMatch(/<div class="q-example q-request-example" data-example="request"><div class="q-code-group" data-code-group/);
    const res = await html('<Tab title="T">\n<ResponseExample>\n\n```json 200\n{}\n```\n\n</ResponseExample>\n</Tab>');
    expect(res).toContain('data-example="response"');
    expect(res).toContain('>200</button>');
    expect(res).toMatchSnapshot();
  });
});

describe('disclosure components', () => {
  it('Accordion is a details/summary, open with defaultOpen', async () => {
    const out = await html('<AccordionGroup>\n  <Accordion title="Why?" icon="circle-question">\n    Because.\n  </Accordion>\n  <Accordion title="Open" defaultOpen>\n    Yes.\n  </Accordion>\n</AccordionGroup>');
    expect(out).toMatch(/^<div class="q-accordion-group accordion-group" data-accordion-group><details class="q-accordion accordion" data-accordion id="why">/);
    expect(out).toContain('<summary class="q-accordion-summary">');
    expect(out).toContain('<details class="q-accordion accordion" data-accordion id="open" open>');
    expect(out).toMatchSnapshot();
  });

  it('Expandable is a details with "Show ..."', async () => {
    const out = await html('<Expandable title="properties">\n  Inner.\n</Expandable>');
    expect(out).toContain('<summary class="q-expandable-summary">Show properties</summary>');
    expect(out).toMatchSnapshot();
  });

  it('Steps is an ordered list with numbers and titles', async () => {
    const out = await html('<Steps>\n  <Step title="Install">\n    Run it.\n  </Step>\n  <Step title="Use" titleSize="h3">\n    Use it.\n  </Step>\n</Steps>');
    expect(out).toMatch(/^<ol class="q-steps" data-steps><li class="q-step" data-step="1" id="install">/);
    expect(out).toContain('<h3 class="q-step-title">Use</h3>');
    expect(out).toMatchSnapshot();
    const page = await render('<Steps>\n  <Step title="Use" titleSize="h3">x</Step>\n</Steps>');
    expect(page.headings).toEqual([{ depth: 3, text: 'Use', id: 'use' }]);
    // components/steps.mdx: a Step's own `id` is its anchor
    expect(await html('<Steps>\n  <Step title="Install the CLI" id="cli">\n    x\n  </Step>\n</Steps>')).toContain('<li class="q-step" data-step="1" id="cli">');
  });

  it('Tree: folders as details, files as items, with tree roles', async () => {
    const out = await html('<Tree>\n  <Tree.Folder name="app" defaultOpen>\n    <Tree.File name="page.tsx" />\n  </Tree.Folder>\n</Tree>');
    expect(out).toMatch(/^<ul class="q-tree" data-tree role="tree"><li class="q-tree-folder" role="treeitem" aria-expanded="true"><details open>/);
    expect(out).toContain('<li class="q-tree-file" role="treeitem"><svg');
    expect(out).toContain('<span class="q-tree-name">page.tsx</span>');
    expect(out).toMatchSnapshot();
  });
});

describe('API fields', () => {
  it('ParamField shows location, type, required, default and an anchor', async () => {
    const out = await html('<ParamField query="limit" type="integer" default={20} required>\n  How many.\n</ParamField>');
    expect(out).toContain('<div class="q-field field q-param-field" data-param-field id="param-limit">');
    expect(out).toContain('<span class="q-field-location">query</span><span class="q-field-type">integer</span><span class="q-field-required">required</span>');
    expect(out).toContain('default: <code>20</code>');
    expect(out).toMatchSnapshot();
  });

  it('ResponseField nests inside Expandable', async () => {
    const out = await html('<ResponseField name="data" type="object">\n  Data.\n\n  <Expandable title="fields">\n    <ResponseField name="id" type="string" deprecated>Id.</ResponseField>\n  </Expandable>\n</ResponseField>');
    expect(out).toContain('id="param-data"');
    expect(out).toContain('id="param-id"');
    expect(out).toContain('<span class="q-field-deprecated">deprecated</span>');
    expect(out).toMatchSnapshot();
  });
});

describe('media and inline components', () => {
  it('Frame is a figure with a caption', async () => {
    const out = await html('<Frame caption="A diagram">\n  <img src="/images/d.png" alt="D" />\n</Frame>');
    expect(out).toBe('<figure class="q-frame frame" data-frame><div class="q-frame-content"><img src="/assets/images/d.png" alt="D"></div><figcaption>A diagram</figcaption></figure>');
  });

  it('Frame shows a hint; Tooltip links its call to action', async () => {
    expect(await html('<Frame hint="Click to zoom">\n  ![x](/images/x.png)\n</Frame>')).toContain('<figure class="q-frame frame" data-frame><p class="q-frame-hint">Click to zoom</p>');
    expect(await html('<Tooltip tip="Explained" cta="Read more" href="/ok/glossary">term</Tooltip>')).toContain('Explained <a class="q-tooltip-cta" href="/ok/glossary.html">Read more</a></span></span>');
  });

  it('Tooltip keeps a quote in its link inside the href attribute', async () => {
    // The href is an attribute value: a `"` in it must not end the attribute and start new ones.
    const out = await html(`<Tooltip tip="T" href='https://example.com/a"onmouseover="alert(1)'>term</Tooltip>`);
    expect(out).toContain('href="https://example.com/a&quot;onmouseover=&quot;alert(1)"');
    expect(out).not.toContain('"onmouseover="');
  });

  it('Tooltip, Badge and Icon stay inline in their paragraph', async () => {
    const out = await html('Say <Tooltip tip="Hypertext">HTML</Tooltip>, <Badge color="blue">Beta</Badge> and <Icon icon="rocket" size={16} color="#f00" />.');
    expect(out).toMatch(/^<p>Say <span class="q-tooltip tooltip" data-tooltip tabindex="0" aria-describedby="tooltip-1">HTML<span class="q-tooltip-content" role="tooltip" id="tooltip-1">Hypertext<\/span><\/span>/);
    expect(out).toContain('<span class="q-badge" data-badge data-color="blue" data-size="md" data-shape="rounded">Beta</span>');
    expect(out).toContain('<span class="q-icon-wrap" data-icon-wrap style="color:#f00"><svg class="q-icon" data-icon="rocket" data-icon-set="fa-solid" width="16px" height="16px"');
    expect(out).toMatchSnapshot();
  });

  it('Update is a section with an anchor and a table-of-contents entry', async () => {
    const page = await render('<Update label="2024-06-01" description="v2" tags={["Feature"]}>\n  Shipped.\n</Update>');
    expect(page.headings).toEqual([{ depth: 2, text: '2024-06-01', id: '2024-06-01' }]);
    expect(page.html).toContain('<section class="q-update update" data-update id="2024-06-01" data-tags="[&quot;Feature&quot;]">');
    expect(page.html).toContain('<ul class="q-update-tags"><li>Feature</li></ul>');
    expect(compact(page.html)).toMatchSnapshot();
  });

  it('Panel is an aside, in the side column at the top level', async () => {
    expect(await html('<Panel>\n  Side.\n</Panel>')).toBe('<div class="q-side-layout" data-side-layout><div class="q-side-main"></div><aside class="q-side-column" aria-label="Examples"><aside class="q-panel panel" data-panel><p>Side.</p></aside></aside></div>');
  });
});

describe('icons', () => {
  it('draws Font Awesome by default: regular unless iconType says otherwise, brands, Pro names from their twins', async () => {
    const fa = await html('<Icon icon="house" /> <Icon icon="fa-solid fa-gear" /> <Icon icon="flag" iconType="solid" /> <Icon icon="golang" /> <Icon icon="circle-3" /> <Icon icon="home" />');
    expect(fa).toContain('data-icon="house" data-icon-set="fa-regular"');
    expect(fa).toContain('data-icon="gear" data-icon-set="fa-solid"');
    expect(fa).toContain('data-icon="flag" data-icon-set="fa-solid"');
    expect(fa).toContain('data-icon="golang" data-icon-set="fa-brands"');
    expect(fa).toContain('data-icon="circle-number-3" data-icon-set="tabler"');
    expect(fa).not.toContain('data-icon="unknown"');
    const page = await render('<Icon icon="no-such-icon-xyz" />');
    expect(page.html).toContain('data-icon="unknown"');
    expect(page.diagnostics).toEqual([{ severity: 'warning', file: 'guides/page.mdx', line: 1, message: 'unknown icon "no-such-icon-xyz" (icons.library fontawesome): a placeholder is shown' }]);
  });

  it('honours icons.library: Lucide and Tabler names, and Quire\'s own callout icons whatever the library', async () => {
    const lucide = await render('<Icon icon="settings" /> <Icon icon="gear" />\n\n<Note>n</Note>', { config: { ...EMPTY_CONFIG, icons: { library: 'lucide' } } });
    expect(lucide.html).toContain('data-icon="settings" data-icon-set="lucide"');
    expect(lucide.diagnostics.map((d) => d.message)).toEqual(['unknown icon "gear" (icons.library lucide): a placeholder is shown']);
    const tabler = await render('<Icon icon="brand-github" />\n\n<Tip>t</Tip>', { config: { ...EMPTY_CONFIG, icons: { library: 'tabler' } } });
    expect(tabler.diagnostics).toEqual([]);
    expect(tabler.html).toContain('data-icon="brand-github" data-icon-set="tabler"');
    expect(tabler.html).toContain('data-icon="lightbulb" data-icon-set="lucide"');
  });
});

describe('unknown components', () => {
  it('render their children and warn naming the component and the page', async () => {
    const page = await render('Intro.\n\n<Fancy title="x">\n  Kept **content**.\n</Fancy>');
    expect(page.html).toBe('<p>Intro.</p><p>Kept <strong>content</strong>.</p>');
    expect(page.diagnostics).toEqual([{ severity: 'warning', file: 'guides/page.mdx', line: 3, message: 'unknown component <Fancy> on page guides/page: rendered its content only' }]);
  });

  it('take <Link href> as the anchor Next.js makes it, in the page and its Markdown, unless the page has its own', async () => {
    const page = await render('See the <Link href="/ok/guide">guide</Link> and <Link href="javascript:alert(1)">this</Link>.');
    expect(page.html).toBe('<p>See the <a href="/ok/guide.html">guide</a> and <a>this</a>.</p>');
    expect(page.markdown).toBe('See the [guide](/ok/guide.md) and this.');
    expect(page.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('unsafe URL removed: javascript:')]);
    const own = await render('export const Link = ({ href, children }) => <span data-to={href}>{children}</span>;\n\nSee the <Link href="/ok/guide">guide</Link>.');
    expect(own.html).toContain('<span data-to="/ok/guide">guide</span>');
    expect(own.markdown).not.toContain('](');
  });

  it('the registry covers every component of the issue', () => {
    for (const name of ['Note', 'Info', 'Tip', 'Warning', 'Check', 'Danger', 'Callout', 'Card', 'CardGroup', 'Columns', 'Tabs', 'Tab', 'CodeGroup', 'Accordion', 'AccordionGroup', 'Steps', 'Step', 'Expandable', 'ParamField', 'ResponseField', 'RequestExample', 'ResponseExample', 'Frame', 'Tooltip', 'Badge', 'Icon', 'Update', 'Tree', 'Tree.Folder', 'Tree.File', 'Panel', 'Prompt', 'Visibility', 'Color', 'Color.Row', 'Color.Item', 'Tile', 'GitHub.Repo', 'View', 'CodeBlock', 'FileTree']) {
      expect(COMPONENT_NAMES).toContain(name);
    }
  });
});
