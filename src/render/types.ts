/**
 * The contracts between the parts of the export engine: the site configuration read
 * from docs.json / mint.json, the navigation tree, one rendered page, and the report
 * of a whole export. Config reading (config/), page rendering (markdown/, components/),
 * API reference pages (openapi/) and the site writer (layout, theme, search,
 * export-site.ts) all meet here.
 */

/** A problem found while reading or rendering, pointing at a file and a line when known. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Path relative to the docs root, e.g. `guides/intro.mdx` or `docs.json`. */
  file: string;
  line?: number;
  /** JSON path for config problems, e.g. `navigation.tabs[0].groups[1].pages`. */
  path?: string;
  message: string;
}

export type Deployment = 'cloud' | 'client-hosted' | 'air-gapped';

export interface LinkItem {
  label: string;
  href: string;
  icon?: string;
}

/**
 * `openapi` or `asyncapi` as written on a navigation node (a path or URL, a list of
 * them, or `{source, directory}`), carried as written for the API reference plan.
 */
export interface ApiSpecRef {
  source: string[];
  /** Folder the generated pages go to. */
  directory?: string;
}

/** API reference settings written on a navigation node, carried for the API reference plan. */
export interface NavSpecs {
  openapi?: ApiSpecRef;
  asyncapi?: ApiSpecRef;
  /** `examples` (as `api.examples`): the code sample languages, `autogenerate: false` for the spec's own samples only. */
  examples?: ApiExamples;
}

/** One entry of the navigation tree. Pages are referenced by their path without extension. */
export type NavNode =
  /** `root`: the page a group opens on; the sidebar draws it as the group's title link, not as an entry. */
  | { kind: 'page'; page: string; root?: true }
  /** An API reference entry such as `GET /users/{id}`, `api.yaml POST /users` or `webhook orderUpdated` (method `WEBHOOK`, path the name). */
  | { kind: 'endpoint'; method: string; path: string; file?: string }
  | {
      kind: 'group';
      group: string;
      icon?: string;
      /** Badge next to the group title. */
      tag?: string;
      hidden?: boolean;
      expanded?: boolean;
      /** `searchable: true` on a hidden group: its pages stay in search and the sitemap. */
      searchable?: boolean;
      /** `boost`: multiplies the search ranking of every page under the group (the nearest group's wins). */
      boost?: number;
      /** First `openapi` source (the whole reference is in `specs`). */
      openapi?: string;
      specs?: NavSpecs;
      children: NavNode[];
    }
  /** A link to another host or page that is not part of the tree (anchors/tabs with `href`/`url`). */
  | { kind: 'link'; label: string; href: string; icon?: string };

/** Code sample settings: `api.examples`, or `examples` on a navigation node for its part. */
export interface ApiExamples {
  languages?: string[];
  /** `false`: only the document's own `x-codeSamples`, no generated samples. @default true */
  autogenerate?: boolean;
}

/** Banner, navbar and footer of one language (`navigation.languages[].banner` ...), replacing the site's. */
export interface LanguageChrome {
  banner?: SiteConfig['banner'];
  navbar?: SiteConfig['navbar'];
  footer?: SiteConfig['footer'];
}

/**
 * A division of the navigation: products, tabs (and their `menu` items), anchors,
 * dropdowns, versions, languages.
 */
export interface NavSection {
  kind: 'product' | 'tab' | 'menu' | 'anchor' | 'dropdown' | 'version' | 'language';
  /** The name as written (a language's code for languages). */
  label: string;
  icon?: string;
  description?: string;
  /** Badge (`tag` on a version). */
  tag?: string;
  /** Set for sections that only link elsewhere. */
  href?: string;
  /** First `openapi` source (the whole reference is in `specs`). */
  openapi?: string;
  specs?: NavSpecs;
  /** `default: true` on a version or language: the one shown first. */
  default?: boolean;
  /** `hidden: true`: kept for its pages but not shown as a division. */
  hidden?: boolean;
  searchable?: boolean;
  /** Languages only: their own banner, navbar and footer. */
  chrome?: LanguageChrome;
  /** The division's own `global` links, when it writes them: they replace `navigation.global` on its pages (nav-scope.ts). */
  global?: LinkItem[];
  children: NavNode[];
  /** Nested divisions, e.g. tabs inside a version. */
  sections: NavSection[];
}

export interface Navigation {
  /** Entries not inside any section (a flat list of groups, as in mint.json). */
  root: NavNode[];
  sections: NavSection[];
  /** `navigation.global`: anchors/links shown on every page. */
  global: LinkItem[];
  /** `openapi`/`asyncapi` on `navigation` itself. */
  openapi?: string;
  specs?: NavSpecs;
}

export interface Redirect {
  source: string;
  destination: string;
  permanent: boolean;
}

