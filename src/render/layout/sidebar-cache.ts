/**
 * Sidebars drawn once and shared by the pages that would draw them alike. Every page
 * draws the sidebar of its section with links relative to its own folder; apart from
 * the current-page mark, the drawing depends on the page only through which groups
 * hold it (those are open, the others may collapse) and, in sections with very many
 * top-level entries, where the page sits among them. So pages of one folder that sit
 * in the same groups (the pages of one group, usually) get one drawing, marked for
 * each page (sidebar.ts markCurrent). In the 1000-page benchmark (a folder per group)
 * a render thread draws at most 101 sidebars for its share of the 1001 pages.
 */
import type { NavNode } from '../types.js';
import { drawSidebarTree, markCurrent, type SidebarContext, type SidebarDrawing } from './sidebar.js';
import type { SitePage } from './site-model.js';

/**
 * Drawings kept per tree. Pages render sorted by path, so the pages of a folder come
 * together and only the last few drawings are asked for again; a bound keeps a site
 * of thousands of folders from holding thousands of sidebars.
 */
const MAX_DRAWINGS = 64;

interface TreeDrawings {
  pages: Record<string, SitePage>;
  icon: (name: string) => string;
  /** Per page, a key naming where it sits in the tree (places()). */
  places: Map<string, string>;
  /** Drawings by folder and place, oldest first. */
  drawings: Map<string, SidebarDrawing>;
}

const byTree = new WeakMap<NavNode[], TreeDrawings>();

/**
 * Where each page of a tree sits: for each place it is listed, the groups above it
 * (numbered in tree order) or, for a top-level entry, its index. Pages with the same
 * key are held by the same groups and sit at the same top-level entry, which is all
 * the drawing asks of the current page. Pages outside the tree have no key ('').
 */
function places(nodes: NavNode[]): Map<string, string> {
  const keys = new Map<string, string>();
  let groups = 0;
  const walk = (list: NavNode[], path: string) => {
    list.forEach((node, i) => {
      if (node.kind === 'page') {
        const place = path || `@${i}`;
        const known = keys.get(node.page);
        keys.set(node.page, known === undefined ? place : `${known} ${place}`);
      } else if (node.kind === 'group') {
        walk(node.children, `${path}/${groups++}`);
      }
    });
  };
  walk(nodes, '');
  return keys;
}

/**
 * The sidebar tree of `ctx.current`, as renderSidebarTree draws it. `folder` must name
 * everything `ctx.href` depends on: pages with the same folder link alike (page hrefs
 * are relative to the page's folder).
 */
export function sidebarTreeFor(nodes: NavNode[], ctx: SidebarContext, folder: string): string {
  let tree = byTree.get(nodes);
  if (!tree || tree.pages !== ctx.pages || tree.icon !== ctx.icon) {
    tree = { pages: ctx.pages, icon: ctx.icon, places: tree?.places ?? places(nodes), drawings: new Map() };
    byTree.set(nodes, tree);
  }
  const key = `${folder}\n${tree.places.get(ctx.current) ?? ''}`;
  let drawing = tree.drawings.get(key);
  if (!drawing) {
    drawing = drawSidebarTree(nodes, ctx);
    if (tree.drawings.size >= MAX_DRAWINGS) tree.drawings.delete(tree.drawings.keys().next().value!);
    tree.drawings.set(key, drawing);
  }
  return markCurrent(drawing, ctx.current);
}
