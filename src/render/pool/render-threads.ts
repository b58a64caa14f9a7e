/**
 * How many render worker threads an export starts. Rendering is not the only work of
 * an export: the main thread writes the page files the render threads hand over (on a
 * file system slow to create files, most of its time), lays out cached pages and builds
 * the search index. A render thread per core competes with it, and each thread pays a
 * fixed cost (its modules, the JIT compiling the same code again, the grammars and the
 * distinct code blocks highlighted again: ~1-1.5 s of CPU). On 2 cores a cold export
 * of the 1000-page benchmark corpus was no shorter with two (session 5, with Pagefind:
 * median 5.4 s with two threads, 5.1 s with one; session 6, with Quire's own search
 * index and the main thread writing pages: 6.5-8.5 s with two, 4.7-6.4 s with one, on
 * the disk), so one core is left to the main thread.
 *
 * On a real site the fixed cost is larger: a fresh render thread given Mintlify's docs
 * (20 fence languages) spent 0.77 s of CPU loading the renderer's modules, 0.4 s loading
 * the grammars and 3.1-3.3 s on the first block of each language (Shiki translating and
 * V8 compiling the patterns of the rules first used), against ~15 s for the whole
 * export's rendering; with two threads that export took 19 s wall and 33.6 s of CPU
 * against ~17 s and ~24 s with one (issue 21, 2026-11-28). A cold export's threads now load
 * their modules while the main thread loads its own modules and scans the site
 * (export-site.ts), and the grammars warm once, in the export's highlight thread
 * (highlight-thread.ts), not in each render thread. Rendering on the main thread when it
 * idles would lose the per-page budgets (nothing preempts it).
 * A second, short-lived thread for "light" pages (only cheap grammars, no import) while
 * the first warmed up was tried (2026-11-28) and dropped once that warm-up had shrunk: in
 * alternated `quire export` runs without it, Continue's docs took 4.5-5.0 s and 6.5-7.2 s
 * of CPU against 4.8-5.3 s and 8.2-9.0 s, Mintlify's 13.1-14.5 s, 21.7-23.8 s and
 * 465-473 MB against 13.4-15.3 s, 22.8-26.3 s and 477-486 MB, meilisearch and 0xsequence
 * 1-2 s less CPU, langchain within its spread (docs/benchmarks.mdx).
 *
 * The fixed cost is repaid on large sites: at 10000 pages a second thread on 2 cores
 * took the export from 40.0 to 34.7 s (session 5). From EXTRA_THREAD_PAGES pages to
 * render, every core gets a render thread.
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
