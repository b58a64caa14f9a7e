import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidError } from '../../../src/core/errors.js';
import { flattenPages, loadSiteConfig } from '../../../src/render/config/index.js';
import type { NavNode } from '../../../src/render/types.js';
import { SITES } from '../markdown/site-context.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const write = async (file: string, value: unknown) => {
  await mkdir(join(dir, file, '..'), { recursive: true });
  await writeFile(join(dir, file), typeof value === 'string' ? value : JSON.stringify(value));
};

describe('loadSiteConfig: docs.json', () => {
  it('reads every section of the kitchen-sink site without diagnostics', async () => {
    const { config, diagnostics } = await loadSiteConfig(join(SITES, 'kitchen-sink'));
    expect(diagnostics).toEqual([]);
    expect(config.source).toBe('docs.json');
    expect(config.name).toBe('Kitchen Sink Docs');
    expect(config.theme).toBe('mint');
    expect(config.colors).toEqual({ primary: '#0D9373', light: '#07C983', dark: '#0D9373' });
    expect(config.logo).toEqual({ light: '/images/logo-light.svg', dark: '/images/logo-dark.svg', href: '/' });
    expect(config.favicon).toBe('/images/favicon.svg');
    expect(config.navbar.links.map((l) => l.label)).toEqual(['Support', 'Blog']);
    expect(config.navbar.primary).toEqual({ label: 'Dashboard', href: 'https://dashboard.example.com', type: 'button' });
    expect(config.footer.socials).toEqual({ github: 'https://github.com/example', x: 'https://x.com/example' });
    expect(config.footer.links[0]).toEqual({ header: 'Company', items: [{ label: 'About', href: 'https://example.com/about' }] });
    expect(config.redirects).toEqual([
      { source: '/old-quickstart', destination: '/quickstart', permanent: true },
      { source: '/legacy/:slug*', destination: '/guides/:slug*', permanent: true },
      { source: '/how-to-*', destination: '/guides/*', permanent: true },
    ]);
    expect(config.banner).toEqual({ content: 'Version 2 is out: see the [changelog](/changelog).', dismissible: true });
    expect(config.appearance).toEqual({ default: 'system', strict: false });
    expect(config.seo).toEqual({ indexing: 'navigable', metatags: { 'og:site_name': 'Kitchen Sink' } });
    expect(config.errors.notFound).toEqual({ redirect: false, title: 'Nothing here', description: 'The page moved or never existed.' });
    expect(config.integrations).toEqual({ ga4: { measurementId: 'G-TEST123' } });
    expect(config.api.playground).toEqual({ display: 'simple' });
    expect(config.navigation.global).toEqual([{ label: 'Status', href: 'https://status.example.com', icon: 'signal' }]);
  });

  it('builds tabs, groups and nested groups, resolving $ref relative to the config file', async () => {
    const { config } = await loadSiteConfig(join(SITES, 'kitchen-sink'));
    const tabs = config.navigation.sections;
    expect(tabs.map((t) => [t.kind, t.label])).toEqual([['tab', 'Guides'], ['tab', 'Components'], ['tab', 'API reference'], ['tab', 'Changelog']]);
    const guides = tabs[0].children[1] as Extract<NavNode, { kind: 'group' }>;
    expect(guides).toMatchObject({ kind: 'group', group: 'Guides', icon: 'map' });
    expect(guides.children[0]).toEqual({ kind: 'page', page: 'guides/configuration' });
    expect(guides.children[1]).toMatchObject({ kind: 'group', group: 'Advanced', children: [{ kind: 'page', page: 'guides/advanced/deployment' }, { kind: 'page', page: 'guides/advanced/air-gapped' }] });
    expect(flattenPages(config.navigation)).toEqual([
      'index', 'quickstart', 'guides/configuration', 'guides/advanced/deployment', 'guides/advanced/air-gapped',
      'components/all-components', 'components/code-and-math', 'components/hidden-page', 'api/overview', 'changelog/index',
    ]);
  });

  it('reads versions, languages, anchors, dropdowns, endpoints and openapi on any division', async () => {
    await write('docs.json', {
      name: 'X',
      colors: { primary: '#000' },
      navigation: {
        versions: [{ version: 'v2', default: true, languages: [{ language: 'en', tabs: [{ tab: 'API', openapi: 'api.yaml', groups: [{
          group: 'Users', openapi: { source: 'users.yaml', directory: '/reference/api/' }, examples: { languages: ['curl'], autogenerate: false },
          pages: ['GET /users', 'api.yaml POST /users/{id}', 'v3-openapi DELETE /tasks', '/intro.mdx'],
        }] }] }] }],
        anchors: [{ anchor: 'Blog', href: 'https://blog.example.com', icon: 'newspaper' }],
        dropdowns: [{ dropdown: 'More', hidden: true, pages: ['more'] }],
      },
    });
    const { config, diagnostics } = await loadSiteConfig(dir);
    expect(diagnostics).toEqual([]);
    const [version, anchor, dropdown] = config.navigation.sections;
    expect(version).toMatchObject({ kind: 'version', label: 'v2', default: true });
    const tab = version.sections[0].sections[0];
    expect(version.sections[0]).toMatchObject({ kind: 'language', label: 'en' });
    expect(tab).toMatchObject({ kind: 'tab', label: 'API', openapi: 'api.yaml', specs: { openapi: { source: ['api.yaml'] } } });
    expect(tab.children[0]).toEqual({
      kind: 'group', group: 'Users', openapi: 'users.yaml',
      specs: { openapi: { source: ['users.yaml'], directory: '/reference/api/' }, examples: { languages: ['curl'], autogenerate: false } },
      children: [
        { kind: 'endpoint', method: 'GET', path: '/users' },
        { kind: 'endpoint', method: 'POST', path: '/users/{id}', file: 'api.yaml' },
        { kind: 'endpoint', method: 'DELETE', path: '/tasks', file: 'v3-openapi' }, // a document named without its extension
        { kind: 'page', page: 'intro' },
      ],
    });
    expect(anchor).toMatchObject({ kind: 'anchor', label: 'Blog', href: 'https://blog.example.com', children: [] });
    expect(dropdown).toMatchObject({ kind: 'dropdown', label: 'More', hidden: true, children: [{ kind: 'page', page: 'more' }] });
    expect(flattenPages(config.navigation)).toEqual(['intro', 'more']);
  });
});

