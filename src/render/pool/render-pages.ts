/**
 * The render threads of an export: starting them (pool/worker-pool.ts runs them), each
 * page's budget (time, heap; a page over it fails alone, named, or gets one more try in a
 * roomier thread), and rendering the pages that are not cached. Light to load (the
 * renderer itself is loaded only in the threads, or with `workers: 0`): export-site.ts
 * starts the threads before the export's main thread loads anything heavy.
 */
import { availableParallelism, totalmem } from 'node:os';
import type { ExportOptions } from '../types.js';
import type { RenderInit, RenderTask, RenderTaskResult } from './render-task.js';
import { RENDER_HEAP_MB, TaskBudgetError, WorkerPool, workerFileOptions, type WorkerPoolOptions } from './worker-pool.js';
import { renderThreads } from './render-threads.js';

/** Time a page may take to render in a render thread before the thread is ended and the page fails alone. */
export const DEFAULT_PAGE_TIMEOUT_MS = 60_000;
/**
 * Heap of the one-off thread a page gets a second try in after its render thread ran out
 * of memory: four times the render thread's and at least 1024 MB, but never more than
 * half the machine's memory (where memory allows; then the page fails alone).
 */
function retryHeapMb(heapMb: number): number {
  return Math.max(heapMb, Math.min(Math.max(4 * heapMb, 1024), Math.floor(totalmem() / 2 / 2 ** 20)));
}

/** The budget of each page in the render threads. */
export function budgetOf(options: ExportOptions): WorkerPoolOptions {
  return {
    taskTimeoutMs: options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS,
    ...(options.renderHeapMb ? { maxOldGenerationSizeMb: options.renderHeapMb } : {}),
    ...(options.renderNice ? { nice: options.renderNice } : {}),
  };
}

/** Render worker threads; without `init` they wait for it (WorkerPool.init). */
export function renderPool(size: number, init?: RenderInit, options: WorkerPoolOptions = {}): WorkerPool<RenderTask, RenderTaskResult> {
  return new WorkerPool<RenderTask, RenderTaskResult>(workerFileOptions(import.meta.url, './render-worker'), size, init, { taskTimeoutMs: DEFAULT_PAGE_TIMEOUT_MS, ...options });
}

/**
 * Renders a task on the pool; a page over its budget fails alone. One that ran its
 * thread out of memory gets a second try in a thread of its own with a larger heap
 * (a big generated page may just need it); over time, or out of memory again, it
 * becomes an empty page with an error naming its file.
 */
async function renderWithinBudget(pool: WorkerPool<RenderTask, RenderTaskResult>, task: RenderTask, init: RenderInit, budget: WorkerPoolOptions): Promise<RenderTaskResult> {
  try {
    return await pool.run(task);
  } catch (err) {
    if (!(err instanceof TaskBudgetError)) throw err;
    let reason = err;
    if (err.budget === 'memory') {
      const heapMb = retryHeapMb(budget.maxOldGenerationSizeMb ?? RENDER_HEAP_MB);
      const roomy = renderPool(1, init, { ...budget, maxOldGenerationSizeMb: heapMb });
      try {
        const result = await roomy.run(task);
        const file = task.file ?? task.spec?.file ?? task.page;
        result.diagnostics.push({ severity: 'warning', file, message: `${task.page} ${err.message.replace(/^it /, '')}; rendered in a thread with ${heapMb} MB` });
        return result;
      } catch (again) {
        if (!(again instanceof TaskBudgetError)) throw again;
        reason = again;
      } finally {
        await roomy.close();
      }
    }
    // Loaded on use: with render threads this thread never renders (the renderer costs ~0.6 s of CPU to load).
    const { failedPageResult } = await import('./render-task.js');
    return failedPageResult(init, task, `${task.page} was not rendered: ${reason.message} (the page's render budget); the rest of the site is exported`);
  }
}

/** Pages of an export by what rendering them takes. */
export interface PageKinds {
  /** Pages that may have Twoslash blocks: once the last is rendered, render threads let TypeScript go. */
  typed: Set<string>;
}

/** The kinds of `tasks`, from their sources as the scan read them. */
export function pageKinds(tasks: RenderTask[], sources: Map<string, string>): PageKinds {
  const typed = new Set<string>();
  for (const task of tasks) {
    const source = task.file ? sources.get(task.file) : undefined;
    if (source?.includes('twoslash')) typed.add(task.page);
  }
  return { typed };
}

/** Renders pages on worker threads (or in this thread with `workers: 0`). */
export async function renderMisses(
  tasks: RenderTask[],
  init: RenderInit,
  workers: number | undefined,
  started: WorkerPool<RenderTask, RenderTaskResult> | undefined,
  signal: AbortSignal | undefined,
  budget: WorkerPoolOptions,
  { typed }: PageKinds,
  onResult: (task: RenderTask, result: RenderTaskResult) => void,
): Promise<void> {
  if (tasks.length === 0) return;
  // Twoslash pages left to render: at none, TypeScript is let go (highlight/twoslash.ts releaseTwoslash).
  let typedLeft = tasks.filter((t) => typed.has(t.page)).length;
  const lastTyped = (task: RenderTask) => typed.has(task.page) && --typedLeft === 0;
  // Pages render in threads, where a page over its budget can be stopped: only
  // `workers: 0` renders on this thread (the inputs are bounded, but nothing can preempt it).
  const size = started ? started.size : workers === 0 ? 0 : Math.min(tasks.length, workers ?? renderThreads(availableParallelism(), tasks.length));
  if (size <= 0) {
    const render = (await import('./render-task.js')).createRenderer(init);
    const { releaseTwoslash } = await import('../highlight/twoslash.js');
    for (const task of tasks) {
      signal?.throwIfAborted();
      onResult(task, await render(task));
      if (lastTyped(task)) releaseTwoslash();
    }
    return;
  }
  const pool = started ?? renderPool(size, init, budget);
  started?.init(init);
  const onAbort = () => void pool.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await Promise.all(
      tasks.map((task) =>
        renderWithinBudget(pool, task, init, budget).then((result) => {
          onResult(task, result);
          if (lastTyped(task)) pool.broadcast({ release: 'twoslash' });
        }),
      ),
    );
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await pool.close();
  }
  signal?.throwIfAborted();
}
