/**
 * Breadcrumb trails: the groups above a page's first place in its section's list,
 * hidden groups included, none for a top-level page, null for a page not in the list.
 */
import { describe, expect, it } from 'vitest';
import { groupTrail } from '../../../src/render/layout/nav-tree.js';
import type { NavNode } from '../../../src/render/types.js';

const pageNode = (page: string): NavNode => ({ kind: 'page', page });

const nodes: NavNode[] = [
  pageNode('index'),
  {
    kind: 'group', group: 'Guides', children: [
      pageNode('guides/intro'),
      { kind: 'group', group: 'Advanced', children: [pageNode('guides/deep'), pageNode('shared')] },
      { kind: 'group', group: 'Internal', hidden: true, children: [pageNode('guides/secret')] },
    ],
  },
  { kind: 'group', group: 'Reference', children: [pageNode('shared'), pageNode('reference/api'), { kind: 'link', label: 'Elsewhere', href: 'https://example.com' }] },
];

describe('groupTrail', () => {
  it('names the groups above each page, depth first', () => {
    expect(groupTrail(nodes, 'index')).toEqual([]);
    expect(groupTrail(nodes, 'guides/intro')).toEqual(['Guides']);
    expect(groupTrail(nodes, 'guides/deep')).toEqual(['Guides', 'Advanced']);
    expect(groupTrail(nodes, 'guides/secret')).toEqual(['Guides', 'Internal']);
    expect(groupTrail(nodes, 'reference/api')).toEqual(['Reference']);
  });

  it('takes the first place of a page listed twice, and null for a page not listed', () => {
    expect(groupTrail(nodes, 'shared')).toEqual(['Guides', 'Advanced']);
    expect(groupTrail(nodes, 'elsewhere')).toBeNull();
    // the trail of a list below the top one starts there
    const reference = nodes[2] as Extract<NavNode, { kind: 'group' }>;
    expect(groupTrail(reference.children, 'shared')).toEqual([]);
    expect(groupTrail(reference.children, 'guides/deep')).toBeNull();
  });
});
