/**
 * The styles a site brings beside Quire's theme: its own `.css` files (site-css.ts) and the
 * Tailwind classes its pages write (tailwind-css.ts), both appended to the one site
 * stylesheet, site CSS first and utilities last. Built during the scan, before any page is
 * laid out, because every page names that stylesheet by its content hash.
 */
import { createRequire } from 'node:module';
import type * as esbuild from 'esbuild';
import type { Deployment, Diagnostic, ExportReport } from '../types.js';
import { confinedReader } from '../source/confined-path.js';
import { addCandidates, collectCandidates, type CandidateSources, type FileCandidates } from './class-candidates.js';
import { siteCssFiles } from './site-css.js';
import { cachedMinify, cachedSiteCss } from './styles-cache.js';
import { compileTailwind } from './tailwind-css.js';

export interface SiteStyles {
  /** CSS to append to the site stylesheet, in order. */
  css: string[];
  /** Files of the site the CSS refers to, to copy into the output. */
  files: string[];
  diagnostics: Diagnostic[];
  feature: ExportReport['features'][string];
}

/** Component sources outside the pages whose string literals may hold class names. */
const COMPONENT = /\.(jsx|tsx)$|^snippets\/.*\.(mdx?|js|ts)$/i;

/** The class candidates of the pages (`pages`: each page file's, as the scan found them) and of the component files among `files`. */
async function pageCandidates(read: (rel: string) => Promise<string | null>, files: string[], pages: ReadonlyMap<string, FileCandidates>): Promise<CandidateSources> {
  const out: CandidateSources = new Map();
  for (const [file, candidates] of pages) addCandidates(file, candidates, out);
  const components = files.filter((f) => COMPONENT.test(f) && !pages.has(f));
  // Unreadable ones (a link out of the folder) are reported where they are imported; here they add nothing.
  const texts = await Promise.all(components.map(async (f) => (await read(f)) ?? ''));
  components.forEach((f, i) => collectCandidates(f, texts[i], out));
  return out;
}

/** `pages`: each page file's class candidates (source/source-facts.ts); `cacheDir`: the export's cache folder, where the compiled Tailwind classes are kept. */
export async function siteStyles(root: string, files: string[], pages: ReadonlyMap<string, FileCandidates>, deployment: Deployment, cacheDir?: string, read = confinedReader(root)): Promise<SiteStyles> {
  const candidates = await pageCandidates(read, files, pages);
  const [site, tailwind] = await Promise.all([cachedSiteCss(root, files, deployment, cacheDir), compileTailwind(candidates, cacheDir)]);
  let utilities = tailwind.css;
  if (utilities) {
    // Tailwind's output is written to be read; the site's is minified like the rest of the stylesheet.
    utilities = await cachedMinify(utilities, cacheDir, async (css) => {
      const esbuildApi = createRequire(import.meta.url)('esbuild') as typeof esbuild;
      return (await esbuildApi.transform(css, { loader: 'css', minify: true, legalComments: 'inline', logLevel: 'silent' })).code.trim();
    });
  }
  const sheets = siteCssFiles(files).length;
  const classes = utilities ? (utilities.match(/(^|})\.prose \./g) ?? []).length : 0;
  const parts = [site.css ? `${sheets} CSS file(s) of the site` : '', utilities ? 'the Tailwind classes its pages use' : ''].filter(Boolean);
  return {
    css: [site.css, utilities].filter(Boolean),
    files: site.files,
    diagnostics: [...site.diagnostics, ...tailwind.diagnostics],
    feature: parts.length
      ? { included: true, reason: `${parts.join(' and ')} added to the site stylesheet${classes ? ` (${classes} utility rules)` : ''}` }
      : { included: false, reason: 'the site has no CSS file and its pages use no Tailwind class' },
  };
}
