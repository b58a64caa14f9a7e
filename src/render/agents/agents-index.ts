/**
 * `agents.json`: the site's navigation as data for `quire host`'s MCP endpoint, which
 * reads nothing but the verified bundle. Every page the navigation lists, in navigation
 * order, with its title, description, Markdown file, language, version and the groups
 * it sits in; plus the site's languages and versions (the defaults first).
 */
import type { NavNode, NavSection, Navigation } from '../types.js';
import type { SitePage } from '../layout/site-model.js';
import { pageMarkdownFile } from './markdown-file.js';

export const AGENTS_INDEX = 'agents.json';

export interface AgentsPage {
  page: string;
  title: string;
  description?: string;
  /** The page's Markdown file in the site: `guides/intro.md`. */
  markdown: string;
  language?: string;
  version?: string;
  /** Tabs, anchors and groups above the page, outermost first. */
  path: string[];
  /** In the site's search index. */
  searchable: boolean;
  method?: string;
}

export interface AgentsIndex {
  format: 1;
  name: string;
  description?: string;
  /** Language codes, the default first ([] for a single-language site). */
  languages: string[];
  /** Version names, the default first ([] for an unversioned site). */
  versions: string[];
  pages: AgentsPage[];
}

function defaultFirst(list: NavSection[]): string[] {
  const labels = [...new Set(list.map((s) => s.label))];
  const main = list.find((s) => s.default)?.label;
  return main ? [main, ...labels.filter((l) => l !== main)] : labels;
}

export function agentsIndex(name: string, description: string | undefined, navigation: Navigation, pages: Record<string, SitePage>): AgentsIndex {
  const out: AgentsPage[] = [];
  const seen = new Set<string>();
  const languages: NavSection[] = [];
  const versions: NavSection[] = [];
  const add = (page: string, path: string[], language?: string, version?: string) => {
    const p = pages[page];
    if (!p || seen.has(page) || !p.listed) return;
    seen.add(page);
    out.push({
      page, title: p.title, ...(p.description ? { description: p.description } : {}), markdown: pageMarkdownFile(page),
      ...(language ? { language } : {}), ...(version ? { version } : {}), path, searchable: p.searchable, ...(p.method ? { method: p.method } : {}),
    });
  };
  const nodes = (list: NavNode[], path: string[], language?: string, version?: string) => {
    for (const n of list) {
      if (n.kind === 'page') add(n.page, path, language, version);
      else if (n.kind === 'group' && !n.hidden) nodes(n.children, [...path, n.group], language, version);
    }
  };
  const sections = (list: NavSection[], path: string[], language?: string, version?: string) => {
    for (const s of list) {
      if (s.href || s.hidden) continue;
      if (s.kind === 'language') languages.push(s);
      if (s.kind === 'version') versions.push(s);
      const lang = s.kind === 'language' ? s.label : language;
      const ver = s.kind === 'version' ? s.label : version;
      const here = s.kind === 'language' || s.kind === 'version' || s.kind === 'product' ? path : [...path, s.label];
      nodes(s.children, here, lang, ver);
      sections(s.sections, here, lang, ver);
    }
  };
  nodes(navigation.root, []);
  sections(navigation.sections, []);
  return { format: 1, name, ...(description ? { description } : {}), languages: defaultFirst(languages), versions: defaultFirst(versions), pages: out };
}
