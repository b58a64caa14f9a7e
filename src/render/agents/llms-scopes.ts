/**
 * What each `llms.txt` lists: one scope per language (the default language at the
 * site's root, the others under their code: `es/llms.txt`), each holding, in navigation
 * order, the pages of its default version grouped under the navigation group they sit
 * in (nested groups under their outermost one), and the navigation's links to other
 * hosts. Mintlify lists the default language and version only; the other languages get
 * files of their own here so agents reading them find pages in that language.
 */
import type { LinkItem, NavNode, NavSection, Navigation } from '../types.js';
import type { SitePage } from '../layout/site-model.js';
import { isExternal } from '../markdown/links.js';

export interface LlmsEntry {
  page: string;
  /** The heading it goes under: its outermost navigation group, else its tab or anchor, else `Docs`. */
  section: string;
}

export interface LlmsScope {
  /** Folder of the scope's files: '' for the default language (or a site without languages), else the language code. */
  dir: string;
  language?: string;
  entries: LlmsEntry[];
  /** Links in the navigation to other hosts (the `Optional` section). */
  links: LinkItem[];
}


/** The default one of a list of versions or languages: marked `default`, else the first. */
function defaultOf(list: NavSection[]): NavSection | undefined {
  return list.find((s) => s.default) ?? list[0];
}

/**
 * Adds the listed pages of `nav` to the scope. `label` names pages outside any group (the
 * enclosing tab or anchor); a group names the pages under it, nested groups included.
 */
function collect(nav: { children: NavNode[]; sections: NavSection[] }, pages: Record<string, SitePage>, label: string | undefined, scope: LlmsScope, seen: Set<string>): void {
  const nodes = (list: NavNode[], group: string | undefined) => {
    for (const n of list) {
      if (n.kind === 'page') {
        const p = pages[n.page];
        if (p?.listed && !seen.has(n.page)) {
          seen.add(n.page);
          scope.entries.push({ page: n.page, section: group ?? label ?? 'Docs' });
        }
      } else if (n.kind === 'group') nodes(n.children, group ?? n.group);
      else if (n.kind === 'link' && isExternal(n.href)) scope.links.push({ label: n.label, href: n.href });
    }
  };
  nodes(nav.children, undefined);
  const versions = nav.sections.filter((s) => s.kind === 'version');
  const chosen = defaultOf(versions);
  for (const s of nav.sections) {
    if (s.kind === 'language' || (s.kind === 'version' && s !== chosen)) continue;
    if (s.href) {
      if (isExternal(s.href)) scope.links.push({ label: s.label, href: s.href });
      continue;
    }
    // Tabs, anchors and dropdowns name the pages outside any group; a version or product adds nothing.
    const named = s.kind === 'tab' || s.kind === 'anchor' || s.kind === 'dropdown' || s.kind === 'menu' ? s.label : label;
    collect(s, pages, named, scope, seen);
  }
}

/** The scopes of a site, the default language's first. */
export function llmsScopes(navigation: Navigation, pages: Record<string, SitePage>): LlmsScope[] {
  const top = { children: navigation.root, sections: navigation.sections };
  const languages = navigation.sections.filter((s) => s.kind === 'language' && !s.href);
  const external = (links: LinkItem[]) => links.filter((l) => isExternal(l.href));
  if (!languages.length) {
    const scope: LlmsScope = { dir: '', entries: [], links: external(navigation.global) };
    collect(top, pages, undefined, scope, new Set());
    return [scope];
  }
  const main = defaultOf(languages)!;
  return [main, ...languages.filter((l) => l !== main)].map((lang) => {
    // A language's own `global` replaces the site's, as on its pages (layout/nav-scope.ts).
    const scope: LlmsScope = { dir: lang === main ? '' : lang.label.replace(/[^A-Za-z0-9_-]/g, ''), language: lang.label, entries: [], links: external(lang.global ?? navigation.global) };
    const seen = new Set<string>();
    // Pages outside every language belong to all of them.
    collect({ children: navigation.root, sections: navigation.sections.filter((s) => s.kind !== 'language') }, pages, undefined, scope, seen);
    collect(lang, pages, undefined, scope, seen);
    return scope;
  });
}
