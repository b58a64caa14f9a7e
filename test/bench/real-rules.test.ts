/**
 * The rules the real-site benchmark judges by: Mintlify's heading and field anchors
 * (create/text.mdx's table, and what the real sites link to), the grouping of
 * diagnostics into kinds, and finding the sites (a missing folder is said, not skipped).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosticKinds } from '../../bench/real/diagnostic-kinds.js';
import { fieldAnchor, headingSlug, numberDuplicates, urlSlug } from '../../bench/real/mintlify-slug.js';
import { findSites, readConfig } from '../../bench/real/sites.js';
import { sourceAnchors } from '../../bench/real/source-anchors.js';

describe("Mintlify's anchors", () => {
  it.each([
    ['Getting started', 'getting-started'],
    ['Config.json options', 'config-json-options'],
    ["What's new", 'what’s-new'],
    ['Rate limits (per minute)', 'rate-limits-per-minute'],
    ['Read/write access', 'read/write-access'],
    ['Fees & billing', 'fees-&-billing'],
    ['OAuth', 'oauth'],
    ['3. VAD & Turn Analyzer', '3-vad-&-turn-analyzer'],
    ['Per-Tool Options with @tool_options', 'per-tool-options-with-@tool_options'],
    ['Error 🤖', 'error-🤖'],
    ['navigation.global.languages', 'navigation-global-languages'],
    ['"Listener" Application', '”listener”-application'],
  ])('%s -> %s', (text, id) => expect(headingSlug(text)).toBe(id));

  it('numbers duplicates from -2, and names fields in kebab case', () => {
    expect(numberDuplicates(['overview', 'a', 'overview', 'overview'])).toEqual(['overview', 'a', 'overview-2', 'overview-3']);
    expect(fieldAnchor('onError')).toBe('param-on-error');
    expect(fieldAnchor('--max-session-duration')).toBe('param-max-session-duration');
    expect(fieldAnchor('user.email')).toBe('param-user-email');
    expect(urlSlug('Search with POST')).toBe('search-with-post');
    expect(urlSlug("Get task's document payload")).toBe('get-tasks-document-payload');
  });

  it('reads the ids of a page: headings, custom ids, components, fields; not code', () => {
    const ids = sourceAnchors(
      '---\ntitle: T\n---\n## Intro {#start}\n\n## Setup\n\n~~~\n## Fake\n~~~\n\n<Accordion title="More info">x</Accordion>\n<Tab title="Python" id="py">x</Tab>\n<Update label="v2.0">x</Update>\n<div id="raw"></div>\n<h3>Inline `html`</h3>\n<ResponseField name="data.items">x</ResponseField>\n## Setup\n',
    );
    expect([...ids].sort()).toEqual(['inline-html', 'more-info', 'param-data-items', 'py', 'raw', 'setup', 'setup-2', 'start', 'v2-0'].sort());
  });
});

describe('diagnostic kinds', () => {
  it('groups messages that differ only in names, paths and numbers, keeping one example', () => {
    const kinds = diagnosticKinds([
      { severity: 'warning', file: 'a.mdx', line: 3, message: 'unknown icon "waveform": a placeholder is shown' },
      { severity: 'warning', file: 'b.mdx', line: 9, message: 'unknown icon "people-group": a placeholder is shown' },
      { severity: 'error', file: 'c.mdx', message: 'Operation POST /agents/{id} is named but the site has no OpenAPI document' },
      { severity: 'warning', file: 'd.mdx', message: 'unknown component <View> on page d: rendered its content only' },
      { severity: 'warning', file: 'e/f.mdx', message: 'unknown component <Tile> on page e/f: rendered its content only' },
      { severity: 'warning', file: 'g.mdx', message: 'attribute icon={<svg\n  className="h-6"\n  width} on <Card> was not evaluated: only literal values are read' },
    ]);
    expect(kinds.map((k) => [k.severity, k.count, k.kind])).toEqual([
      ['error', 1, 'Operation METHOD … is named but the site has no OpenAPI document'],
      ['warning', 2, 'unknown icon "…": a placeholder is shown'],
      ['warning', 2, 'unknown component <…> on page …: rendered its content only'],
      ['warning', 1, 'attribute icon={…} on <…> was not evaluated: only literal values are read'],
    ]);
    expect(kinds[3].example).toBe('g.mdx: attribute icon={<svg className="h-6" width} on <Card> was not evaluated: only literal values are read');
    expect(kinds[1].example).toBe('a.mdx:3: unknown icon "waveform": a placeholder is shown');
  });
});

describe('finding the sites', () => {
  it('takes a root, a folder of sites (config one level down too), says what it skips, and reads split configs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-bench-sites-'));
    try {
      mkdirSync(join(dir, 'one'));
      writeFileSync(join(dir, 'one', 'docs.json'), JSON.stringify({ navigation: { $ref: './config/nav.json', extra: 1 } }));
      mkdirSync(join(dir, 'one', 'config'));
      writeFileSync(join(dir, 'one', 'config', 'nav.json'), JSON.stringify({ groups: [{ $ref: 'group.json' }] }));
      writeFileSync(join(dir, 'one', 'config', 'group.json'), JSON.stringify({ group: 'G', pages: ['a'] }));
      mkdirSync(join(dir, 'two', 'src'), { recursive: true });
      writeFileSync(join(dir, 'two', 'src', 'mint.json'), '{}');
      mkdirSync(join(dir, 'three'));
      const { sites, notes } = findSites([dir, join(dir, 'missing')]);
      expect(sites.map((s) => [s.name, s.root, s.configFile])).toEqual([
        ['one', join(dir, 'one'), 'docs.json'],
        ['two', join(dir, 'two', 'src'), 'mint.json'],
      ]);
      // split configs are read whole: `$ref` relative to the file holding it, sibling keys kept
      expect(readConfig(sites[0]).navigation).toEqual({ groups: [{ group: 'G', pages: ['a'] }], extra: 1 });
      expect(notes).toEqual([expect.stringContaining(`${join(dir, 'three')}: no docs.json or mint.json`), expect.stringContaining(`${join(dir, 'missing')}: no such folder, skipped`)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
