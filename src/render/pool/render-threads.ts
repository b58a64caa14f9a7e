/**
 * How many render worker threads an export starts. Rendering is not the only work of
 * an export: the main thread lays out cached pages, feeds the search indexer and
 * writes files, and the indexer (Pagefind, its own processes) indexes every page. In a
 * cold export of the 1000-page benchmark corpus that other work took about as much CPU
 * as rendering (~4.5 s each on 2 cores), so one core is left to it: with a render
 * thread per core the two threads competed with it and each paid the fixed cost of a
 * thread (its modules, the JIT compiling the same code again, the grammars and the
 * distinct code blocks highlighted again: ~1.5 s of CPU more in all) for no shorter
 * export (median 5.4 s with two threads, 5.1 s with one).
 *
 * The fixed cost is repaid on large sites: at 10000 pages a second thread on 2 cores
 * took the export from 40.0 to 34.7 s. From EXTRA_THREAD_PAGES pages to render, every
 * core gets a render thread.
 */

/** Pages to render from which each core gets a render thread (see above). */
export const EXTRA_THREAD_PAGES = 2000;

/**
 * Render threads for `pages` pages to render (unknown before the site is scanned:
 * the number for a site below EXTRA_THREAD_PAGES) on `cores` cores.
 */
export function renderThreads(cores: number, pages?: number): number {
  const threads = pages !== undefined && pages >= EXTRA_THREAD_PAGES ? cores : cores - 1;
  return Math.max(1, pages === undefined ? threads : Math.min(pages, threads));
}
