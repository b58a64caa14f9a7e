/**
 * Walks the navigation tree: which sections lead to a page, the first page of a
 * section or group (where a tab links to), and the reading order of visible pages.
 */
import type { NavNode, NavSection, Navigation } from '../types.js';
import type { SitePage } from './site-model.js';

/** Visible pages of a node list, depth first, in the order the sidebar shows them. */
export function visiblePages(nodes: NavNode[], pages: Record<string, SitePage>, out: string[] = []): string[] {
  for (const node of nodes) {
    if (node.kind === 'page') {
      const p = pages[node.page];
      if (p && !p.hidden) out.push(node.page);
    } else if (node.kind === 'group' && !node.hidden) {
      visiblePages(node.children, pages, out);
    }
  }
  return out;
}

export function sectionPages(section: NavSection, pages: Record<string, SitePage>, out: string[] = []): string[] {
  visiblePages(section.children, pages, out);
  for (const s of section.sections) if (!s.href) sectionPages(s, pages, out);
  return out;
}

/** Every visible page of the site in navigation order, without duplicates. */
export function readingOrder(nav: Navigation, pages: Record<string, SitePage>): string[] {
  const all = visiblePages(nav.root, pages);
  for (const s of nav.sections) sectionPages(s, pages, all);
  return [...new Set(all)];
}

/** Every page named anywhere in the tree, hidden or not. */
export function allNavPages(nav: Navigation): Set<string> {
  const found = new Set<string>();
  const nodes = (list: NavNode[]) => {
    for (const n of list) {
      if (n.kind === 'page') found.add(n.page);
      else if (n.kind === 'group') nodes(n.children);
    }
  };
  const sections = (list: NavSection[]) => {
    for (const s of list) {
      nodes(s.children);
      sections(s.sections);
    }
  };
  nodes(nav.root);
  sections(nav.sections);
  return found;
}

const pagesUnder = new WeakMap<NavNode[], Set<string>>();

/**
 * Whether a node list (or a group below it) holds `page`. Every page of a site asks
 * this of every group drawn in its sidebar: each list's pages are collected once.
 */
export function nodesContain(nodes: NavNode[], page: string): boolean {
  let set = pagesUnder.get(nodes);
  if (!set) {
    set = new Set<string>();
    for (const n of nodes) {
      if (n.kind === 'page') set.add(n.page);
      else if (n.kind === 'group') for (const p of collect(n.children)) set.add(p);
    }
    pagesUnder.set(nodes, set);
  }
  return set.has(page);
}

function collect(nodes: NavNode[]): Set<string> {
  nodesContain(nodes, '');
  return pagesUnder.get(nodes)!;
}

function sectionContains(section: NavSection, page: string): boolean {
  return nodesContain(section.children, page) || section.sections.some((s) => sectionContains(s, page));
}

/**
 * The chain of sections from the top of the tree down to the one holding the page.
 * Empty when the page sits in the top-level node list. A page outside the navigation
 * gets the top-level list when there is one, else at each level the section its path
 * points at (guessSection: `ja/x` belongs to the `ja` language).
 */
export function sectionChain(nav: Navigation, page: string): { chain: NavSection[]; found: boolean } {
  if (nodesContain(nav.root, page)) return { chain: [], found: true };
  const chain: NavSection[] = [];
  let level = nav.sections;
  while (level.length > 0) {
    const holder = level.find((s) => !s.href && sectionContains(s, page));
    if (holder) {
      chain.push(holder);
      if (nodesContain(holder.children, page)) return { chain, found: true };
      level = holder.sections;
      continue;
    }
    if (nav.root.length > 0 && chain.length === 0) return { chain, found: false };
    const fallback = guessSection(level, page);
    if (!fallback) break;
    chain.push(fallback);
    level = fallback.sections;
  }
  return { chain, found: false };
}

// Every page of a site asks where each tab and far group leads: remember the answer
// per tree object (a new navigation object per export, so nothing goes stale).
const sectionTargets = new WeakMap<NavSection, { page?: string; href?: string }>();
const firstPages = new WeakMap<NavNode[], string | null>();

/** Where a section link points: its own href, or its first visible page. */
export function sectionTarget(section: NavSection, pages: Record<string, SitePage>): { page?: string; href?: string } {
  let target = sectionTargets.get(section);
  if (!target) {
    const first = section.href ? undefined : sectionPages(section, pages)[0];
    target = section.href ? { href: section.href } : first ? { page: first } : {};
    sectionTargets.set(section, target);
  }
  return target;
}

/** First visible page of a node list (a group's children), remembered per list. */
export function firstVisiblePage(nodes: NavNode[], pages: Record<string, SitePage>): string | undefined {
  let first = firstPages.get(nodes);
  if (first === undefined) {
    first = visiblePages(nodes, pages)[0] ?? null;
    firstPages.set(nodes, first);
  }
  return first ?? undefined;
}

const trails = new WeakMap<NavNode[], Map<string, string[]>>();

/**
 * Groups (titles) on the way to a page inside a node list, for breadcrumbs: those
 * above the page's first place in the list, depth first. Every page asks this of its
 * section's list: the trails of all its pages are collected in one walk.
 */
export function groupTrail(nodes: NavNode[], page: string): readonly string[] | null {
  let byPage = trails.get(nodes);
  if (!byPage) {
    const found = new Map<string, string[]>();
    const walk = (list: NavNode[], above: string[]) => {
      for (const n of list) {
        if (n.kind === 'page' && !found.has(n.page)) found.set(n.page, above);
        else if (n.kind === 'group') walk(n.children, [...above, n.group]);
      }
    };
    walk(nodes, []);
    trails.set(nodes, (byPage = found));
  }
  return byPage.get(page) ?? null;
}

const prefixes = new WeakMap<NavSection, string | null>();

function nodePages(nodes: NavNode[], out: string[]): void {
  for (const n of nodes) {
    if (n.kind === 'page') out.push(n.page);
    else if (n.kind === 'group') nodePages(n.children, out);
  }
}

function allPages(section: NavSection, out: string[] = []): string[] {
  nodePages(section.children, out);
  for (const s of section.sections) allPages(s, out);
  return out;
}

/** The folder every page of a section lies in (`fr`, `fr/v1`), or null when they share none. */
export function sectionPrefix(section: NavSection): string | null {
  let prefix = prefixes.get(section);
  if (prefix === undefined) {
    let common: string[] | null = null;
    for (const page of allPages(section)) {
      const dirs = page.split('/').slice(0, -1);
      if (common === null) common = dirs;
      else {
        let n = 0;
        while (n < common.length && n < dirs.length && common[n] === dirs[n]) n++;
        common = common.slice(0, n);
      }
      if (common.length === 0) break;
    }
    prefix = common && common.length ? common.join('/') : null;
    prefixes.set(section, prefix);
  }
  return prefix;
}

/**
 * The section a page outside the navigation belongs to among `level`: the language
 * whose code, or the section whose shared folder, is the page's first path segment;
 * else the default one; else the first.
 */
export function guessSection(level: NavSection[], page: string): NavSection | undefined {
  const candidates = level.filter((s) => !s.href);
  const head = page.includes('/') ? page.slice(0, page.indexOf('/')).toLowerCase() : '';
  return (
    (head && candidates.find((s) => s.kind === 'language' && s.label.toLowerCase() === head)) ||
    candidates.find((s) => {
      const prefix = sectionPrefix(s);
      return prefix !== null && page.startsWith(prefix + '/');
    }) ||
    candidates.find((s) => s.default) ||
    candidates[0]
  );
}
