/**
 * The pages of a navigation tree in reading order (root entries first, then each
 * section depth-first), each once. Used for previous/next links and to find the set
 * of pages to render.
 */
import type { NavNode, NavSection, Navigation } from '../types.js';

export interface FlattenOptions {
  /** Include pages of groups marked `hidden`. @default true */
  includeHidden?: boolean;
}

export function flattenPages(nav: Navigation, options: FlattenOptions = {}): string[] {
  const includeHidden = options.includeHidden ?? true;
  const seen = new Set<string>();
  const out: string[] = [];
  const node = (n: NavNode): void => {
    if (n.kind === 'page') {
      if (!seen.has(n.page)) {
        seen.add(n.page);
        out.push(n.page);
      }
    } else if (n.kind === 'group' && (includeHidden || !n.hidden)) {
      n.children.forEach(node);
    }
  };
  const section = (s: NavSection): void => {
    s.children.forEach(node);
    s.sections.forEach(section);
  };
  nav.root.forEach(node);
  nav.sections.forEach(section);
  return out;
}
