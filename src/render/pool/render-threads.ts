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
 * Large sites no longer repay a thread per core either. Until 2026-11-29 every core got a
 * render thread from 2,000 pages to render (at 10,000 pages a second thread on 2 cores had
 * taken the export from 40.0 to 34.7 s in session 5, when each render thread highlighted for
 * itself). With the highlight thread beside the export thread, `--workers 1` against 2 on
 * 2 cores, alternated pairs (2026-11-29 20:23-20:30): the generated 3,000 pages 3.36-3.41 s
 * against 3.71-3.73 s (315-320 against 396-397 MB), 5,000 pages 5.09-5.14 against 5.50-5.90 s
 * (404-412 against 481-483 MB), 10,000 pages 9.46-9.71 against 10.20-10.44 s (592-627 against
 * 684-731 MB); firecrawl's docs (2,159 pages) 13.28-14.77 against 13.07-13.33 s wall but
 * 20.4-22.8 against 23.9-24.0 s of CPU and 577-587 against 763-772 MB. So one core is
 * always left to the rest of the export.
 */

/**
 * Render threads for `pages` pages to render (unknown before the site is scanned) on `cores`
 * cores: one per core but one, at least one, never more than there are pages.
 */
export function renderThreads(cores: number, pages?: number): number {
  const threads = Math.max(1, cores - 1);
  return pages === undefined ? threads : Math.max(1, Math.min(pages, threads));
}
