/**
 * The components added for Mintlify's full set (components/*.mdx): each rendered from an
 * example shaped like the documented one, checked for its markup and snapshotted.
 */
import { describe, expect, it } from 'vitest';
import { compact, render } from './render-helper.js';

async function html(source: string): Promise<string> {
  const page = await render(source);
  expect(page.diagnostics).toEqual([]);
  return compact(page.html);
}

describe('Prompt', () => {
  it('is a card with the description and Copy; the prompt is only in the hidden text to copy', async () => {
    const out = await html('<Prompt description="Write **clear** docs.">\nYou are a writing assistant.\n- Use the second person.\n</Prompt>');
    expect(out).toMatch(/^<div class="q-prompt prompt" data-prompt data-code><svg[^>]*q-prompt-icon/);
    expect(out).toContain('<div class="q-prompt-description">Write <strong>clear</strong> docs.</div>');
    expect(out).toContain('<button type="button" class="q-prompt-action q-prompt-copy" data-copy aria-label="Copy prompt">');
    expect(out).not.toContain('q-prompt-cursor');
    expect(out).toContain('<pre class="q-prompt-text" hidden><code>You are a writing assistant.\n- Use the second person.</code></pre></div>');
    expect(out.replace(/<pre class="q-prompt-text"[\s\S]*<\/pre>/, '')).not.toContain('writing assistant');
    expect(out).toMatchSnapshot();
  });

  it('offers Open in Cursor with the prompt in the link; an unknown action is reported', async () => {
    const out = await html('<Prompt description="D" actions={["copy", "cursor"]}>\nHello *there*\n</Prompt>');
    expect(out).toContain('href="cursor://anysphere.cursor-deeplink/prompt?text=Hello%20*there*"');
    const page = await render('<Prompt description="D" actions={["share"]}>\nx\n</Prompt>');
    expect(page.diagnostics.map((d) => d.message)).toEqual(['<Prompt> action "share" is not one of copy, cursor: left out']);
  });
});

describe('Visibility', () => {
  it('shows humans content and leaves agents content out of the HTML', async () => {
    const out = await html('<Visibility for="humans">\n  For **people**.\n</Visibility>\n\n<Visibility for="agents">\n  For agents only.\n</Visibility>');
    expect(out).toBe('<p>For <strong>people</strong>.</p>');
  });

  it('reports a missing or unknown audience and shows the content', async () => {
    const page = await render('<Visibility for="robots">\n  Shown.\n</Visibility>');
    expect(page.html).toBe('<p>Shown.</p>');
    expect(page.diagnostics[0]).toMatchObject({ line: 1, message: '<Visibility for="robots">: expected "humans" or "agents"; the content is shown to both' });
  });
});

describe('Color', () => {
  it('compact: swatches with name and value; {light, dark} values switch with the mode', async () => {
    const out = await html('<Color variant="compact">\n  <Color.Item name="blue-500" value="#3B82F6" />\n  <Color.Item name="bg" value={{ light: "#FFFFFF", dark: "#000000" }} />\n</Color>');
    expect(out).toContain('<div class="q-color" data-color-variant="compact"><div class="q-color-items"><button type="button" class="q-color-item" data-copy data-copy-text="#3B82F6" aria-label="Copy #3B82F6" style="--q-swatch-light:#3B82F6;--q-swatch-dark:#3B82F6">');
    expect(out).toContain('style="--q-swatch-light:#FFFFFF;--q-swatch-dark:#000000"');
    expect(out).toContain('<span class="q-color-value">#FFFFFF / #000000</span>');
    expect(out).toMatchSnapshot();
  });

  it('table: labelled rows; every CSS colour format; an unsafe value is left out and reported', async () => {
    const out = await html('<Color variant="table">\n  <Color.Row title="Primary">\n    <Color.Item name="a" value="oklch(70% 0.2 145)" />\n    <Color.Item name="b" value="hsl(180, 70%, 55%)" />\n  </Color.Row>\n</Color>');
    expect(out).toMatch(/^<div class="q-color" data-color-variant="table"><div class="q-color-row"><span class="q-color-row-title">Primary<\/span>/);
    expect(out).toContain('--q-swatch-light:oklch(70% 0.2 145)');
    const page = await render('<Color variant="compact">\n  <Color.Item name="x" value="red;background:url(//evil)" />\n</Color>');
    expect(page.html).not.toContain('evil');
    expect(page.diagnostics).toHaveLength(1);
  });
});

