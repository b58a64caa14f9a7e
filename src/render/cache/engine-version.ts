/**
 * What a cached page or highlighted block was made with: Quire's version and the
 * versions of the libraries that shape the output (Shiki's grammars and themes, the
 * micromark parser, KaTeX), read from their package.json files once. An upgrade of any
 * of them changes every key, so no cache outlives the code that filled it; the
 * constants in cache-key.ts and code-block.ts still cover Quire's own changes between releases.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { QUIRE_VERSION } from '../../core/version.js';

const require = createRequire(import.meta.url);

/** A package's version: its package.json is found above its resolved entry (not every package exports it). */
function versionOf(pkg: string): string {
  let dir: string;
  try {
    dir = dirname(require.resolve(pkg));
  } catch {
    return 'missing'; // not installed: the key still changes once it is
  }
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (json.name === pkg) return json.version ?? 'unknown';
  }
  return 'unknown';
}

/** `quire@0.1.0 shiki@4.6.0 micromark@4.0.2 katex@0.19.1` */
export const LIBRARY_VERSIONS = [
  `quire@${QUIRE_VERSION}`,
  ...['shiki', '@shikijs/langs', '@shikijs/themes', 'micromark', 'mdast-util-from-markdown', 'katex'].map((p) => `${p}@${versionOf(p)}`),
  // Icons are inlined into pages: a new icon set release changes their SVG.
  ...['@iconify-json/fa7-solid', '@iconify-json/fa7-regular', '@iconify-json/fa7-brands', '@iconify-json/lucide', '@iconify-json/tabler'].map((p) => `${p}@${versionOf(p)}`),
  // Custom components are rendered by these, inside the sandbox.
  ...['sucrase', 'preact', 'preact-render-to-string', 'quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'].map((p) => `${p}@${versionOf(p)}`),
].join(' ');
