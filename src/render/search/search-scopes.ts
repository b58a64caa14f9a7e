/**
 * One search index per language and version. A site with `navigation.languages` or
 * `versions` is several sites in one (Mintlify never mixes a French page into an English
 * reader's results, nor v1 into v2's): each (language, version) pair gets its own index
 * under `search/<scope>/`, cut and stemmed for its language, and `search/scopes.json`
 * lists them. A page's dialog searches its own scope first (`data-search-scope` on
 * `<body>`) and the reader can widen to all of them.
 *
 * `search/scopes.json`: `{ version, scopes: [{ id, lang, language?, version?, shards,
 * pages, stemmer? }] }`: `language` and `version` are the labels as docs.json writes them,
 * `stemmer` the site path of the stemmer module the browser imports for `lang`.
 */
import type { Navigation, NavSection } from '../types.js';
import { sectionChain } from '../layout/nav-tree.js';
import { languageTag } from '../config/languages.js';

export interface SearchScope {
  /** Folder name under `search/`: `en`, `fr`, `en-v2`. */
  id: string;
  /** BCP 47 tag of the language. */
  lang: string;
  /** The language's code as docs.json writes it, when the site has languages. */
  language?: string;
  /** The version's label, when the site has versions. */
  version?: string;
}

export interface ScopeEntry extends SearchScope {
  shards: number;
  pages: number;
  stemmer?: string;
}

/** A folder-safe id of a language and version. */
export function scopeId(lang: string, version?: string): string {
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || 'x';
  return version === undefined ? slug(lang) : `${slug(lang)}--${slug(version)}`;
}

function firstOfKind(list: NavSection[], kind: NavSection['kind']): NavSection | undefined {
  const of = list.filter((s) => s.kind === kind);
  return of.find((s) => s.default) ?? of[0];
}

/**
 * The scope of a page: its language and version on the navigation chain. A page in no
 * language of a site that has languages belongs to the default language (English when
 * the site has none).
 */
export function pageSearchScope(nav: Navigation, page: string): SearchScope {
  const { chain } = sectionChain(nav, page);
  const language = chain.find((s) => s.kind === 'language') ?? firstOfKind(nav.sections, 'language');
  const version = chain.find((s) => s.kind === 'version');
  const lang = language ? languageTag(language.label) : 'en';
  return {
    id: scopeId(lang, version?.label),
    lang,
    ...(language ? { language: language.label } : {}),
    ...(version ? { version: version.label } : {}),
  };
}