describe('loadSiteConfig: API settings', () => {
  it('reads api.servers, and api.mdx.server when that is what the site writes', async () => {
    await write('docs.json', { name: 'X', colors: { primary: '#000' }, navigation: { pages: ['index'] }, api: { servers: ['https://api.example.com/v2'], url: 'https://x.example.com' } });
    expect((await loadSiteConfig(dir)).config.api).toMatchObject({ servers: ['https://api.example.com/v2'], url: 'https://x.example.com' });
    await write('docs.json', { name: 'X', colors: { primary: '#000' }, navigation: { pages: ['index'] }, api: { mdx: { server: 'https://mdx.example.com' } } });
    expect((await loadSiteConfig(dir)).config.api.servers).toEqual(['https://mdx.example.com']);
  });
});

describe('loadSiteConfig: legacy mint.json', () => {
  it('converts the flat layout, tabs with url, anchors, topbar links and socials', async () => {
    const { config, diagnostics } = await loadSiteConfig(join(SITES, 'legacy-mint'));
    expect(diagnostics).toEqual([]);
    expect(config.source).toBe('mint.json');
    expect(config.name).toBe('Legacy Docs');
    expect(config.colors).toEqual({ primary: '#9563FF', light: '#AE87FF', dark: '#9563FF' });
    const [primary, api] = config.navigation.sections;
    expect(primary.label).toBe('Documentation');
    expect(primary.children.map((g) => (g.kind === 'group' ? g.group : g.kind))).toEqual(['Get Started', 'Essentials']);
    expect(api).toMatchObject({ kind: 'tab', label: 'API References' });
    expect(api.children[0]).toEqual({
      kind: 'group', group: 'API Documentation',
      children: [{ kind: 'page', page: 'api-reference/introduction' }, { kind: 'endpoint', method: 'GET', path: '/users', file: 'openapi.yaml' }],
    });
    expect(config.navigation.global.map((a) => a.label)).toEqual(['Community', 'Blog']);
    expect(config.navbar.links).toEqual([{ label: 'Support', href: 'mailto:help@example.com' }]);
    expect(config.navbar.primary).toMatchObject({ label: 'Dashboard', href: 'https://dashboard.example.com' });
    expect(config.footer.socials).toEqual({ x: 'https://x.com/example', github: 'https://github.com/example' });
    expect(config.appearance).toEqual({ default: 'dark', strict: false });
    expect(config.integrations).toEqual({ posthog: { apiKey: 'phc_test' } });
    expect(config.api).toMatchObject({ openapi: ['openapi.yaml'], url: 'https://api.example.com', playground: { display: 'simple' } });
    expect(flattenPages(config.navigation)).toEqual(['introduction', 'getting-started/quickstart', 'getting-started/markdown', 'getting-started/nested', 'api-reference/introduction']);
  });

  it('prefers docs.json when both files exist', async () => {
    await write('docs.json', { name: 'New', colors: { primary: '#111' }, navigation: { pages: ['a'] } });
    await write('mint.json', { name: 'Old', navigation: [] });
    const { config } = await loadSiteConfig(dir);
    expect(config).toMatchObject({ source: 'docs.json', name: 'New' });
    expect(config.navigation.root).toEqual([{ kind: 'page', page: 'a' }]);
  });
});

