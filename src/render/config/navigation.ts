/**
 * Normalises the `navigation` block of docs.json into the Navigation tree of types.ts.
 * Every division (tabs, anchors, dropdowns, menus, versions, languages) may hold groups,
 * pages and further divisions; groups nest. Walked entry by entry so that a wrong type
 * drops that entry only and is reported with its JSON path.
 */
import type { Diagnostic, LinkItem, NavNode, NavSection, Navigation } from '../types.js';
import { formatJsonPath } from './friendly-errors.js';
import { openapiSources } from './schema.js';

type Obj = Record<string, unknown>;
type Path = PropertyKey[];

const METHODS = 'GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK';
const ENDPOINT = new RegExp(`^(?:(\\S+\\.(?:ya?ml|json)|https?://\\S+)\\s+)?(${METHODS})\\s+(/\\S*)$`, 'i');

/** Division keys in the order they are read, with the key holding each one's label. */
const DIVISIONS: { key: string; kind: NavSection['kind']; label: string }[] = [
  { key: 'versions', kind: 'version', label: 'version' },
  { key: 'languages', kind: 'language', label: 'language' },
  { key: 'tabs', kind: 'tab', label: 'tab' },
  { key: 'anchors', kind: 'anchor', label: 'anchor' },
  { key: 'dropdowns', kind: 'dropdown', label: 'dropdown' },
  { key: 'menu', kind: 'dropdown', label: 'item' },
];

export class NavReader {
  constructor(private readonly file: string, readonly diagnostics: Diagnostic[]) {}

  private bad(path: Path, message: string): void {
    const p = formatJsonPath(path);
    this.diagnostics.push({ severity: 'error', file: this.file, path: p, message: `${p}: ${message}` });
  }

  private isObj(v: unknown, path: Path, what: string): v is Obj {
    if (v && typeof v === 'object' && !Array.isArray(v)) return true;
    this.bad(path, `expected ${what}, got ${Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v}`);
    return false;
  }

  private optString(o: Obj, key: string, path: Path): string | undefined {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    this.bad([...path, key], `expected a string, got ${typeof v}`);
    return undefined;
  }

  /** An optional boolean flag; other types are reported. */
  private flag(o: Obj, key: string, path: Path): boolean {
    const v = o[key];
    if (v === undefined || v === null) return false;
    if (typeof v === 'boolean') return v;
    this.bad([...path, key], `expected true or false, got ${typeof v}`);
    return false;
  }

  private list(o: Obj, key: string, path: Path): unknown[] {
    const v = o[key];
    if (v === undefined || v === null) return [];
    if (Array.isArray(v)) return v;
    this.bad([...path, key], `expected an array, got ${typeof v}`);
    return [];
  }

  /** `navigation` itself: a division without a label. */
  read(nav: unknown): Navigation {
    const path: Path = ['navigation'];
    if (nav === undefined) return { root: [], sections: [], global: [] };
    if (!this.isObj(nav, path, 'an object')) return { root: [], sections: [], global: [] };
    const { children, sections } = this.content(nav, path);
    return { root: children, sections, global: this.global(nav.global, [...path, 'global']) };
  }

  private content(o: Obj, path: Path): { children: NavNode[]; sections: NavSection[] } {
    const children: NavNode[] = [];
    this.list(o, 'groups', path).forEach((g, i) => {
      const node = this.group(g, [...path, 'groups', i]);
      if (node) children.push(node);
    });
    this.list(o, 'pages', path).forEach((p, i) => {
      const node = this.entry(p, [...path, 'pages', i]);
      if (node) children.push(node);
    });
    const sections: NavSection[] = [];
    for (const d of DIVISIONS) {
      this.list(o, d.key, path).forEach((s, i) => {
        const sec = this.section(s, d, [...path, d.key, i]);
        if (sec) sections.push(sec);
      });
    }
    return { children, sections };
  }

