/**
 * The site's browser code and styles, bundled by esbuild from render/browser/: the site
 * script, the search engine module, the API playground script and the stylesheets,
 * minified. `npm run build` bundles them into dist/browser-assets.json
 * (build-browser-assets.ts); an export reads that file, unless the sources changed since
 * (a run from the sources with tsx after an edit), and then bundles them again, about
 * 0.1 s, and keeps the result there for the next process. Same sources, same bytes: the
 * files an export writes are named by their content.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import { sha256 } from '../cache/cache-key.js';
import { installedPackageDir, installedPackageVersion } from '../installed-package.js';
import { hashedName } from './content-hash.js';
import { STEMMER_MODULES } from '../search/stemmers.js';

/** The stylesheets, in the order the site's CSS holds them (build-theme.ts). */
export const STYLESHEETS = ['base', 'layout', 'code', 'components', 'search', 'reference'] as const;
export type Stylesheet = (typeof STYLESHEETS)[number];

export interface BrowserAssets {
  /** Hash of what made the bundle: esbuild's version, its options, every input file. */
  key: string;
  /** Input files, relative to the repository. */
  inputs: string[];
  /** The site script (an IIFE). */
  siteJs: string;
  /** The API playground script (an IIFE), appended to the site script when a site has endpoint pages. */
  playgroundJs: string;
  /** The search engine (an ES module) and the path it is written to, which the site script imports. */
  searchJs: string;
  searchPath: string;
  /** One stemmer module per language that has one (search/stemmers.ts): its path and code. */
  stemmers: Record<string, { path: string; js: string }>;
  css: Record<Stylesheet, string>;
}

// The same from src/render/theme/ and dist/render/theme/.
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = join(REPO, 'src/render/browser');
const BUILT = join(REPO, 'dist/browser-assets.json');

/** The options of every bundle: part of the key, so a change here bundles again. */
const COMMON = { bundle: true, minify: true, target: 'es2020', charset: 'ascii', legalComments: 'none', write: false, metafile: true, logLevel: 'silent' } as const;

/** The key of a bundle made from `inputs` as they are now (an input gone makes a key no bundle has). */
function inputKey(inputs: string[]): string {
  const parts = [installedPackageVersion('esbuild'), JSON.stringify(COMMON)];
  for (const input of inputs) {
    const file = join(REPO, input);
    parts.push(input, existsSync(file) ? readFileSync(file, 'utf8') : '\0missing');
  }
  return sha256(...parts);
}

/** A stemmer package's licence, as the head comment of the module it ships in. */
function stemmerNotice(pkg: string, licence: string, lines?: number): { banner: string; file: string } {
  const file = join(installedPackageDir(pkg), licence);
  let text = readFileSync(file, 'utf8').trim().split('\n');
  if (lines) text = text.slice(0, lines);
  const notice = text.map((line) => ` * ${line}`.trimEnd()).join('\n');
  return { banner: `/*!\n * Quire site search: a stemmer from the ${pkg} package:\n${notice}\n */`, file };
}

/** The stemmer modules, `export { stemmer }` each. */
function bundleStemmers(build: typeof esbuild.buildSync, inputs: Set<string>): BrowserAssets['stemmers'] {
  const out: BrowserAssets['stemmers'] = {};
  const porter = stemmerNotice('porter2', 'LICENSE');
  // Orama's notice is the Apache-2.0 head of its LICENSE.md (copyright and licence lines).
  const orama = stemmerNotice('@orama/stemmers', 'LICENSE.md', 13);
  inputs.add(relative(REPO, porter.file)).add(relative(REPO, orama.file));
  for (const [key, module] of Object.entries(STEMMER_MODULES)) {
    const contents = module === 'porter2' ? `export { stem as stemmer } from 'porter2';` : `export { stemmer } from '${module}';`;
    const notice = module === 'porter2' ? porter : orama;
    const js = run(build, { stdin: { contents, resolveDir: REPO, sourcefile: `stem-${key}.js` }, format: 'esm', banner: { js: notice.banner }, outdir: undefined }, inputs).values().next().value!;
    out[key] = { path: hashedName(`assets/stem-${key}.js`, js), js };
  }
  return out;
}

function run(build: typeof esbuild.buildSync, options: esbuild.BuildOptions, inputs: Set<string>): Map<string, string> {
  const result = build({ ...COMMON, absWorkingDir: REPO, outdir: 'out', ...options });
  // a warning is a mistake in the sources (a CSS typo, a suspicious expression): stop on it
  if (result.warnings.length) {
    throw new Error(`esbuild: ${result.warnings.map((w) => `${w.location ? `${w.location.file}:${w.location.line}: ` : ''}${w.text}`).join('; ')}`);
  }
  for (const input of Object.keys(result.metafile!.inputs)) if (!input.startsWith('<')) inputs.add(input); // not `<stdin>`
  const files = new Map<string, string>();
  for (const file of result.outputFiles!) files.set(file.path.slice(file.path.lastIndexOf('/') + 1), file.text);
  return files;
}

/** Bundles the browser code and styles now (esbuild, loaded only here). */
export function bundleBrowserAssets(): BrowserAssets {
  const build = (createRequire(import.meta.url)('esbuild') as typeof esbuild).buildSync;
  const inputs = new Set<string>();
  const searchJs = run(build, { entryPoints: [join(SOURCES, 'search-engine.ts')], format: 'esm' }, inputs).get('search-engine.js')!;
  const stemmers = bundleStemmers(build, inputs);
  const searchPath = hashedName('assets/search.js', searchJs);
  const scripts = run(build, {
    entryPoints: [join(SOURCES, 'site.ts'), join(SOURCES, 'playground.ts')],
    format: 'iife',
    define: { SEARCH_ENGINE_PATH: JSON.stringify(searchPath) },
  }, inputs);
  const styles = run(build, { entryPoints: STYLESHEETS.map((name) => join(SOURCES, 'styles', `${name}.css`)) }, inputs);
  const css = Object.fromEntries(STYLESHEETS.map((name) => [name, styles.get(`${name}.css`)!])) as Record<Stylesheet, string>;
  const sorted = [...inputs].sort();
  return { key: inputKey(sorted), inputs: sorted, siteJs: scripts.get('site.js')!, playgroundJs: scripts.get('playground.js')!, searchJs, searchPath, stemmers, css };
}

/** Writes a bundle to dist/browser-assets.json, whole or not at all (processes may race). */
export function writeBrowserAssets(assets: BrowserAssets, file = BUILT): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(assets));
  renameSync(tmp, file);
}

function readBuilt(): BrowserAssets | null {
  try {
    return JSON.parse(readFileSync(BUILT, 'utf8')) as BrowserAssets;
  } catch {
    return null; // not built yet, or damaged: bundled again
  }
}

let current: BrowserAssets | undefined;

/**
 * The bundled browser code and styles of this install: from dist/ when they are as the
 * sources are now (or when no sources ship beside dist/), else bundled again and kept.
 */
export function browserAssets(): BrowserAssets {
  if (current) return current;
  const built = readBuilt();
  if (built && (!existsSync(SOURCES) || built.key === inputKey(built.inputs))) return (current = built);
  current = bundleBrowserAssets();
  try {
    writeBrowserAssets(current);
  } catch {
    // a read-only install: each process bundles them again, which costs time only
  }
  return current;
}
