/**
 * Normalises the `navigation` block of docs.json into the Navigation tree of types.ts.
 * Every division (products, versions, languages, tabs and their menus, anchors,
 * dropdowns) may hold groups,
 * pages and further divisions; groups nest. Walked entry by entry so that a wrong type
 * drops that entry only and is reported with its JSON path.
 */
import type { Diagnostic, LanguageChrome, LinkItem, NavNode, NavSection, NavSpecs, Navigation } from '../types.js';
import { isKnownLanguage, languageName } from './languages.js';
import { formatJsonPath } from './friendly-errors.js';
import { GROUP_KEYS, isObj, NOT_APPLIED, ROOT_KEYS, SECTION_KEYS, specRef } from './nav-keys.js';
import { bannerOf, footerOf, navbarOf, parseSection } from './sections.js';
import { parseOperationReference } from '../openapi/operation-reference.js';

type Obj = Record<string, unknown>;
type Path = PropertyKey[];


/** Division keys in the order they are read, with the key holding each one's label. */
const DIVISIONS: { key: string; kind: NavSection['kind']; label: string }[] = [
  { key: 'products', kind: 'product', label: 'product' },
  { key: 'versions', kind: 'version', label: 'version' },
  { key: 'languages', kind: 'language', label: 'language' },
  { key: 'tabs', kind: 'tab', label: 'tab' },
  { key: 'anchors', kind: 'anchor', label: 'anchor' },
  { key: 'dropdowns', kind: 'dropdown', label: 'dropdown' },
  { key: 'menu', kind: 'menu', label: 'item' },
];

export class NavReader {
  constructor(private readonly file: string, readonly diagnostics: Diagnostic[], private readonly iconLibrary = 'fontawesome') {}

  private bad(path: Path, message: string, severity: Diagnostic['severity'] = 'error'): void {
    const p = formatJsonPath(path);
    this.diagnostics.push({ severity, file: this.file, path: p, message: `${p}: ${message}` });
  }

