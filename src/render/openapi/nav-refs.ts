/**
 * Navigation helpers for the API reference plan: which OpenAPI / AsyncAPI documents a site
 * names (in a stable order), and the docs.json JSON path of a navigation entry, so that a
 * diagnostic points where the author wrote it (`navigation.tabs[1].groups[0].pages[2]`).
 */
import type { NavNode, NavSection, SiteConfig } from '../types.js';

/** Every `openapi` (or `asyncapi`) source of the site as written, first appearance first, deduplicated. */
export function collectSpecSources(config: SiteConfig, kind: 'openapi' | 'asyncapi', extra: string[] = []): string[] {
  const refs: string[] = [...(kind === 'openapi' ? config.api.openapi : []), ...(config.navigation.specs?.[kind]?.source ?? [])];
  const fromNodes = (nodes: NavNode[]): void => {
    for (const n of nodes) {
      if (n.kind === 'group') {
        refs.push(...(n.specs?.[kind]?.source ?? []));
        fromNodes(n.children);
      } else if (n.kind === 'endpoint' && n.file && kind === 'openapi') refs.push(n.file);
    }
  };
  const fromSections = (sections: NavSection[]): void => {
    for (const s of sections) {
      refs.push(...(s.specs?.[kind]?.source ?? []));
      fromNodes(s.children);
      fromSections(s.sections);
    }
  };
  fromNodes(config.navigation.root);
  fromSections(config.navigation.sections);
  refs.push(...extra);
  return [...new Set(refs.filter((r) => typeof r === 'string' && r.trim() !== ''))];
}

const SECTION_KEYS: Record<NavSection['kind'], string> = { product: 'products', tab: 'tabs', menu: 'menu', anchor: 'anchors', dropdown: 'dropdowns', version: 'versions', language: 'languages' };

export function sectionPath(at: string, sections: NavSection[], i: number): string {
  const kind = sections[i].kind;
  const index = sections.slice(0, i).filter((s) => s.kind === kind).length;
  return `${at}.${SECTION_KEYS[kind]}[${index}]`;
}

/**
 * Path of the i-th entry of a list of navigation nodes. Inside a group entries live in
 * `pages`; elsewhere groups live in `groups` and the rest in `pages`; the legacy mint.json
 * navigation is a bare array of groups.
 */
export function childPath(at: string, siblings: NavNode[], i: number, parent: 'group' | 'section' | 'root', source: SiteConfig['source']): string {
  if (parent === 'group') return `${at}.pages[${i}]`;
  if (parent === 'root' && source === 'mint.json') return `${at}[${i}]`;
  const isGroup = siblings[i].kind === 'group';
  const index = siblings.slice(0, i).filter((n) => (n.kind === 'group') === isGroup).length;
  return `${at}.${isGroup ? 'groups' : 'pages'}[${index}]`;
}
