/**
 * Cache keys of rendered pages: sha256 over the engine version, the page path and
 * source, the config hash (docs.json text plus the list of files of the site, which
 * decides which links resolve), the contents of every snippet the page imports
 * (followed through nested imports) and the deployment.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { engineCode } from './engine-version.js';
import { snippetFileCandidates, snippetFileNames } from '../markdown/snippet-files.js';

/**
 * What rendered a cached page or the layout (see output-manifest.ts): the versions of
 * Quire and its rendering libraries and a hash of the render engine's code, so any change
 * to either misses the cache.
 */
export const engineVersion = (): string => `quire-render ${engineCode()}`;

const IMPORT = /^\s*import\s+[\s\S]*?\s+from\s+['"]([^'"]+)['"]/gm;

export function sha256(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('hex');
}

/**
 * Root-relative paths of the snippets a source imports (`/snippets/a.mdx`, `./b.jsx`) or
 * places (`<Snippet file="a.mdx" />`: each path it may be found at):
 * only .md/.mdx and .jsx/.tsx/.js/.ts files, the only imports the renderer reads (see markdown/modules.ts);
 * `import ... from './x'` in a code sample is not one.
 */
export function importedFiles(source: string, fromFile: string): string[] {
  // Every folder a <Snippet file> may be found in: a snippet added to the first later is a change.
  const out: string[] = snippetFileNames(source).flatMap(snippetFileCandidates);
  if (!source.includes('import')) return out;
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1];
    if ((!spec.startsWith('/') && !spec.startsWith('.')) || !/\.(mdx?|jsx|tsx|js|ts)$/.test(spec)) continue;
    const joined = spec.startsWith('/') ? spec : posix.join(posix.dirname(`/${fromFile}`), spec);
    out.push(posix.normalize(joined).replace(/^\/+/, ''));
  }
  return out;
}

/** Contents of every snippet reachable through `imports` (a page's importedFiles) and theirs, sorted by path, as one string. */
export async function importsDigest(imports: readonly string[], read: (rel: string) => Promise<string | null>): Promise<string> {
  const seen = new Map<string, string>();
  const queue = [...imports];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    const text = await read(next);
    seen.set(next, text ?? '\u0000missing');
    if (text) queue.push(...importedFiles(text, next));
  }
  return [...seen.keys()].sort().map((k) => `${k}\u0000${seen.get(k)}`).join('\u0001');
}

