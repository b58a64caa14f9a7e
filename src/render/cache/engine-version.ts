/**
 * What a cached page or highlighted block was made with: Quire's version and the
 * versions of the libraries that shape the output (Shiki's grammars and themes, the
 * micromark parser, KaTeX), read from their package.json files once. An upgrade of any
 * of them changes every key, so no cache outlives the code that filled it. Quire's own
 * changes between releases are covered by a hash of the render engine's code itself
 * (engineCode), so no hand-kept number has to be bumped.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUIRE_VERSION } from '../../core/version.js';
import { installedPackageVersion } from '../installed-package.js';

/** `quire@0.1.0 shiki@4.6.0 micromark@4.0.2 katex@0.19.1` */
export const LIBRARY_VERSIONS = [
  `quire@${QUIRE_VERSION}`,
  ...['shiki', '@shikijs/langs', '@shikijs/themes', 'micromark', 'mdast-util-from-markdown', 'mdast-util-to-markdown', 'katex'].map((p) => `${p}@${installedPackageVersion(p)}`),
  // Icons are inlined into pages: a new icon set release changes their SVG.
  ...['@iconify-json/fa7-solid', '@iconify-json/fa7-regular', '@iconify-json/fa7-brands', '@iconify-json/lucide', '@iconify-json/tabler'].map((p) => `${p}@${installedPackageVersion(p)}`),
  // Types in `twoslash` code blocks come from TypeScript's checker and its library files.
  ...['typescript', 'twoslash', '@shikijs/twoslash'].map((p) => `${p}@${installedPackageVersion(p)}`),
  // Custom components are rendered by these, inside the sandbox.
  ...['sucrase', 'preact', 'preact-render-to-string', 'quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'].map((p) => `${p}@${installedPackageVersion(p)}`),
].join(' ');

/** Source files that shape the output: code, styles and data; not maps or type declarations. */
const CODE_FILE = /\.(?:[cm]?[jt]s|css|json)$/;

/** The code files under `dir` (see CODE_FILE), sorted. */
export function codeFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && CODE_FILE.test(e.name) && !e.name.endsWith('.d.ts')) files.push(full);
    }
  };
  walk(dir);
  return files.sort();
}

/**
 * sha256 over every code file under `dir` (relative path and content, in sorted order),
 * plus `extra` files: what the render engine is made of, whether run from `src/` or `dist/`.
 */
export function codeHash(dir: string, extra: string[] = [], files = codeFiles(dir)): string {
  const h = createHash('sha256');
  for (const f of files) h.update(relative(dir, f)).update('\0').update(readFileSync(f)).update('\0');
  for (const f of extra) if (existsSync(f)) h.update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

let engine: string | undefined;

/** Takes the value another thread computed for this same code (a render thread's init). */
export function useEngineCode(value: string): void {
  engine = value;
}

/** What engineCode hashes: the render engine's folder and the bundled browser assets beside it. */
export function engineFiles(): { dir: string; extra: string[] } {
  const dir = fileURLToPath(new URL('..', import.meta.url));
  return { dir, extra: [join(dir, '..', 'browser-assets.json')] };
}

/** engineCode's value for the hash of the engine's code (`codeHash` of engineFiles). */
export function engineCodeOf(hash: string): string {
  return `${LIBRARY_VERSIONS} code@${hash.slice(0, 16)}`;
}

/**
 * LIBRARY_VERSIONS plus the hash of the render engine's code (`src/render` or
 * `dist/render`, and the bundled browser assets beside `dist/render`): part of every
 * page and highlight cache key. Computed once per process, on first use, unless an
 * export took it from its cache folder first (engine-code-memo.ts).
 */
export function engineCode(): string {
  if (engine === undefined) {
    const { dir, extra } = engineFiles();
    engine = engineCodeOf(codeHash(dir, extra));
  }
  return engine;
}

/** Whether engineCode is known in this process already (nothing to read for it). */
export function engineCodeKnown(): boolean {
  return engine !== undefined;
}