  private isObj(v: unknown, path: Path, what: string): v is Obj {
    if (isObj(v)) return true;
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

  /**
   * An optional icon: a name, or an icon object `{"name": "gear", "style": "solid"}` as
   * Mintlify's navigation accepts (organize/navigation.mdx), written as the name the icon
   * renderer reads (`fa-solid gear`). A per-icon `library` other than the site's is reported.
   */
  private optIcon(o: Obj, key: string, path: Path): string | undefined {
    const v = o[key];
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return this.optString(o, key, path);
    const icon = v as Obj;
    const name = this.optString(icon, 'name', [...path, key]);
    if (name === undefined) {
      this.bad([...path, key, 'name'], 'is required (the icon name)');
      return undefined;
    }
    const style = this.optString(icon, 'style', [...path, key]);
    const library = this.optString(icon, 'library', [...path, key]);
    if (library !== undefined && library !== this.iconLibrary) this.bad([...path, key, 'library'], `a per-icon library is not supported: the site's icons.library (${this.iconLibrary}) is used`, 'warning');
    return style ? `fa-${style} ${name}` : name;
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

  /** Keys that are documented but not applied, or not known at all: one warning each. */
  private unknownKeys(o: Obj, known: string[], path: Path): void {
    for (const key of Object.keys(o)) {
      if (known.includes(key)) continue;
      const why = NOT_APPLIED[key];
      // `directory: "none"` asks for what the export does anyway.
      if (key === 'directory' && o[key] === 'none') continue;
      this.bad([...path, key], why ? `${why} (ignored)` : `unknown navigation key "${key}" (ignored)`, 'warning');
    }
  }

  /** `navigation` itself: a division without a label. */
  read(nav: unknown): Navigation {
    const path: Path = ['navigation'];
    if (nav === undefined) return { root: [], sections: [], global: [] };
    if (!this.isObj(nav, path, 'an object')) return { root: [], sections: [], global: [] };
    this.unknownKeys(nav, ROOT_KEYS, path);
    const { children, sections } = this.content(nav, path);
    return { root: children, sections, global: this.global(nav.global, [...path, 'global']) ?? [], ...this.specs(nav, path) };
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
    this.unknownKeys(s, SECTION_KEYS[d.label], path);
    if (d.kind === 'language' && !isKnownLanguage(label)) {
      this.bad([...path, 'language'], `"${label}" is not a language code Mintlify supports; its pages keep the English interface`, 'warning');
    }
    const { children, sections } = this.content(s, path);
    const href = this.optString(s, 'href', path) ?? this.optString(s, 'url', path);
    const global = this.global(s.global, [...path, 'global']);
    const text = (key: string) => {
      const v = this.optString(s, key, path);
      return v !== undefined ? { [key]: v } : {};
    };
    return {
      kind: d.kind,
      label,
      ...(this.optIcon(s, 'icon', path) !== undefined ? { icon: this.optIcon(s, 'icon', path)! } : {}),
      ...text('description'),
      ...text('tag'),
      ...(href !== undefined ? { href } : {}),
      ...this.specs(s, path),
      ...(this.flag(s, 'default', path) ? { default: true } : {}),
      ...(this.flag(s, 'hidden', path) ? { hidden: true } : {}),
      ...(this.flag(s, 'searchable', path) ? { searchable: true } : {}),
      ...(d.kind === 'language' ? this.chrome(s, path) : {}),
      ...(global ? { global } : {}),
      children,
      sections,
    };
  }

  /** A language's own banner, navbar and footer, validated like the site's. */
  private chrome(s: Obj, path: Path): { chrome?: LanguageChrome } {
    const chrome: LanguageChrome = {};
    const at = formatJsonPath(path);
    const banner = parseSection('banner', s.banner, [...path, 'banner'], this.file, this.diagnostics);
    if (banner) chrome.banner = bannerOf(banner);
    const navbar = parseSection('navbar', s.navbar, [...path, 'navbar'], this.file, this.diagnostics);
    if (navbar) chrome.navbar = navbarOf(navbar, `${at}.navbar`, this.file, this.diagnostics);
    const footer = parseSection('footer', s.footer, [...path, 'footer'], this.file, this.diagnostics);
    if (footer) chrome.footer = footerOf(footer, `${at}.footer`, this.file, this.diagnostics);
    return Object.keys(chrome).length ? { chrome } : {};
  }

  group(g: unknown, path: Path): NavNode | null {
    if (!this.isObj(g, path, 'a group object')) return null;
    const name = this.optString(g, 'group', path);
    if (name === undefined) {
      this.bad([...path, 'group'], 'is required (the group name)');
      return null;
    }
    this.unknownKeys(g, GROUP_KEYS, path);
    const children: NavNode[] = [];
    this.list(g, 'pages', path).forEach((p, i) => {
      const node = this.entry(p, [...path, 'pages', i]);
      if (node) children.push(node);
    });
    const node: NavNode & { kind: 'group' } = { kind: 'group', group: name, children };
    const icon = this.optIcon(g, 'icon', path);
    if (icon !== undefined) node.icon = icon;
    const tag = this.optString(g, 'tag', path);
    if (tag !== undefined) node.tag = tag;
    if (g.hidden !== undefined) node.hidden = this.flag(g, 'hidden', path);
    if (g.expanded !== undefined) node.expanded = this.flag(g, 'expanded', path);
    if (g.searchable !== undefined) node.searchable = this.flag(g, 'searchable', path);
    if (g.boost !== undefined && g.boost !== null) {
      // Mintlify's optimize/search.mdx: any positive number multiplies the pages' search ranking.
      if (typeof g.boost === 'number' && Number.isFinite(g.boost) && g.boost > 0) node.boost = g.boost;
      else this.bad([...path, 'boost'], `expected a positive number, got ${JSON.stringify(g.boost)} (ignored)`, 'warning');
    }
    Object.assign(node, this.specs(g, path));
    // `root` is the page a group opens on: first in reading order, drawn as the group title's link.
    const root = this.optString(g, 'root', path);
    if (root !== undefined) children.unshift({ kind: 'page', page: pagePath(root), root: true });
    return node;
  }

  /** `openapi` and `asyncapi` (string, list or `{source, directory}`) and `examples` of a node, carried for the API reference plan. */
  private specs(o: Obj, path: Path): { openapi?: string; specs?: NavSpecs } {
    const specs: NavSpecs = {};
    for (const key of ['openapi', 'asyncapi'] as const) {
      if (o[key] === undefined || o[key] === null) continue;
      const ref = specRef(o[key]);
      if (ref) specs[key] = ref;
      else this.bad([...path, key], 'expected a file path or URL, an array of them, or {"source", "directory"}');
    }
    const ex = o.examples;
    if (ex !== undefined && ex !== null && this.isObj(ex, [...path, 'examples'], 'an object')) {
      const at = [...path, 'examples'];
      specs.examples = {};
      if (ex.languages !== undefined) specs.examples.languages = this.list(ex, 'languages', at).filter((l): l is string => typeof l === 'string');
      if (ex.autogenerate !== undefined && ex.autogenerate !== null) {
        if (typeof ex.autogenerate === 'boolean') specs.examples.autogenerate = ex.autogenerate;
        else this.bad([...at, 'autogenerate'], `expected true or false, got ${typeof ex.autogenerate}`);
      }
    }
    if (!specs.openapi && !specs.asyncapi && !specs.examples) return {};
    return { ...(specs.openapi ? { openapi: specs.openapi.source[0] } : {}), specs };
  }

  /** A `pages` entry: a page path, an endpoint string or a nested group. */
  entry(p: unknown, path: Path): NavNode | null {
    if (typeof p === 'string') return pageEntry(p);
    if (p && typeof p === 'object' && !Array.isArray(p)) return this.group(p, path);
    this.bad(path, `expected a page path (string) or a group object, got ${Array.isArray(p) ? 'an array' : p === null ? 'null' : `${typeof p} ${JSON.stringify(p) ?? ''}`.trim()}`);
    return null;
  }

  /**
   * `global` of `navigation` or of a division: links shown on every page under it
   * (languages, versions and products that link elsewhere too). Undefined when not
   * written or not an object, so a broken division `global` leaves the site's links in place.
   */
  private global(g: unknown, path: Path): LinkItem[] | undefined {
    if (g === undefined || g === null) return undefined;
    if (!this.isObj(g, path, 'an object')) return undefined;
    const out: LinkItem[] = [];
    const kinds = [['anchors', 'anchor'], ['tabs', 'tab'], ['dropdowns', 'dropdown'], ['languages', 'language'], ['versions', 'version'], ['products', 'product']] as const;
    this.unknownKeys(g, kinds.map(([k]) => k), path);
    for (const [key, label] of kinds) {
      this.list(g, key, path).forEach((a, i) => {
        const p = [...path, key, i];
        if (!this.isObj(a, p, `a ${label} object`)) return;
        const text = this.optString(a, label, p);
        const href = this.optString(a, 'href', p);
        if (text === undefined || href === undefined) return this.bad(p, `needs "${label}" and "href" strings`);
        if (this.flag(a, 'hidden', p)) return;
        const icon = this.optIcon(a, 'icon', p);
        out.push({ label: label === 'language' ? languageName(text) : text, href, ...(icon ? { icon } : {}) });
      });
    }
    return out;
  }
}

/** `/guides/intro.mdx` -> `guides/intro`. */
export function pagePath(p: string): string {
  return p.trim().replace(/^\.?\//, '').replace(/\.mdx?$/, '');
}

/** A string from a `pages` list: `"GET /users"`, `"api.yaml POST /users"`, `"webhook orderUpdated"` or a page path. */
export function pageEntry(p: string): NavNode {
  // Whatever precedes the method names the document, with or without its extension (`v3-openapi POST /tasks`).
  const ref = parseOperationReference(p);
  if (ref) return { kind: 'endpoint', ...ref };
  return { kind: 'page', page: pagePath(p) };
}