/** docs.json after validation and normalisation (mint.json is converted to this too). */
/** docs.json `seo.organization`: the publisher of the structured data (layout/structured-data.ts), as resolved by config/seo.ts. */
export interface SeoOrganization {
  /** Absolute http(s) URLs: `id`, `url`, `logo` and each of `sameAs`. */
  id?: string;
  name?: string;
  legalName?: string;
  url?: string;
  logo?: string;
  sameAs?: string[];
}

export interface SiteConfig {
  /** Which file it came from. */
  source: 'docs.json' | 'mint.json';
  name: string;
  theme?: string;
  colors: { primary: string; light?: string; dark?: string };
  /** `background.color`: the page background in light and dark mode, over the theme's. */
  background?: { light?: string; dark?: string };
  logo?: { light?: string; dark?: string; href?: string };
  favicon?: string;
  navigation: Navigation;
  navbar: { links: LinkItem[]; primary?: LinkItem & { type?: string } };
  footer: { socials: Record<string, string>; links: { header?: string; items: LinkItem[] }[] };
  redirects: Redirect[];
  banner?: { content: string; dismissible?: boolean };
  appearance: { default: 'system' | 'light' | 'dark'; strict: boolean };
  /** `icons.library`: where icon names are looked up. @default 'fontawesome' */
  icons?: { library: 'fontawesome' | 'lucide' | 'tabler' };
  /**
   * `metatags` holds every tag written in `seo.metatags` but `canonical`, which is the base of
   * each page's canonical URL (`canonical`, an absolute http(s) URL: config/seo.ts).
   */
  /** `trailingSlash`: the site's host serves pages at `/page/` (optimize/seo.mdx): the absolute page URLs written end in `/`. */
  seo: { indexing: 'navigable' | 'all'; metatags: Record<string, string>; canonical?: string; organization?: SeoOrganization; trailingSlash?: boolean };
  errors: { notFound?: { redirect?: boolean; title?: string; description?: string } };
  /** Analytics integrations keyed by provider, as written. Left out of air-gapped builds. */
  integrations: Record<string, Record<string, unknown>>;
  api: {
    openapi: string[];
    playground?: { display?: 'interactive' | 'simple' | 'none'; enabledInAirGapped?: boolean };
    url?: string;
    servers?: string[];
    examples?: ApiExamples;
  };
  /** The config as written, for features not normalised above. */
  raw: Record<string, unknown>;
}

export interface Frontmatter {
  title?: string;
  description?: string;
  sidebarTitle?: string;
  icon?: string;
  hidden?: boolean;
  noindex?: boolean;
  tag?: string;
  deprecated?: boolean;
  mode?: string;
  url?: string;
  openapi?: string;
  [key: string]: unknown;
}

export interface Heading {
  depth: number;
  text: string;
  /** Stable slug anchor, unique within the page. */
  id: string;
}

/** What the page renderer needs to know about the rest of the site. */
export interface PageContext {
  /** Docs root on disk (absolute). */
  root: string;
  /** Page path without extension, relative to the root: `guides/intro`, `index`. */
  page: string;
  /** File path relative to the root: `guides/intro.mdx`. */
  file: string;
  config: SiteConfig;
  deployment: Deployment;
  /** Code of the page's language (`navigation.languages`), for the words components write; English when absent. */
  language?: string;
  /**
   * Turns an internal link written by the author (`/quickstart`, `../api#auth`) into the
   * href used in the output. Returns null when the target does not exist (broken link);
   * the renderer then keeps the original href and reports it.
   */
  resolveLink(href: string, fromPage: string): string | null;
  /** Turns a static asset reference (`/images/a.png`) into its output href, or null if missing. */
  resolveAsset(ref: string, fromPage: string): string | null;
  /**
   * Content-addressed store of highlighted code blocks, keyed by the sha256 of
   * (lang, meta, code). The renderer reads it before highlighting and fills it after.
   */
  highlightCache?: { get(key: string): string | undefined; set(key: string, html: string): void };
}

/** A media reference to another host in a page body (render/media/media-refs.ts). */
export interface RemoteMediaRef {
  /** The URL as written. */
  url: string;
  /** What it is: `image`, `video`, `audio`, `poster image`, `media source`, `text track`. */
  kind: string;
  /** Where it was written (the page or a snippet it imports), relative to the docs root. */
  file: string;
  line?: number;
}

