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
  // Read and sanitized a few at a time: a site may hold thousands of icons.
  let next = 0;
  const lane = async () => {
    while (next < svgs.length) {
      const path = svgs[next++];
      const content = await sanitizedSvg(root, path, diagnostics);
      if (content) out.set(path, content);
    }
  };
  await Promise.all(Array.from({ length: Math.min(16, svgs.length) }, lane));
  return out;
}

async function sanitizedSvg(root: string, path: string, diagnostics: Diagnostic[]): Promise<Uint8Array | undefined> {
  const size = (await stat(join(root, path))).size;
  if (size > MAX_SVG_BYTES) {
    diagnostics.push({ severity: 'error', file: path, message: `"${path}" is ${Math.ceil(size / 2 ** 20)} MB, over the ${MAX_SVG_BYTES / 2 ** 20} MB an SVG may have to be sanitized; it is left out of the output` });
    return undefined;
  }
  const clean = sanitizeSvg(await readFile(join(root, path), 'utf8'));
  if (!clean) {
    diagnostics.push({ severity: 'error', file: path, message: `"${path}" is not an SVG document (its root element is not <svg>), so it cannot be made safe to serve; it is left out of the output` });
    return undefined;
  }
  const gone = removedParts(clean);
  if (gone.length > 0) {
    diagnostics.push({
      severity: 'warning',
      file: path,
      message: `${gone.join(', ')} removed from "${path}" (an SVG in the output keeps only drawing, so it runs nothing and loads nothing when opened on its own)`,
    });
  }
  return Buffer.from(clean.svg);
}