describe('Tile, GitHub.Repo, typed cards', () => {
  it('Tile is a link with a preview, title and description', async () => {
    const out = await html('<Tile href="/ok/tiles" title="Tile title" description="Short description">\n  <img src="/images/t.svg" alt="Preview" />\n</Tile>');
    expect(out).toBe('<a class="q-tile tile" data-tile href="/ok/tiles.html"><span class="q-tile-preview"><img src="/assets/images/t.svg" alt="Preview"></span><span class="q-tile-title">Tile title</span><span class="q-tile-description">Short description</span></a>');
  });

  it('GitHub.Repo is a static card for a slug or a URL, in its variant; a bad repo is reported', async () => {
    const out = await html('<GitHub.Repo repo="mintlify/docs" />\n\n<GitHub.Repo repo="https://github.com/acme/tool.git" variant="flat" />');
    expect(out).toContain('<a class="q-github-repo" data-github-repo data-variant="inset" href="https://github.com/mintlify/docs">');
    expect(out).toContain('data-variant="flat" href="https://github.com/acme/tool">');
    expect(out).toContain('<span class="q-github-owner">acme /</span> <span class="q-github-name">tool</span>');
    expect(out).toMatchSnapshot();
    const bad = await render('<GitHub.Repo repo="not a repo" />');
    expect(bad.html).toBe('');
    expect(bad.diagnostics[0].message).toContain('<GitHub.Repo repo="not a repo"> is not an owner/name slug');
  });

  it('Card type takes the callout colours and default icon; arrow and icon colour', async () => {
    const out = await html('<Card title="Warning card" type="warning">Careful.</Card>\n\n<Card title="Go" icon="rocket" color="#FF6B6B" href="/ok/go" arrow>Go.</Card>');
    expect(out).toContain('<div class="q-card card q-card-typed q-callout-warning" data-card data-type="warning"><span class="q-card-icon"><svg');
    expect(out).toContain('data-icon="triangle-alert"');
    expect(out).toContain('<span class="q-card-icon" style="color:#FF6B6B">');
    expect(out).toContain('<span class="q-card-arrow" aria-hidden="true">');
    expect(out).toMatchSnapshot();
  });
});

describe('Badge', () => {
  it('distinguishes every documented colour, size and shape, stroke and disabled', async () => {
    const out = await html('<Badge color="white">W</Badge> <Badge color="surface-destructive" size="xs" shape="pill" stroke disabled>S</Badge>');
    expect(out).toContain('<span class="q-badge" data-badge data-color="white" data-size="md" data-shape="rounded">W</span>');
    expect(out).toContain('<span class="q-badge" data-badge data-color="surface-destructive" data-size="xs" data-shape="pill" data-stroke data-disabled>S</span>');
    const page = await render('<Badge color="teal" shape="square">B</Badge>');
    expect(page.diagnostics.map((d) => d.message)).toEqual([
      '<Badge color="teal"> is not one of gray, blue, green, yellow, orange, red, purple, white, surface, white-destructive, surface-destructive: gray is used',
      '<Badge shape="square"> is not one of rounded, pill: rounded is used',
    ]);
  });
});

describe('Frame', () => {
  it('renders Markdown in caption and hint, with links resolved', async () => {
    const out = await html('<Frame caption="See [the guide](/ok/guide) **now**." hint="Use `zoom`.">\n  <img src="/images/a.png" alt="A" />\n</Frame>');
    expect(out).toBe('<figure class="q-frame frame" data-frame><p class="q-frame-hint">Use <code>zoom</code>.</p><div class="q-frame-content"><img src="/assets/images/a.png" alt="A"></div><figcaption>See <a href="/ok/guide.html">the guide</a> <strong>now</strong>.</figcaption></figure>');
  });

  it('reports a broken link in a caption on the element\'s line', async () => {
    const page = await render('Text.\n\n<Frame caption="[gone](/missing)">\n  <img src="/images/a.png" alt="A" />\n</Frame>');
    expect(page.brokenLinkDetails).toEqual([{ href: '/missing', line: 3 }]);
  });
});

describe('side column', () => {
  it('RequestExample, ResponseExample and Panel at the top level go to the side column, in order', async () => {
    const page = await render('Body text.\n\n<RequestExample>\n\n```bash cURL\ncurl x\n```\n\n</RequestExample>\n\n<ResponseExample>\n\n```json 200\n{}\n```\n\n</ResponseExample>');
    expect(page.sideColumn).toBe(true);
    const out = compact(page.html);
    expect(out).toMatch(/^<div class="q-side-layout" data-side-layout><div class="q-side-main"><p>Body text\.<\/p><\/div><aside class="q-side-column" aria-label="Examples"><div class="q-example q-request-example"[^]*data-example="response"[^]*<\/aside><\/div>$/);
    expect(out).toMatchSnapshot();
  });

  it('inside another component they stay in place', async () => {
    const page = await render('<Tabs>\n  <Tab title="A">\n    <Panel>\n      In a tab.\n    </Panel>\n  </Tab>\n</Tabs>');
    expect(page.sideColumn).toBeUndefined();
    expect(page.html).toContain('<aside class="q-panel panel" data-panel><p>In a tab.</p></aside>');
  });
});