export interface RenderedPage {
  page: string;
  frontmatter: Frontmatter;
  /** Title from frontmatter, else first h1, else the file name. */
  title: string;
  description?: string;
  /** The page body as HTML (no layout around it). */
  html: string;
  /** The page body as Markdown, for `page.md` (agents/page-markdown.ts); no title above it. */
  markdown?: string;
  headings: Heading[];
  /** Internal links found, as written, that did not resolve. */
  brokenLinks: string[];
  /** The same broken links with the line they were written on, in page order. */
  brokenLinkDetails?: { href: string; line?: number }[];
  /** Assets (relative to root) the page uses and the output must copy. */
  assets: string[];
  /**
   * Media on other hosts the body references: while rendering, those the renderer met
   * (kind not yet known); once the page is finished, those its HTML holds (render-task.ts).
   */
  remoteMedia?: RemoteMediaRef[];
  diagnostics: Diagnostic[];
  /** The body has a side column (examples, a panel) that takes the place of the table of contents. */
  sideColumn?: boolean;
  /** HTML the layout puts above the table of contents (the Update tag filter). */
  tocTop?: string;
  /** Which Markdown parser read the page's own source (none for a generated API page without MDX content). */
  parser?: 'fast' | 'micromark';
}

export interface ExportProgress {
  phase: 'scan' | 'render' | 'search' | 'write' | 'done';
  pagesDone: number;
  pagesTotal: number;
}

/**
 * What an export does with images, video and audio that pages load from other hosts
 * (render/media/). `bundle`: fetched into the bundle and the references rewritten;
 * `omit`: not fetched, each reference replaced (an image by its alt text) and reported;
 * `keep`: left as written (not for air-gapped exports, which make no request to another host).
 */
export type RemoteMediaMode = 'bundle' | 'omit' | 'keep';

export interface RemoteMediaOptions {
  /** @default 'bundle' for air-gapped exports, 'keep' for the others */
  mode?: RemoteMediaMode;
  /** Largest file taken, in bytes. @default 25 MiB */
  maxFileBytes?: number;
  /** All media of one export together, in bytes. @default 500 MiB */
  maxTotalBytes?: number;
  /** Time for one file, redirects included. @default 30000 */
  timeoutMs?: number;
  /** Requests in flight at once. @default 6 */
  concurrency?: number;
  /** How long a fetched file is taken from the cache folder instead of fetched again (older ones are pruned). @default 7 days */
  cacheMaxAgeMs?: number;
  /** Size the cache folder's media store is pruned to, the files fetched longest ago first. @default 2 GiB */
  cacheMaxBytes?: number;
}

export interface ExportOptions {
  /** The docs folder (holding docs.json or mint.json). */
  root: string;
  outDir: string;
  /** Absolute base URL for canonical links and sitemap, e.g. `https://docs.example.com`. */
  baseUrl?: string;
  /** @default 'cloud' */
  deployment?: Deployment;
  /** Only these pages (paths without extension); the rest of the navigation still shows. */
  paths?: string[];
  onProgress?: (p: ExportProgress) => void;
  /** Content-addressed cache of rendered pages and highlighted code; none when omitted. */
  cacheDir?: string;
  /** Number of render worker threads. @default one per core but one, every core from 2000 pages to render (render/pool/render-threads.ts) */
  workers?: number;
  signal?: AbortSignal;
  /**
   * Host names and CIDR ranges that remote OpenAPI documents and media may be fetched from although
   * they are not public addresses (loopback, private, link-local...). @default [] (public addresses only)
   * @example ['10.20.0.0/16', 'openapi.internal.example.com']
   */
  fetchAllow?: string[];
  /**
   * Include the site's own `.js` files on every page, as Mintlify does (off by default:
   * they run in readers' browsers; they never run during the export). See output/site-scripts.ts.
   */
  siteScripts?: boolean;
  /**
   * Media on other hosts (see RemoteMediaOptions); fetched through the guarded fetcher,
   * so `fetchAllow` applies to them too.
   */
  remoteMedia?: RemoteMediaOptions;
  /** A folder of this export's own for its working files (copies of fetched documents). @default a new private temp folder, removed at the end */
  workDir?: string;
  /** Time one page may take in a render thread; past it the thread is ended and the page fails alone. @default 60000 */
  pageTimeoutMs?: number;
  /** Heap (old generation) of each render thread in MB; a page that runs it out gets one more try in a thread with four times as much (at least 1024 MB, at most half the machine's memory). @default 512 */
  renderHeapMb?: number;
  /**
   * Nice value of the render threads, 0 (normal priority) to 19 (lowest): a host that
   * also serves requests can make rendering yield the CPU to them. `workers: 0` renders
   * on the calling thread, whose priority is left alone. @default 0
   */
  renderNice?: number;
}

export interface ExportReport {
  pagesRendered: number;
  diagnostics: Diagnostic[];
  brokenLinks: { file: string; href: string; line?: number }[];
  /** Which optional features went into the build, and why others were left out. */
  features: Record<string, { included: boolean; reason?: string }>;
  durationMs: number;
  /** Every output file, relative to outDir, sorted. */
  files: string[];
  /**
   * How the pages of this export were parsed: on the fast Markdown path, by micromark, not
   * at all (a generated API page without MDX content, or a page that failed), or taken from the
   * page cache. For benchmarks (bench/real.ts): the fast path is the cheap one.
   */
  parsers: { fast: number; micromark: number; none: number; cached: number };
}
