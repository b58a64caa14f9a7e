/**
 * exportSite: turns a docs folder (docs.json or mint.json plus MDX pages) into a
 * self-contained static site (export-start.ts and export-run.ts do the work). This module is the entry and
 * stays light on purpose: it starts the render threads first, then loads the rest of the
 * export engine (~0.5 s of CPU), so that each render thread loads its own modules and
 * warms its highlighter while this thread loads its own and scans the site, not after.
 */
import { availableParallelism } from 'node:os';
import { resolve, sep } from 'node:path';
import { existsSync } from 'node:fs';
import { InvalidError } from '../core/errors.js';
import type { ExportOptions, ExportReport } from './types.js';
import { renderThreads } from './pool/render-threads.js';
import { budgetOf, renderPool } from './pool/render-pages.js';
import { pageIndexFile } from './cache/page-cache.js';

export async function exportSite(options: ExportOptions): Promise<ExportReport> {
  const started = performance.now();
  options.signal?.throwIfAborted();
  const root = resolve(options.root);
  const outDir = resolve(options.outDir);
  const cacheDir = options.cacheDir ? resolve(options.cacheDir) : undefined;
  if (cacheDir && (cacheDir === outDir || cacheDir.startsWith(outDir + sep))) {
    throw new InvalidError(`cache folder ${options.cacheDir} is inside the output folder; keep it outside (the output only holds the site)`);
  }
  // A cold export (no page cache yet) renders every page: its workers start now and
  // load their modules while this thread loads its own and scans the site. So does a warm one, with a single
  // thread (an edit changes few pages): the pages to render are known only once every
  // page's key is, and a thread started then loaded its modules while nothing else ran.
  const cold = !options.paths && !(cacheDir && existsSync(pageIndexFile(cacheDir)));
  // One per core but one (pool/render-threads.ts); a site of fewer pages uses fewer of them.
  const earlyThreads = cold ? options.workers ?? renderThreads(availableParallelism()) : options.workers === undefined ? 1 : 0;
  const early = earlyThreads > 0 ? renderPool(earlyThreads, undefined, budgetOf(options)) : undefined;
  try {
    const { exportStarted } = await import('./export-start.js');
    return await exportStarted(options, { started, root, outDir, cacheDir, cold, early });
  } finally {
    // exportStarted closes them in its order (before the caches); this is for a failed load.
    await early?.close();
  }
}
