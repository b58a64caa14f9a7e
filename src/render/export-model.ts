/**
 * The site model of an export (layout/site-model.ts) and the site-wide assets it names:
 * analytics, the site's scripts and styles, the theme, KaTeX and Mermaid, logo and
 * favicon. Made by export-run.ts while the pages that miss the page cache already render:
 * a page's body does not depend on any of it (pool/render-task.ts RenderInit), its layout does.
 */
import type { Deployment, Diagnostic, ExportOptions, ExportReport } from './types.js';
import type { SiteModel } from './layout/site-model.js';
import { checkIcons } from './icons/check-icons.js';
import { buildTheme } from './theme/build-theme.js';
import { katexAssets } from './theme/katex-assets.js';
import { mermaidAssets } from './theme/mermaid-assets.js';
import { analyticsSnippets } from './output/analytics.js';
import type { SitePlan } from './output/plan-site.js';
import { configAsset } from './output/site-assets.js';
import { siteScripts } from './output/site-scripts.js';
import { siteStyles } from './styles/site-styles.js';
import type { RenderTask } from './pool/render-task.js';
import type { RemoteMedia } from './media/remote-media.js';
import { isRemoteUrl } from './media/media-refs.js';
import type { OutputContent } from './output/write-files.js';
import { stemmerKey } from './search/stemmers.js';

export interface ExportSite {
  model: SiteModel;
  theme: ReturnType<typeof buildTheme>;
  katex: Awaited<ReturnType<typeof katexAssets>>;
  mermaidLib: Awaited<ReturnType<typeof mermaidAssets>>;
  analytics: ReturnType<typeof analyticsSnippets>;
  scripts: ReturnType<typeof siteScripts>;
  styles: Awaited<ReturnType<typeof siteStyles>>;
  /** The pages of `tasks` that go into the search index. */
  indexed: RenderTask[];
}

/** The model and assets of the site `plan` describes; what they report goes to `diagnostics`. */
export async function exportSiteModel(
  plan: SitePlan,
  tasks: RenderTask[],
  options: ExportOptions,
  { root, deployment, cacheDir, media }: { root: string; deployment: Deployment; cacheDir: string | undefined; media: RemoteMedia },
  diagnostics: Diagnostic[],
): Promise<ExportSite> {
  const fileSet = new Set(plan.files);
  const analytics = analyticsSnippets(plan.config, deployment);
  diagnostics.push(...analytics.diagnostics);
  const scripts = siteScripts(plan.files, options.siteScripts === true, deployment);
  // Their files are read meanwhile.
  const libraries = Promise.all([katexAssets(), mermaidAssets()]);
  libraries.catch(() => undefined); // awaited below
  // The site's own CSS and the Tailwind classes of its pages, as the scan found them.
  const styles = await siteStyles(root, plan.files, new Map([...plan.facts].map(([file, facts]) => [file, facts.candidates])), deployment, cacheDir, plan.readText);
  diagnostics.push(...styles.diagnostics);
  const theme = buildTheme(plan.config, { css: [...(plan.api.assets ? [plan.api.assets.css] : []), ...styles.css], js: plan.api.assets ? [plan.api.assets.js] : [] });
  const [katex, mermaidLib] = await libraries;
  const indexed = tasks.filter((t) => plan.pages[t.page].searchable);
  // A logo or favicon on another host is bundled like a page's image (unless media are kept as written).
  const configFile = async (ref: string | undefined, field: string) =>
    ref && media.active && isRemoteUrl(ref) ? media.configAsset(ref, field, plan.config.source, diagnostics) : configAsset(plan.config, ref, field, fileSet, diagnostics);
  const [logoLight, logoDark, favicon] = await Promise.all([configFile(plan.config.logo?.light, 'logo.light'), configFile(plan.config.logo?.dark, 'logo.dark'), configFile(plan.config.favicon, 'favicon')]);
  const model: SiteModel = {
    config: plan.config,
    navigation: plan.navigation,
    deployment,
    baseUrl: options.baseUrl?.replace(/\/+$/, ''),
    pages: plan.pages,
    order: plan.order,
    searchPath: indexed.length > 0 ? 'search/' : undefined,
    assets: {
      css: theme.css.path,
      js: theme.js.path,
      katexCss: katex.cssPath,
      mermaidJs: mermaidLib.entryPath,
      logoLight,
      logoDark,
      favicon,
      headHtml: analytics.headHtml,
      ...(scripts.scripts.length > 0 ? { scripts: scripts.scripts } : {}),
    },
  };
  diagnostics.push(...checkIcons(model));
  return { model, theme, katex, mermaidLib, analytics, scripts, styles, indexed };
}

/**
 * The theme's files the output holds: stylesheet and script, the search script, the indexes' list
 * and their languages' stemmers when there is a search index, KaTeX when a page uses math,
 * Mermaid when one has a diagram.
 */
export async function themeFiles(
  { theme, katex, mermaidLib }: Pick<ExportSite, 'theme' | 'katex' | 'mermaidLib'>,
  searchIndex: { files: Map<string, Uint8Array>; scopes: { lang: string }[] } | undefined,
  math: boolean,
  diagrams: boolean,
): Promise<Map<string, OutputContent>> {
  const files = new Map<string, OutputContent>();
  files.set(theme.css.path, theme.css.content);
  files.set(theme.js.path, theme.js.content);
  if (searchIndex) {
    files.set(theme.search.path, theme.search.content);
    files.set('search/scopes.json', searchIndex.files.get('search/scopes.json')!);
    for (const scope of searchIndex.scopes) {
      const key = stemmerKey(scope.lang);
      if (key && theme.stemmers[key]) files.set(theme.stemmers[key].path, theme.stemmers[key].content);
    }
  }
  if (math) for (const [p, c] of katex.files) files.set(p, c);
  if (diagrams) for (const [p, c] of await mermaidLib.files()) files.set(p, c);
  return files;
}

/** The report's features: what the export included and why (or why not). */
export function exportFeatures(
  { analytics, scripts, styles, indexed }: ExportSite,
  plan: SitePlan,
  { searchIndex, math, diagrams, remote, pageCache }: { searchIndex: { shards: number; scopes: unknown[] } | undefined; math: boolean; diagrams: number; remote: ExportReport['features'][string] | undefined; pageCache: { hits: number; pages: number } | undefined },
): ExportReport['features'] {
  return {
    search: searchIndex ? { included: true, reason: `search index of ${indexed.length} pages in ${searchIndex.shards} shard(s), ${searchIndex.scopes.length} index(es) by language and version` } : { included: false, reason: 'no page to index' },
    math: math ? { included: true, reason: 'KaTeX stylesheet and fonts copied locally' } : { included: false, reason: 'no page uses math' },
    'site-styles': styles.feature,
    mermaid: diagrams ? { included: true, reason: `mermaid library copied locally, loaded by the ${diagrams} page(s) with a diagram` } : { included: false, reason: 'no page has a Mermaid diagram' },
    ...analytics.features,
    ...(scripts.feature ? { 'site-scripts': scripts.feature } : {}),
    ...plan.api.features,
    ...(remote ? { 'remote-media': remote } : {}),
    'page-cache': pageCache ? { included: pageCache.hits > 0, reason: `${pageCache.hits} of ${pageCache.pages} pages from the cache` } : { included: false, reason: 'no cache folder given' },
  };
}