describe('View, Update tags, Tabs sync, CodeGroup dropdown, Tree list', () => {
  it('View: a selector at the top of the page, the first view shown, the others hidden', async () => {
    const out = await html('<View title="JavaScript" icon="js">\n  JS content.\n</View>\n\n<View title="Python" icon="python">\n  Py content.\n</View>');
    expect(out).toMatch(/^<div class="q-view-select" data-view-select><label class="q-view-label"><span>View<\/span><select aria-label="View"><option value="JavaScript" selected>JavaScript<\/option><option value="Python">Python<\/option><\/select><\/label><\/div>/);
    expect(out).toContain('<section class="q-view" data-view="JavaScript">');
    expect(out).toContain('<section class="q-view" data-view="Python" hidden>');
    expect(out).toMatchSnapshot();
  });

  it('Update tags become a filter above the table of contents', async () => {
    const page = await render('<Update label="v2" tags={["Feature", "API"]}>\n  A.\n</Update>\n\n<Update label="v1" tags={["Fix", "API"]}>\n  B.\n</Update>');
    expect(page.tocTop).toBe('<div class="q-update-filter" data-update-filter><p class="toc-title">Filters</p><label class="q-update-filter-tag"><input type="checkbox" value="Feature"> Feature</label><label class="q-update-filter-tag"><input type="checkbox" value="API"> API</label><label class="q-update-filter-tag"><input type="checkbox" value="Fix"> Fix</label></div>');
    expect(page.html).toContain('<section class="q-update update" data-update id="v2" data-tags="[&quot;Feature&quot;,&quot;API&quot;]">');
  });

  it('writes its words in the page\'s language: View, Update filters, Expandable, Prompt, GitHub.Repo, side column', async () => {
    const page = await render(
      [
        '<View title="JS">js</View>',
        '<Update label="v1" tags={["API"]}>a</Update>',
        '<Expandable title="propriétés">x</Expandable>',
        '<Prompt description="Aide" actions={["copy", "cursor"]}>Fais-le</Prompt>',
        '<GitHub.Repo repo="mintlify/docs" />',
        '<Panel>p</Panel>',
      ].join('\n\n'),
      { language: 'fr' },
    );
    expect(page.html).toContain('<span>Vue</span><select aria-label="Vue">');
    expect(page.tocTop).toContain('<p class="toc-title">Filtres</p>');
    expect(page.html).toContain('<summary class="q-expandable-summary">Afficher propriétés</summary>');
    expect(page.html).toContain('>Ouvrir dans Cursor</a>');
    expect(page.html).toContain('aria-label="Copier le prompt"><span class="q-code-copy-label">Copier le prompt</span>');
    expect(page.html).toContain('<span class="q-github-cta">Voir sur GitHub</span>');
    expect(page.html).toContain('<aside class="q-side-column" aria-label="Exemples">');
  });

  it('Tabs sync={false} and CodeGroup dropdown are marked for the site script', async () => {
    expect(await html('<Tabs sync={false}>\n  <Tab title="A">a</Tab>\n</Tabs>')).toContain('<div class="q-tabs" data-tabs id="tabs-1" data-sync="false">');
    expect(await html('<CodeGroup dropdown>\n\n```js A\n1\n```\n\n</CodeGroup>')).toContain('<div class="q-code-group" data-code-group id="code-group-1" data-dropdown>');
  });

  it('Tree (and FileTree) written as a Markdown list: folders by trailing slash or nesting, files', async () => {
    const out = await html('<FileTree>\n\n- docs/\n  - index.mdx\n  - guides/\n    - setup.mdx\n- empty/\n- docs.json\n\n</FileTree>');
    expect(out.match(/class="q-tree-folder"/g)).toHaveLength(3);
    expect(out).toContain('<span class="q-tree-name">guides</span></summary><ul role="group"><li class="q-tree-file" role="treeitem"><svg');
    expect(out).toMatch(/<span class="q-tree-name">docs\.json<\/span><\/li><\/ul>$/);
    expect(out).toMatchSnapshot();
  });

  it('Steps honour stepNumber and titleSize', async () => {
    const out = await html('<Steps>\n  <Step title="A" stepNumber={3} titleSize="h2">\n    a\n  </Step>\n</Steps>');
    expect(out).toContain('<li class="q-step" data-step="3" id="a"><span class="q-step-marker" aria-hidden="true">3</span><div class="q-step-body"><h2 class="q-step-title">A</h2>');
  });
});

describe('Column, Latex, Heading', () => {
  it('Column is a cell of Columns; Latex is KaTeX; Heading joins the table of contents', async () => {
    expect(await html('<Columns cols={2}>\n  <Column>\n\n  **Install**\n\n  </Column>\n</Columns>')).toBe('<div class="q-columns columns" data-cols="2"><div class="q-column"><p><strong>Install</strong></p></div></div>');
    expect(await html('<Latex>x^2</Latex>')).toMatch(/^<p><span class="q-math" data-math="inline"><span class="katex">/);
    const page = await render('<Heading level={3} noAnchor>\nPlain heading\n</Heading>');
    expect(page.html).toBe('<h3 id="plain-heading" data-no-anchor>Plain heading</h3>');
    expect(page.headings).toEqual([{ depth: 3, text: 'Plain heading', id: 'plain-heading' }]);
  });
});