  private section(s: unknown, d: (typeof DIVISIONS)[number], path: Path): NavSection | null {
    if (!this.isObj(s, path, `a ${d.label} object`)) return null;
    const label = this.optString(s, d.label, path);
    if (label === undefined) {
      this.bad([...path, d.label], `is required (the ${d.label} name)`);
      return null;
    }
    const { children, sections } = this.content(s, path);
    const href = this.optString(s, 'href', path) ?? this.optString(s, 'url', path);
    const openapi = openapiSources(s.openapi)[0];
    return {
      kind: d.kind,
      label,
      ...(this.optString(s, 'icon', path) !== undefined ? { icon: s.icon as string } : {}),
      ...(href !== undefined ? { href } : {}),
      ...(openapi !== undefined ? { openapi } : {}),
      ...(this.flag(s, 'default', path) ? { default: true } : {}),
      ...(this.flag(s, 'hidden', path) ? { hidden: true } : {}),
      children,
      sections,
    };
  }

  group(g: unknown, path: Path): NavNode | null {
    if (!this.isObj(g, path, 'a group object')) return null;
    const name = this.optString(g, 'group', path);
    if (name === undefined) {
      this.bad([...path, 'group'], 'is required (the group name)');
      return null;
    }
    const children: NavNode[] = [];
    this.list(g, 'pages', path).forEach((p, i) => {
      const node = this.entry(p, [...path, 'pages', i]);
      if (node) children.push(node);
    });
    const node: NavNode & { kind: 'group' } = { kind: 'group', group: name, children };
    const icon = this.optString(g, 'icon', path);
    if (icon !== undefined) node.icon = icon;
    if (g.hidden !== undefined) node.hidden = this.flag(g, 'hidden', path);
    if (g.expanded !== undefined) node.expanded = this.flag(g, 'expanded', path);
    const openapi = openapiSources(g.openapi)[0];
    if (openapi !== undefined) node.openapi = openapi;
    // `root` is the page a group opens on; keep it reachable as the group's first page.
    const root = this.optString(g, 'root', path);
    if (root !== undefined) children.unshift({ kind: 'page', page: pagePath(root) });
    return node;
  }

  /** A `pages` entry: a page path, an endpoint string or a nested group. */
  entry(p: unknown, path: Path): NavNode | null {
    if (typeof p === 'string') return pageEntry(p);
    if (p && typeof p === 'object' && !Array.isArray(p)) return this.group(p, path);
    this.bad(path, `expected a page path (string) or a group object, got ${Array.isArray(p) ? 'an array' : p === null ? 'null' : `${typeof p} ${JSON.stringify(p) ?? ''}`.trim()}`);
    return null;
  }

  private global(g: unknown, path: Path): LinkItem[] {
    if (g === undefined || g === null) return [];
    if (!this.isObj(g, path, 'an object')) return [];
    const out: LinkItem[] = [];
    for (const [key, label] of [['anchors', 'anchor'], ['tabs', 'tab'], ['dropdowns', 'dropdown']] as const) {
      this.list(g, key, path).forEach((a, i) => {
        const p = [...path, key, i];
        if (!this.isObj(a, p, `a ${label} object`)) return;
        const text = this.optString(a, label, p);
        const href = this.optString(a, 'href', p);
        if (text === undefined || href === undefined) return this.bad(p, `needs "${label}" and "href" strings`);
        const icon = this.optString(a, 'icon', p);
        out.push({ label: text, href, ...(icon ? { icon } : {}) });
      });
    }
    return out;
  }
}

/** `/guides/intro.mdx` -> `guides/intro`. */
export function pagePath(p: string): string {
  return p.trim().replace(/^\.?\//, '').replace(/\.mdx?$/, '');
}

/** A string from a `pages` list: `"GET /users"`, `"api.yaml POST /users"` or a page path. */
export function pageEntry(p: string): NavNode {
  const m = ENDPOINT.exec(p.trim());
  if (m) {
    const node: NavNode = { kind: 'endpoint', method: m[2].toUpperCase(), path: m[3].trim() };
    if (m[1]) node.file = m[1];
    return node;
  }
  return { kind: 'page', page: pagePath(p) };
}
