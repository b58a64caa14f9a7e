/**
 * The scan phase shared by exportSite and validateSite: reads the config, plans the
 * API reference, lists the files, decides which pages the site has and reads each
 * page's frontmatter for the navigation.
 *
 * Decision: a page is every page named by the navigation plus every other `.md` /
 * `.mdx` file under the root outside `snippets/`, except what `.mintignore` and its
 * defaults leave out (source/mint-ignore.ts: never listed) and a root README, LICENSE,
 * CHANGELOG or CONTRIBUTING file outside the navigation (they describe the repository). Pages that are not
 * in the navigation are still rendered and linkable, but do not appear in the sidebar
 * or in previous/next links.
 */
import { flattenPages } from '../config/flatten-pages.js';
import { cachedSiteConfig } from '../cache/config-cache.js';
import { cachedApiPlan } from '../cache/api-plan-cache.js';
import type { ApiPageSpec, ApiReferencePlan } from '../openapi/types.js';
import type { Outbound } from '../openapi/read-document.js';
import type { Deployment, Diagnostic, Navigation, SiteConfig } from '../types.js';
import { allNavPages, readingOrder } from '../layout/nav-tree.js';
import type { SitePage } from '../layout/site-model.js';
import type { RenderTask } from '../pool/render-task.js';
import { summaryTitle } from './read-frontmatter.js';
import { navListings, pageFlags } from './page-flags.js';
import { redirectStubs } from './redirect-pages.js';
import { walkFiles, type SkippedLink } from './walk-files.js';
import { confinedReader, readConfinedText } from '../source/confined-path.js';
import { MAX_DEPTH, MINTIGNORE, readMintIgnore } from '../source/mint-ignore.js';
import { SKILL_FILE } from '../agents/skill-files.js';
import type { SourceFacts } from '../source/source-facts.js';
import { sourceFactsOf } from '../cache/source-memo.js';

export interface SitePlan {
  root: string;
  config: SiteConfig;
  /** The config file's text, part of every cache key. */
  configText: string;
  diagnostics: Diagnostic[];
  navigation: Navigation;
  api: ApiReferencePlan;
  files: string[];
  pages: Record<string, SitePage>;
  /** One task per page, sorted by page path. */
  tasks: RenderTask[];
  /**
   * Page sources read during the scan (file -> text): every page's, except on a warm export
   * (`cacheDir`), which reads only the pages whose file changed (cache/source-memo.ts).
   */
  sources: Map<string, string>;
  /** What the scan took from each page's source (file -> facts), in file order. */
  facts: Map<string, SourceFacts>;
  /** Keeps the facts in the cache folder for the next export (cache/source-memo.ts), once this one is done. */
  saveSourceMemo: () => Promise<void>;
  order: string[];
  redirectSources: string[];
  /** The redirect pages to write (output/redirect-pages.ts redirectStubs of the config and these pages), found once. */
  redirectStubs: Map<string, string>;
  /** Pages not reachable from the navigation. */
  unreachable: string[];
  /**
   * Reads files of the docs folder for this export, each once (source/confined-path.ts
   * confinedReader): the snippets the pages' cache keys hash and the component files the
   * site's Tailwind classes are taken from are mostly the same files.
   */
  readText: (rel: string) => Promise<string | null>;
}

const PAGE_FILE = /\.(mdx|md)$/i;
const REPO_FILES = /^(readme|license|licence|changelog|contributing|code_of_conduct)\.mdx?$/i;

/**
 * The site's plan. `onSources` is given the page sources as soon as they are read,
 * before the API reference is planned (export-run.ts warms its render threads with them).
 * With `cacheDir`, the config and the API reference plan of the last export are taken
 * again while their inputs are unchanged (cache/config-cache.ts, cache/api-plan-cache.ts),
 * and so are the facts of each page whose file is unchanged (cache/source-memo.ts), unless
 * `onSources` wants every text.
 */