describe('loadSiteConfig: problems', () => {
  it('reports wrong types with their JSON path and keeps the rest', async () => {
    await write('docs.json', {
      name: 'Typos',
      colors: { primary: 42 },
      appearance: { default: 'sepia' },
      unknownKey: { tolerated: true },
      redirects: [{ source: '/a' }],
      navbar: { links: [{ label: 'Only a label' }, { label: 'Ok', href: '/ok' }] },
      navigation: { tabs: [{ tab: 'T', groups: [{ group: 'G', pages: ['a'] }, { group: 'H', pages: ['b', 'c', 7, { pages: [] }] }] }] },
    });
    const { config, diagnostics } = await loadSiteConfig(dir);
    const byPath = Object.fromEntries(diagnostics.map((d) => [d.path ?? '', d] as const));
    expect(Object.keys(byPath).sort()).toEqual([
      'appearance.default', 'colors.primary', 'navbar.links[0]', 'navigation.tabs[0].groups[1].pages[2]', 'navigation.tabs[0].groups[1].pages[3].group', 'redirects[0].destination',
    ]);
    expect(config.navbar.links).toEqual([{ label: 'Ok', href: '/ok' }]);
    for (const d of diagnostics) expect(d).toMatchObject({ severity: 'error', file: 'docs.json' });
    expect(byPath['navigation.tabs[0].groups[1].pages[2]'].message).toBe('navigation.tabs[0].groups[1].pages[2]: expected a page path (string) or a group object, got number 7');
    expect(byPath['colors.primary'].message).toBe('colors.primary: expected a string, got the number 42');
    expect(byPath['appearance.default'].message).toContain('expected one of "system", "light", "dark"');
    expect(byPath['redirects[0].destination'].message).toContain('is required');
    // Bad entries are dropped, good ones kept; bad sections fall back to defaults.
    expect(flattenPages(config.navigation)).toEqual(['a', 'b', 'c']);
    expect(config.colors.primary).toMatch(/^#/);
    expect(config.appearance.default).toBe('system');
    expect(config.raw.unknownKey).toEqual({ tolerated: true });
  });

  it('reports $ref cycles, missing files and references outside the root', async () => {
    await write('docs/docs.json', { name: 'R', navigation: { groups: [{ $ref: 'a.json' }, { $ref: '../outside.json' }, { $ref: 'missing.json' }] } });
    await write('docs/a.json', { group: 'A', pages: ['one', { $ref: 'nav/b.json' }] });
    await write('docs/nav/b.json', { group: 'B', pages: [{ $ref: '../a.json' }] });
    await write('outside.json', { group: 'Secret', pages: ['x'] });
    const { config, diagnostics } = await loadSiteConfig(join(dir, 'docs'));
    const messages = diagnostics.map((d) => `${d.file} ${d.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/^nav\/b\.json pages\[0\]\.\$ref: "\.\.\/a\.json" makes a cycle \(docs\.json -> a\.json -> nav\/b\.json -> a\.json\)/));
    expect(messages).toContainEqual('docs.json navigation.groups[1].$ref: "../outside.json" points outside the docs folder');
    expect(messages).toContainEqual('docs.json navigation.groups[2].$ref: "missing.json" cannot be read: it does not exist in the docs folder');
    expect(flattenPages(config.navigation)).toEqual(['one']);
    expect(JSON.stringify(config.navigation)).not.toContain('Secret');
  });

  it('throws a clear InvalidError for a folder that is not a docs site', async () => {
    const err = await loadSiteConfig(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidError);
    expect((err as InvalidError).message).toBe(`${dir} is not a docs site: it has neither a docs.json nor a mint.json file`);
    expect((err as InvalidError).status).toBe(400);
  });

  it('throws with the line for a config that is not JSON', async () => {
    await write('docs.json', '{\n  "name": "x",\n  oops\n}');
    await expect(loadSiteConfig(dir)).rejects.toThrow(/docs\.json is not valid JSON \(line 3\)/);
  });
});

describe('loadSiteConfig: mint.json versions', () => {
  it('splits groups by their version, shared groups in every version', async () => {
    await write('mint.json', {
      name: 'V',
      versions: ['v2', 'v1'],
      navigation: [
        { group: 'Shared', pages: ['index'] },
        { group: 'New', version: 'v2', pages: ['v2/start'] },
        { group: 'Old', version: 'v1', pages: ['v1/start'] },
      ],
    });
    const { config, diagnostics } = await loadSiteConfig(dir);
    expect(diagnostics).toEqual([]);
    const [v2, v1] = config.navigation.sections;
    expect(v2).toMatchObject({ kind: 'version', label: 'v2', default: true });
    expect(v2.children.map((g) => (g.kind === 'group' ? g.group : ''))).toEqual(['Shared', 'New']);
    expect(v1.children.map((g) => (g.kind === 'group' ? g.group : ''))).toEqual(['Shared', 'Old']);
    expect(v1.default).toBeUndefined();
    expect(flattenPages(config.navigation)).toEqual(['index', 'v2/start', 'v1/start']);
  });
});

describe('loadSiteConfig: lines of docs.json problems', () => {
  it('gives each problem the line of its key in docs.json, quoted keys and array items included', async () => {
    await write('docs.json', [
      '{',
      '  "name": "Lines",',
      '  "navigation": {',
      '    "tabs": [',
      '      { "tab": "Guides", "pages": ["index"] },',
      '      {',
      '        "tab": "API",',
      '        "pages": [',
      '          "index",',
      '          42',
      '        ],',
      '        "odd key": true',
      '      }',
      '    ]',
      '  }',
      '}',
    ].join('\n'));
    await write('index.mdx', '# Home\n');
    const { diagnostics } = await loadSiteConfig(dir);
    expect(diagnostics.map((d) => [d.line, d.path])).toEqual([
      [12, 'navigation.tabs[1].odd key'],
      [10, 'navigation.tabs[1].pages[1]'],
    ]);
  });
});
