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
 * against ~17 s and ~24 s with one (issue 21, 2026-11-28). A cold export's threads now pay the
 * modules and the grammars while the main thread loads its own modules and scans the site
 * (export-site.ts, highlight/warm-up.ts): that hides the wait, not the CPU. Rendering on the main thread when it idles
 * would pay the same warm-up there and lose the per-page budgets (nothing preempts it).
 *
 * The fixed cost is repaid on large sites: at 10000 pages a second thread on 2 cores
 * took the export from 40.0 to 34.7 s (session 5). From EXTRA_THREAD_PAGES pages to
 * render, every core gets a render thread.
 */

import { fences } from '../highlight/fence-samples.js';

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

/**
 * A light page: one that needs little of a render thread's warm-up: no Twoslash, no API
 * reference, no imported snippet (which could bring either), and only fences of cheap
 * grammars (LIGHT_FENCES). On 2 cores a cold export's one render thread first spends
 * seconds loading grammars and TypeScript (Mintlify's docs: the first page written 5.3 s
 * after the start, the export's main thread idle from 1.7 s on); a second, light thread
 * renders the light pages meanwhile and ends when they are done, so its heap is not
 * carried to the end (WorkerPool.addLane). Misjudging a page costs time only: a light
 * thread renders any page.
 */
export function isLightPage(source: string): boolean {
  if (/^(?:import|export)\s|^(?:openapi|asyncapi|api):/m.test(source)) return false;
  for (const fence of fences(source)) if (!LIGHT_FENCES.has(fence.lang)) return false;
  return true;
}

/**
 * Fence languages whose grammars a thread loads and compiles in tens of milliseconds
 * (json 34 ms of CPU for the grammar and a first block, yaml 60, shell 185; against 350-450
 * for css, javascript, typescript and 1.3-1.8 s for markdown and mdx, which embed every
 * other), and those that are not highlighted at all.
 */
const LIGHT_FENCES = new Set(['', 'json', 'jsonc', 'json5', 'yaml', 'yml', 'toml', 'ini', 'diff', 'bash', 'sh', 'shell', 'shellscript', 'zsh', 'text', 'txt', 'plain', 'plaintext', 'mermaid']);

/** Light pages to render from which a cold export on 2 or more cores gives them a thread of their own (see isLightPage). */
export const LIGHT_LANE_PAGES = 100;

/** Whether the pages to render get a light thread beside the `threads` render threads on `cores` cores. */
export function lightLane(cores: number, threads: number, lightPages: number): boolean {
  return threads < cores && lightPages >= LIGHT_LANE_PAGES;
}