export async function planSite(root: string, deployment: Deployment, exclude: string[] = [], outbound?: Outbound, onSources?: (sources: Map<string, string>) => void, cacheDir?: string): Promise<SitePlan> {
  const { config, diagnostics } = await cachedSiteConfig(root, cacheDir);
  // Listing and reading the pages does not depend on the API plan: do both at once.
  const links: SkippedLink[] = [];
  const tooDeep: string[] = [];
  const left: string[] = [];
  const filesRead = readMintIgnore(root).then((ignored) => walkFiles(root, exclude, { links, left, tooDeep }, ignored));
  const sourcesRead = filesRead
    .then((list) => sourceFactsOf(root, list.filter((f) => PAGE_FILE.test(f) && !f.startsWith('snippets/')), cacheDir, { readAll: !!onSources }))
    .then((scanned) => {
      onSources?.(scanned.texts);
      return scanned;
    });
  // Pages whose frontmatter names an operation are found in the facts just taken.
  const apiPlanned = Promise.all([sourcesRead, filesRead]).then(([scanned, list]) =>
    cachedApiPlan(cacheDir, { root, config, deployment, pageClaims: new Map([...scanned.facts].map(([f, x]) => [f, x.claim])), outbound, files: list, links }, async (claims, through) => {
      // Loaded only to plan: a warm export whose documents did not change takes the kept plan. plan.js, not
      // index.js: the export thread never renders an API page (render-endpoint.js and its libraries: ~0.5 s of CPU).
      const { planApiReference } = await import('../openapi/plan.js');
      return planApiReference(root, config, deployment, undefined, through, list, claims);
    }),
  );
  const [configText, api, files, scanned] = await Promise.all([readConfinedText(root, config.source), apiPlanned, filesRead, sourcesRead]);
  diagnostics.push(...api.diagnostics);
  for (const link of links) {
    diagnostics.push(
      link.outside
        ? { severity: 'error', file: link.path, message: `${link.path} is a symbolic link that leads outside the docs folder: it is not followed, and nothing it points at is read` }
        : { severity: 'warning', file: link.path, message: `${link.path} is a symbolic link: listing the folder does not follow links, so a page or file only reached through it is left out (imports and references through it are still read)` },
    );
  }
  for (const folder of tooDeep) {
    diagnostics.push({ severity: 'warning', file: folder, message: `${folder} lies ${MAX_DEPTH} folders deep: the folders in it are not listed, so no page or file below them is published` });
  }
  const navigation = api.navigation;
  const navPages = flattenPages(navigation);
  const inNav = allNavPages(navigation);
  const listings = navListings(navigation);
  const specs = new Map<string, ApiPageSpec>([...api.endpoints, ...api.channels].map((e) => [e.page, e]));

  const pageFiles = new Map<string, string>();
  for (const f of files) {
    if (!PAGE_FILE.test(f) || f.startsWith('snippets/')) continue;
    const page = f.replace(PAGE_FILE, '');
    // A root skill.md is the site's agent skill, served as it is (agents/skill-files.ts), not a page.
    if (!inNav.has(page) && (REPO_FILES.test(f) || f === SKILL_FILE)) continue;
    // x.mdx wins over x.md
    if (!pageFiles.has(page) || f.endsWith('.mdx')) pageFiles.set(page, f);
  }
  for (const page of navPages) {
    if (!pageFiles.has(page) && !specs.has(page)) {
      const file = [`${page}.mdx`, `${page}.md`].find((f) => left.includes(f));
      const folder = file ? undefined : left.find((l) => l.endsWith('/') && page.startsWith(l));
      const by = `${MINTIGNORE} or its defaults`;
      const why = file ? `${file} is left out by ${by} (not published)` : folder ? `${folder} is left out by ${by} (not published)` : `neither ${page}.mdx nor ${page}.md exists`;
      diagnostics.push({ severity: 'warning', file: config.source, message: `navigation names page "${page}" but ${why}` });
    }
  }

  const sources = new Map<string, string>();
  const facts = new Map<string, SourceFacts>();
  for (const f of [...pageFiles.values()].sort()) {
    const text = scanned.texts.get(f);
    if (text !== undefined) sources.set(f, text);
    facts.set(f, scanned.facts.get(f)!);
  }

  const pages: Record<string, SitePage> = {};
  const tasks: RenderTask[] = [];
  for (const page of [...new Set([...pageFiles.keys(), ...specs.keys()])].sort()) {
    const spec = specs.get(page);
    const file = pageFiles.get(page) ?? (spec?.contentPage ? pageFiles.get(spec.contentPage) : undefined);
    const summary = (file ? facts.get(file)?.summary : undefined) ?? { frontmatter: {} };
    const fm = summary.frontmatter;
    const named = summaryTitle(summary, page);
    // API pages keep the operation's title unless their MDX page names one.
    const title = spec && typeof fm.title !== 'string' ? spec.title : named.title;
    const sidebarTitle = typeof fm.sidebarTitle === 'string' ? named.sidebarTitle : title;
    pages[page] = {
      page,
      file,
      title,
      sidebarTitle,
      description: typeof fm.description === 'string' ? fm.description : undefined,
      icon: typeof fm.icon === 'string' ? fm.icon : undefined,
      tag: typeof fm.tag === 'string' ? fm.tag : undefined,
      // A webhook page's marker says it is one, not which method the API sends it with.
      method: fm.hideApiMarker === true || spec?.kind === 'channel' ? undefined : spec?.webhook ? 'WEBHOOK' : spec?.method,
      deprecated: fm.deprecated === true,
      inNav: inNav.has(page),
      ...pageFlags(fm, listings.get(page), config, file, diagnostics, file ? facts.get(file)?.frontmatter : undefined),
    };
    tasks.push(spec ? { page, file, spec } : { page, file });
  }

  const stubs = redirectStubs(config.redirects, new Set(Object.keys(pages)));
  const redirectSources = [...stubs.keys()];
  const unreachable = Object.keys(pages).filter((p) => !pages[p].inNav && pages[p].file?.endsWith('.mdx'));
  return {
    root, config, configText, diagnostics, navigation, api, files, pages, tasks, sources, facts, saveSourceMemo: scanned.saveMemo,
    order: readingOrder(navigation, pages), redirectSources: [...new Set(redirectSources)].sort(), redirectStubs: stubs, unreachable,
    readText: confinedReader(root),
  };
}
