/**
 * Shared sidebar drawings: for every page, the sidebar taken from the cache is the one
 * drawn for that page alone (current page marked, its groups open, links relative to
 * its folder), in small trees and in very large windowed ones; pages of one folder and
 * one group share a drawing, and a drawing is not reused for other page data or icons.
 */
import { describe, expect, it } from 'vitest';
import { pageHref } from '../../../src/render/output/page-paths.js';
import { sidebarTreeFor } from '../../../src/render/layout/sidebar-cache.js';
import { INLINE_LIMIT, renderSidebarTree, type SidebarContext } from '../../../src/render/layout/sidebar.js';
import type { SitePage } from '../../../src/render/layout/site-model.js';
import type { NavNode } from '../../../src/render/types.js';

function page(p: string, extra: Partial<SitePage> = {}): SitePage {
  return { page: p, title: p, sidebarTitle: `Title of ${p}`, hidden: false, noindex: false, listed: true, searchable: true, deprecated: false, inNav: true, ...extra };
}

const folderOf = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));

const icons = (name: string) => `<i>${name}</i>`;

/** A context as the layout makes one, counting the links it draws. */
function context(current: string, pages: Record<string, SitePage>, icon = icons) {
  const calls = { href: 0 };
  const ctx: SidebarContext = { current, pages, icon, href: (to) => (calls.href++, pageHref(current, to)) };
  return { ctx, calls };
}

/** Every page asks for its sidebar twice, in path order: each answer is checked against a fresh drawing. */
function expectSameAsDrawnAlone(nodes: NavNode[], pages: Record<string, SitePage>, extra: string[] = []) {
  const all = [...Object.keys(pages), ...extra].sort();
  for (const round of [1, 2]) {
    for (const p of all) {
      const cached = sidebarTreeFor(nodes, context(p, pages).ctx, folderOf(p));
      expect(cached, `${p}, round ${round}`).toBe(renderSidebarTree(nodes, context(p, pages).ctx));
    }
  }
}

function smallTree(): { nodes: NavNode[]; pages: Record<string, SitePage> } {
  const pages: Record<string, SitePage> = {};
  const add = (p: string, extra: Partial<SitePage> = {}) => ((pages[p] = page(p, extra)), { kind: 'page' as const, page: p });
  const nodes: NavNode[] = [
    add('index'),
    {
      kind: 'group', group: 'Guides', icon: 'book', children: [
        add('guides/intro'),
        add('guides/setup', { icon: 'rocket', method: 'POST', tag: 'New' }),
        { kind: 'group', group: 'Advanced', children: [add('guides/deep/one'), add('guides/deep/two', { deprecated: true }), { kind: 'page', page: 'guides/intro' }] },
        { kind: 'group', group: 'Open', expanded: true, children: [add('guides/open/a')] },
        { kind: 'group', group: 'Only hidden', children: [add('guides/hidden', { hidden: true })] },
        { kind: 'link', label: 'Elsewhere', href: 'https://example.com' },
      ],
    },
    { kind: 'group', group: 'Reference', children: [add('reference/api'), add('reference/cli')] },
  ];
  return { nodes, pages };
}

describe('sidebarTreeFor', () => {
  it('gives every page of a small tree the sidebar drawn for it alone', () => {
    const { nodes, pages } = smallTree();
    // 'elsewhere' is not in the tree: nothing is marked and no group opened for it
    expectSameAsDrawnAlone(nodes, pages, ['guides/elsewhere', 'outside']);
    const html = sidebarTreeFor(nodes, context('guides/deep/one', pages).ctx, 'guides/deep');
    expect(html).toContain('<a class="nav-link" href="one.html" aria-current="page">');
    expect(html).toContain('<details open><summary><span class="nav-label">Advanced</span>');
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).not.toContain('Only hidden');
  });

  it('marks a page listed twice in both places and opens both groups', () => {
    const { nodes, pages } = smallTree();
    const html = sidebarTreeFor(nodes, context('guides/intro', pages).ctx, 'guides');
    expect(html.match(/href="intro.html" aria-current="page"/g)).toHaveLength(2);
    expect(html).toContain('<details open><summary><span class="nav-label">Advanced</span>');
    const other = sidebarTreeFor(nodes, context('guides/setup', pages).ctx, 'guides');
    expect(other).toContain('<details><summary><span class="nav-label">Advanced</span>');
    expect(other).not.toContain('href="intro.html" aria-current');
  });

  it('gives every page of a very large, windowed tree the sidebar drawn for it alone', () => {
    const pages: Record<string, SitePage> = {};
    const nodes: NavNode[] = [];
    for (let g = 0; g < 60; g++) {
      // top-level pages between the groups move the window like groups do
      if (g % 10 === 0) {
        pages[`top${g}`] = page(`top${g}`);
        nodes.push({ kind: 'page', page: `top${g}` });
      }
      const sub: NavNode[] = [];
      for (let i = 0; i < 3; i++) {
        const p = `s${g}/sub/p${i}`;
        pages[p] = page(p);
        sub.push({ kind: 'page', page: p });
      }
      const children: NavNode[] = [{ kind: 'group', group: `Sub ${g}`, children: sub }];
      for (let i = 0; i < 6; i++) {
        const p = `s${g}/p${i}`;
        pages[p] = page(p);
        children.push({ kind: 'page', page: p });
      }
      nodes.push({ kind: 'group', group: `Group ${g}`, children });
    }
    expect(60 * 11).toBeGreaterThan(INLINE_LIMIT);
    expectSameAsDrawnAlone(nodes, pages);
    const html = sidebarTreeFor(nodes, context('s30/sub/p1', pages).ctx, 's30/sub');
    expect(html).toContain('<a class="nav-link" href="p1.html" aria-current="page">');
    expect(html).toContain('<li class="nav-group-collapsed"><a href="../../s31/sub/p0.html">Group 31</a></li>');
    expect(html).toContain('<details open><summary><span class="nav-label">Sub 30</span>');
  });

  it('draws once for the pages of one folder and group, and again for another folder', () => {
    const { nodes, pages } = smallTree();
    const first = context('reference/api', pages);
    sidebarTreeFor(nodes, first.ctx, 'reference');
    expect(first.calls.href).toBeGreaterThan(0);
    const second = context('reference/cli', pages);
    const html = sidebarTreeFor(nodes, second.ctx, 'reference');
    expect(second.calls.href).toBe(0);
    expect(html).toContain('<a class="nav-link" href="cli.html" aria-current="page">');
    expect(html).toContain('<a class="nav-link" href="api.html">');
    const elsewhere = context('guides/intro', pages);
    sidebarTreeFor(nodes, elsewhere.ctx, 'guides');
    expect(elsewhere.calls.href).toBeGreaterThan(0);
  });

  it('draws again for other page data or another icon renderer', () => {
    const { nodes, pages } = smallTree();
    sidebarTreeFor(nodes, context('reference/api', pages).ctx, 'reference');
    const renamed = { ...pages, 'reference/cli': page('reference/cli', { sidebarTitle: 'Command line' }) };
    expect(sidebarTreeFor(nodes, context('reference/api', renamed).ctx, 'reference')).toContain('>Command line</a>');
    const html = sidebarTreeFor(nodes, context('guides/intro', renamed, (name) => `<b>${name}</b>`).ctx, 'guides');
    expect(html).toContain('<b>book</b>');
    expect(html).not.toContain('<i>book</i>');
  });
});
