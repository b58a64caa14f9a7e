/**
 * The navigation reader on the products fixture and the versioned, multilingual one:
 * every division Mintlify documents becomes a section of the tree, group `root`, `tag`,
 * `expanded`, `hidden` and `openapi`/`asyncapi` are carried, languages keep their
 * banner, navbar and footer, divisions keep their own `global` links, and what the
 * export does not apply is a warning naming its JSON path.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenPages, loadSiteConfig } from '../../../src/render/config/index.js';
import type { NavNode, NavSection } from '../../../src/render/types.js';
import { FIXTURES } from '../site/make-site.js';

type Group = Extract<NavNode, { kind: 'group' }>;

/** `docsJson` written as the docs.json of a temp folder and loaded. */
async function loadDocsJson(docsJson: unknown): ReturnType<typeof loadSiteConfig> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-nav-'));
  try {
    await writeFile(join(dir, 'docs.json'), JSON.stringify(docsJson));
    return await loadSiteConfig(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('navigation: products, tabs with menus, groups', () => {
  it('reads products with tabs, menu items, root pages, tags and specs', async () => {
    const { config } = await loadSiteConfig(join(FIXTURES, 'products'));
    const nav = config.navigation;
    expect(nav.sections.map((s) => [s.kind, s.label, s.description ?? null, s.href ?? null])).toEqual([
      ['product', 'Platform', 'Run the platform', null],
      ['product', 'Analytics', 'Measure everything', null],
      ['product', 'Mobile SDK', null, 'https://mobile.example.com'],
    ]);
    const [guides, api] = nav.sections[0].sections;
    expect([guides.kind, guides.label, api.kind, api.label]).toEqual(['tab', 'Guides', 'tab', 'API']);
    expect(guides.sections.map((s) => [s.kind, s.label, s.icon])).toEqual([['menu', 'Getting started', 'rocket'], ['menu', 'Operations', 'wrench']]);
    expect(guides.sections[0].description).toBe('First steps');
    const setup = guides.sections[0].children[0] as Group;
    expect(setup).toMatchObject({ kind: 'group', group: 'Setup', tag: 'NEW' });
    // The root page comes first in reading order, marked so the sidebar draws it as the title.
    expect(setup.children[0]).toEqual({ kind: 'page', page: 'platform/setup/index', root: true });
    expect(guides.sections[0].children[1]).toMatchObject({ kind: 'group', group: 'Internal', hidden: true });
    const backups = (guides.sections[1].children[0] as Group).children[1] as Group;
    expect(backups).toMatchObject({ group: 'Backups', expanded: true });
    expect(api).toMatchObject({ openapi: 'platform-openapi.json', specs: { openapi: { source: ['platform-openapi.json'], directory: 'platform/api' }, asyncapi: { source: ['platform-events.yaml'] } } });
    expect(nav.global).toEqual([{ label: 'Status', href: 'https://status.example.com', icon: 'signal' }]);
    expect(flattenPages(nav)).toContain('analytics/changelog');
    expect(flattenPages(nav)).toHaveLength(15);
  });

  it('reports each construct it does not apply with its JSON path, and nothing else', async () => {
    const { diagnostics } = await loadSiteConfig(join(FIXTURES, 'products'));
    expect(diagnostics.map((d) => [d.severity, d.file, d.line, d.path])).toEqual([
      ['warning', 'docs.json', 71, 'navigation.sidebarStyle'],
      ['warning', 'docs.json', 44, 'navigation.products[0].tabs[0].menu[1].groups[0].pages[1].directory'],
    ]);
    expect(diagnostics[0].message).toContain('unknown navigation key "sidebarStyle"');
  });

  it('accepts openapi as a string, an array or {source, directory}, carries examples, and reports a wrong shape', async () => {
    const { config, diagnostics } = await loadDocsJson({
      name: 'X',
      navigation: {
        openapi: ['a.yaml', 'b.yaml'],
        anchors: [{ anchor: 'A', openapi: 'c.json', pages: ['x'] }],
        dropdowns: [{ dropdown: 'D', openapi: { source: ['d.yaml'] }, pages: ['y'] }],
        groups: [{ group: 'G', openapi: 42, pages: ['z'] }, { group: 'H', openapi: 'h.yaml', examples: { languages: ['bash', 'python'], autogenerate: false }, pages: [] }],
      },
    });
    expect(config.navigation.specs).toEqual({ openapi: { source: ['a.yaml', 'b.yaml'] } });
    expect(config.navigation.sections.map((s) => s.specs?.openapi?.source)).toEqual([['c.json'], ['d.yaml']]);
    expect(diagnostics.map((d) => d.path)).toEqual(['navigation.groups[0].openapi']);
    expect(config.navigation.root[1]).toMatchObject({ group: 'H', specs: { openapi: { source: ['h.yaml'] }, examples: { languages: ['bash', 'python'], autogenerate: false } } });
  });
});

describe('navigation: languages and versions', () => {
  it('reads languages holding versions, with each language its banner, navbar and footer', async () => {
    const { config, diagnostics } = await loadSiteConfig(join(FIXTURES, 'multilingual'));
    expect(diagnostics).toEqual([]);
    const langs = config.navigation.sections;
    expect(langs.map((s) => [s.kind, s.label, !!s.default])).toEqual([['language', 'en', true], ['language', 'fr', false], ['language', 'jp', false]]);
    expect(langs[0].sections.map((s: NavSection) => [s.kind, s.label, s.tag ?? null])).toEqual([['version', 'v2', 'Latest'], ['version', 'v1', null]]);
    expect(langs[0].chrome).toBeUndefined();
    expect(langs[1].chrome).toEqual({
      banner: { content: 'Bienvenue dans la documentation', dismissible: true },
      navbar: { links: [{ label: 'Assistance', href: '/fr/support' }] },
      footer: { socials: {}, links: [{ header: 'Ressources', items: [{ label: 'Blog', href: 'https://blog.example.com/fr' }] }] },
    });
  });

  it('warns about a language code Mintlify does not support and a bad language navbar, by path', async () => {
    const { config, diagnostics } = await loadDocsJson({
      name: 'X',
      navigation: {
        global: { languages: [{ language: 'de', href: 'https://de.example.com' }] },
        languages: [{ language: 'en', pages: ['a'] }, { language: 'klingon', navbar: { links: 'nope' }, pages: ['b'] }],
      },
    });
    expect(diagnostics.map((d) => [d.severity, d.path])).toEqual([
      ['warning', 'navigation.languages[1].language'],
      ['error', 'navigation.languages[1].navbar.links'],
    ]);
    // A language that lives elsewhere is a link, labelled in its own language.
    expect(config.navigation.global).toEqual([{ label: 'Deutsch', href: 'https://de.example.com' }]);
  });

  it("reads a division's own global links, and reports a bad one by its path", async () => {
    const { config, diagnostics } = await loadDocsJson({
      name: 'X',
      navigation: {
        global: { anchors: [{ anchor: 'Status', href: 'https://status.example.com' }] },
        languages: [
          {
            language: 'en',
            global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com', icon: 'newspaper' }, { anchor: 'No link' }] },
            versions: [{ version: 'v1', global: { tabs: [{ tab: 'Old API', href: 'https://v1.example.com' }] }, pages: ['a'] }],
          },
          { language: 'es', global: ['https://blog.example.com/es'], pages: ['b'] },
          { language: 'fr', global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com/fr' }], sidebar: true }, pages: ['c'] },
        ],
      },
    });
    expect(diagnostics.map((d) => [d.severity, d.path, d.message])).toEqual([
      ['error', 'navigation.languages[0].global.anchors[1]', 'navigation.languages[0].global.anchors[1]: needs "anchor" and "href" strings'],
      ['error', 'navigation.languages[1].global', 'navigation.languages[1].global: expected an object, got an array'],
      ['warning', 'navigation.languages[2].global.sidebar', 'navigation.languages[2].global.sidebar: unknown navigation key "sidebar" (ignored)'],
    ]);
    const [en, es, fr] = config.navigation.sections;
    expect(config.navigation.global).toEqual([{ label: 'Status', href: 'https://status.example.com' }]);
    expect(en.global).toEqual([{ label: 'Blog', href: 'https://blog.example.com', icon: 'newspaper' }]);
    expect(en.sections[0].global).toEqual([{ label: 'Old API', href: 'https://v1.example.com' }]);
    // A global that is not an object is left out, so the site's links stay on that language's pages.
    expect(es.global).toBeUndefined();
    expect(fr.global).toEqual([{ label: 'Blog', href: 'https://blog.example.com/fr' }]);
  });
});
