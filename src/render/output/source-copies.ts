/**
 * The repository's own files that go into the output as they are (images pages show,
 * files they link to, the logo and favicon, what the site's CSS loads), checked for
 * content a browser would run on the docs site's origin when the file is opened on its
 * own. An SVG is a document that can hold script: each one goes through the sanitizer of
 * remote SVGs (media/sanitize-svg.ts), and one that is not an SVG document is left out
 * with an error. HTML and XML files (`.html`, `.xhtml`, `.xml`, XSLT, `.svgz`, ...) run
 * script too and cannot be reduced to something safe: they are copied only when the
 * operator lets the site's own scripts run (site-scripts.ts), and otherwise left out with
 * a warning. A copy never replaces a file Quire writes itself (the theme script, a
 * page, the search index): an author's file at such a path is left out and reported.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../types.js';
import { removedParts, sanitizeSvg } from '../media/sanitize-svg.js';
import { memoStat, StatMemo } from '../cache/stat-memo.js';
import { confinedFile, ConfinedPathError } from '../source/confined-path.js';
import type { OutputContent } from './write-files.js';

const SVG = /\.svg$/i;
/** As for an SVG from another host (media/remote-media.ts): sanitizing holds the whole text in memory. */
const MAX_SVG_BYTES = 25 * 2 ** 20;
/** Documents a browser renders with their scripts when served from the site: HTML, XHTML, XML and XSLT, compressed SVG. */
export const ACTIVE_DOCUMENT = /\.(html?|shtml|xhtml?|xht|xml|xsl|xslt|rss|atom|mht|mhtml|svgz)$/i;

export interface SourceCopyOptions {
  /** The project lets the site's own scripts run (`--site-scripts`): HTML and XML files are copied too. */
  siteScripts: boolean;
  /** Paths Quire writes itself; a source file at one of them is not copied. */
  generated: ReadonlySet<string>;
  /**
   * The export's cache folder: each SVG's sanitized copy (and what was said of it) is kept there
   * by the file's stat (cache/stat-memo.ts), so a warm export sanitizes only the changed ones
   * and loads no HTML parser when none changed.
   */
  cacheDir?: string;
}

/** A sanitized SVG: its bytes (none when it is left out) and what was said of it. */
interface SvgCopy {
  bytes?: Uint8Array;
  diagnostics: Diagnostic[];
}

/** Where the sanitized SVGs are kept in a cache folder. */
export function svgMemoFile(cacheDir: string): string {
  return join(cacheDir, 'sanitized-svgs.bin');
}

/** The output content of each source file to copy (root-relative paths), with a diagnostic for each file left out or changed. */
export async function sourceCopies(root: string, paths: Iterable<string>, options: SourceCopyOptions, diagnostics: Diagnostic[]): Promise<Map<string, OutputContent>> {
  const out = new Map<string, OutputContent>();
  const svgs: string[] = [];
  for (const path of [...new Set(paths)].sort()) {
    if (options.generated.has(path)) {
      diagnostics.push({ severity: 'warning', file: path, message: `"${path}" is left out of the output: Quire writes its own file at that path (rename yours)` });
    } else if (SVG.test(path)) {
      svgs.push(path);
    } else if (ACTIVE_DOCUMENT.test(path) && !options.siteScripts) {
      diagnostics.push({
        severity: 'warning',
        file: path,
        message: `"${path}" is left out of the output: an HTML or XML file opened from the docs site could run script on its origin; it is copied only when site scripts are enabled for the project (--site-scripts)`,
      });
    } else {
      out.set(path, { copyFrom: join(root, path) });
    }
  }
  const memo = options.cacheDir && svgs.length > 0 ? new StatMemo<SvgCopy>(svgMemoFile(options.cacheDir), 'quire-sanitized-svgs-1', root, 'render.svg-memo') : undefined;
  await memo?.load();
  const now = Date.now();
  // Read and sanitized a few at a time: a site may hold thousands of icons. Their diagnostics
  // are added in path order, whichever lane finishes first.
  const copies = new Map<string, SvgCopy>();
  let next = 0;
  const lane = async () => {
    while (next < svgs.length) {
      const path = svgs[next++];
      // Statted before it is read (cache/stat-memo.ts).
      const st = memo ? memoStat(join(root, path), now) : undefined;
      let copy = memo?.take(path, st);
      if (!copy) {
        copy = await sanitizedSvg(root, path);
        memo?.put(path, st, copy);
      }
      copies.set(path, copy);
    }
  };
  await Promise.all(Array.from({ length: Math.min(16, svgs.length) }, lane));
  await memo?.save();
  for (const path of svgs) {
    const copy = copies.get(path)!;
    diagnostics.push(...copy.diagnostics);
    if (copy.bytes) out.set(path, copy.bytes);
  }
  return out;
}

async function sanitizedSvg(root: string, path: string): Promise<SvgCopy> {
  // Read confined: the walk listed a regular file, but what is there now may be a link out of the folder.
  let file: string;
  try {
    file = await confinedFile(root, path);
  } catch (err) {
    if (!(err instanceof ConfinedPathError)) throw err;
    return { diagnostics: [{ severity: 'error', file: path, message: `${err.message}; it is left out of the output` }] };
  }
  const size = (await stat(file)).size;
  if (size > MAX_SVG_BYTES) {
    return { diagnostics: [{ severity: 'error', file: path, message: `"${path}" is ${Math.ceil(size / 2 ** 20)} MB, over the ${MAX_SVG_BYTES / 2 ** 20} MB an SVG may have to be sanitized; it is left out of the output` }] };
  }
  const clean = sanitizeSvg(await readFile(file, 'utf8'));
  if (!clean) {
    return { diagnostics: [{ severity: 'error', file: path, message: `"${path}" is not an SVG document (its root element is not <svg>), so it cannot be made safe to serve; it is left out of the output` }] };
  }
  const gone = removedParts(clean);
  const diagnostics: Diagnostic[] = [];
  if (gone.length > 0) {
    diagnostics.push({
      severity: 'warning',
      file: path,
      message: `${gone.join(', ')} removed from "${path}" (an SVG in the output keeps only drawing, so it runs nothing and loads nothing when opened on its own)`,
    });
  }
  return { bytes: Buffer.from(clean.svg), diagnostics };
}
