/**
 * The mermaid library, copied from the mermaid package into the output when a page has a
 * diagram, so diagrams are drawn with no request to another host (air-gapped too). Its
 * prebuilt ES module build is shipped as it is: an entry module and the chunks it imports
 * on demand (a page loads only those of its diagram types, about 1 MB for a flowchart),
 * 5.5 MB on disk in all. The folder is named by the entry's content hash, so a host may
 * cache it for good; source maps are left out. The modules are written as `.js` with their
 * imports renamed to match: a browser runs a module only when the host answers with a
 * JavaScript type, and not every static host knows `.mjs`.
 */
import { readFile, readdir } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { installedPackageDir } from '../installed-package.js';
import type { MadeContent } from '../output/write-files.js';
import { contentHash } from './content-hash.js';

const ENTRY = 'mermaid.esm.min.mjs';
/** Where the entry's chunks are, relative to it (its imports name them so). */
const CHUNKS = 'chunks/mermaid.esm.min';

export interface MermaidAssets {
  /** Output path of the entry module: `assets/mermaid.<hash>/mermaid.esm.min.js`. */
  entryPath: string;
  /**
   * Output path -> module, read only when a page has a diagram and only when written: an
   * output folder that holds the modules already (a re-export) is not sent 5.5 MB again.
   */
  files(): Promise<Map<string, MadeContent>>;
}

/** Names what `readModule` does to a module: bump it when that changes (it is part of each module's key). */
const REWRITE = 'mjs-imports-as-js-1';

/** Relative module specifiers ending in `.mjs`, in static and dynamic imports alike. */
const RELATIVE_MJS = /(["'])(\.\.?\/[^"'\s]*?)\.mjs\1/g;
const asJs = (path: string) => path.replace(/\.mjs$/, '.js');

async function readModules(dist: string, dir: string): Promise<Map<string, MadeContent>> {
  const names = [ENTRY, ...(await readdir(join(dist, CHUNKS))).filter((f) => f.endsWith('.mjs')).sort().map((f) => `${CHUNKS}/${f}`)];
  return new Map(
    names.map((n) => {
      const file = join(dist, n);
      // The package's file as it is now: another mermaid installed in its place is another key.
      const { size, mtimeMs } = statSync(file);
      const made: MadeContent = { key: `${REWRITE}:${file}:${size}:${mtimeMs}`, make: async () => (await readFile(file, 'utf8')).replace(RELATIVE_MJS, '$1$2.js$1') };
      return [`${dir}/${asJs(n)}`, made];
    }),
  );
}

let found: Promise<MermaidAssets> | undefined;

/** Where the library goes (its entry read once per process); its files are read on demand, once. */
export function mermaidAssets(): Promise<MermaidAssets> {
  found ??= (async () => {
    const dist = join(installedPackageDir('mermaid'), 'dist');
    const dir = `assets/mermaid.${contentHash(await readFile(join(dist, ENTRY)))}`;
    let modules: Promise<Map<string, MadeContent>> | undefined;
    return { entryPath: `${dir}/${asJs(ENTRY)}`, files: () => (modules ??= readModules(dist, dir)) };
  })().catch((err: unknown) => {
    found = undefined;
    throw err;
  });
  return found;
}
