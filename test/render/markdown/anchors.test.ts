/**
 * Heading and field anchors as Mintlify makes them: the examples of its `create/text`
 * page, the characters it keeps (`/ & : $ @`, CJK), custom `{#id}`s, field anchors,
 * repeats across components, and the same ids in the table of contents and in-page links.
 */
import { describe, expect, it } from 'vitest';
import { escapeCustomHeadingIds, fieldAnchor, Slugger, slugify } from '../../../src/render/markdown/slugger.js';
import { render } from '../components/render-helper.js';

describe('slugify', () => {
  it('gives the ids of the examples on Mintlify\'s create/text page', () => {
    const table: [string, string][] = [
      ['Getting started', 'getting-started'],
      ['Config.json options', 'config-json-options'],
      ["What's new", 'what’s-new'],
      ['Rate limits (per minute)', 'rate-limits-per-minute'],
      ['Read/write access', 'read/write-access'],
      ['Fees & billing', 'fees-&-billing'],
      ['OAuth', 'oauth'],
    ];
    for (const [text, id] of table) expect(slugify(text), text).toBe(id);
  });

  it('keeps : $ @ _, any script and CJK punctuation; drops , ? ! and folds runs of -', () => {
    expect(slugify('navigation.global.languages')).toBe('navigation-global-languages');
    expect(slugify('Split configuration with $ref')).toBe('split-configuration-with-$ref');
    expect(slugify('Example: connect to the MCP server')).toBe('example:-connect-to-the-mcp-server');
    expect(slugify('Use @traceable / traceable')).toBe('use-@traceable-/-traceable');
    expect(slugify('Using system_instruction (recommended)')).toBe('using-system_instruction-recommended');
    expect(slugify('Search, SEO, and AI indexing')).toBe('search-seo-and-ai-indexing');
    expect(slugify('Which operations are asynchronous?')).toBe('which-operations-are-asynchronous');
    expect(slugify('3. VAD & Turn Analyzer')).toBe('3-vad-&-turn-analyzer');
    expect(slugify('"Listener" Application')).toBe('”listener”-application');
    expect(slugify('菜单：设置（高级）')).toBe('菜单：设置（高级）');
    expect(slugify('Menús y pestañas')).toBe('menús-y-pestañas');
  });

  it('numbers repeats -2, -3 and keeps reserved ids unique', () => {
    const s = new Slugger();
    expect(['Overview', 'Overview', 'overview', 'Overview 2'].map((t) => s.slug(t))).toEqual(['overview', 'overview-2', 'overview-3', 'overview-2-2']);
    expect(s.reserve('overview')).toBe('overview-4');
    expect(s.slug('!!!')).toBe('section');
  });
});

describe('fieldAnchor', () => {
  it('is param- and the name in kebab case, for both kinds of field', () => {
    expect(fieldAnchor('icons.library')).toBe('param-icons-library');
    expect(fieldAnchor('onError')).toBe('param-on-error');
    expect(fieldAnchor('--max-session-duration')).toBe('param-max-session-duration');
    expect(fieldAnchor('max_session_duration')).toBe('param-max-session-duration');
    expect(fieldAnchor('X-API-Key')).toBe('param-x-api-key');
    expect(fieldAnchor('HTMLParser')).toBe('param-html-parser');
    expect(fieldAnchor('page size')).toBe('param-page-size');
    expect(fieldAnchor('items[].id')).toBe('param-items-id');
  });
});

describe('escapeCustomHeadingIds', () => {
  it('escapes {#id} at the end of headings only, never in code fences', () => {
    const src = '## A {#a}\n\nText {#b}\n\n```md\n## C {#c}\n```\n\n  ### D {#d-1}  ';
    expect(escapeCustomHeadingIds(src)).toBe('## A \\{#a\\}\n\nText {#b}\n\n```md\n## C {#c}\n```\n\n  ### D \\{#d-1\\}  ');
  });
});

describe('anchors on a page', () => {
  it('headings, custom ids and fields share one set of ids; the table of contents and in-page links use them', async () => {
    const page = await render([
      '## Fees & billing',
      '',
      'See [fees](#fees-&-billing), [config](#config) and [the key](#param-api-key).',
      '',
      '## Configuration options {#config}',
      '',
      '<Tabs>',
      '  <Tab title="One">',
      '    ## Fees & billing',
      '  </Tab>',
      '</Tabs>',
      '',
      '## `navigation.global.languages`',
      '',
      '<ParamField header="api.key" type="string">The key.</ParamField>',
      '',
      '<ResponseField name="api.key" type="string">Echoed.</ResponseField>',
      '',
      '## 设置：高级',
    ].join('\n'));
    expect(page.diagnostics).toEqual([]);
    expect(page.headings.map((h) => [h.text, h.id])).toEqual([
      ['Fees & billing', 'fees-&-billing'],
      ['Configuration options', 'config'],
      ['Fees & billing', 'fees-&-billing-2'],
      ['navigation.global.languages', 'navigation-global-languages'],
      ['设置：高级', '设置：高级'],
    ]);
    expect(page.html).toContain('<h2 id="config">Configuration options</h2>');
    expect(page.html).toContain('<h2 id="fees-&amp;-billing">Fees &amp; billing</h2>');
    expect(page.html).toContain('<a href="#fees-&amp;-billing">fees</a>');
    expect(page.html).toContain('id="param-api-key"');
    expect(page.html).toContain('id="param-api-key-2"');
    // every in-page link names an id of the page
    const ids = new Set([...page.html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    for (const [, href] of page.html.matchAll(/href="#([^"]+)"/g)) expect(ids, href).toContain(href);
  });
});
