/**
 * The site model: everything the layout needs to know about the whole site to draw
 * one page (config, navigation, every page's title and flags, asset names). It is
 * built once on the main thread and sent, as plain data, to every render worker.
 */
import type { Deployment, Navigation, SiteConfig } from '../types.js';

export interface SitePage {
  page: string;
  /** Source file relative to the root; absent for generated API pages. */
  file?: string;
  title: string;
  sidebarTitle: string;
  description?: string;
  icon?: string;
  tag?: string;
  /** HTTP method of API reference pages (`WEBHOOK` on a webhook's page), shown as a badge. */
  method?: string;
  hidden: boolean;
  /** `<meta name="robots" content="noindex">` (output/page-flags.ts). */
  noindex: boolean;
  /** Listed in sitemap.xml. */
  listed: boolean;
  /** In the site's search index. */
  searchable: boolean;
  /** Mintlify's `boost`: the page's search score multiplier (frontmatter, else its nearest group's). */
  boost?: number;
  deprecated: boolean;
  /** Frontmatter `url`: the sidebar entry links there instead of to the page. */
  url?: string;
  /** Frontmatter `mode` the layout applies: `wide`, `custom`, `frame` or `center` (absent: the standard layout). */
  mode?: 'wide' | 'custom' | 'frame' | 'center';
  /** Frontmatter `canonical`, an absolute http(s) URL: the page's canonical URL instead of the one built from its path. */
  canonical?: string;
  /** Frontmatter `hideFooterPagination`: no previous/next links. */
  hidePager?: boolean;
  /** Listed somewhere in the navigation (visible or not). */
  inNav: boolean;
}

export interface SiteAssets {
  /** Output paths (relative to the output root) of the one CSS and one JS file. */
  css: string;
  js: string;
  /** KaTeX stylesheet, present when some page uses math. */
  katexCss?: string;
  /** The mermaid library's entry module, present when some page has a diagram (theme/mermaid-assets.ts). */
  mermaidJs?: string;
  /** Root-relative paths of the logo and favicon files that exist. */
  logoLight?: string;
  logoDark?: string;
  favicon?: string;
  /** Analytics `<script>` tags from the config (never in air-gapped builds). */
  headHtml: string;
  /** The site's own `.js` files, root-relative, when the operator enabled them (output/site-scripts.ts). */
  scripts?: string[];
}

export interface SiteModel {
  config: SiteConfig;
  /** The navigation with API reference entries expanded into pages. */
  navigation: Navigation;
  deployment: Deployment;
  baseUrl?: string;
  pages: Record<string, SitePage>;
  /** Visible pages in navigation order, for previous/next links. */
  order: string[];
  assets: SiteAssets;
  /** Root-relative path of the search index folder, when search is built. */
  searchPath?: string;
}
