/**
 * A small pool of worker threads that run one task at a time each, in the order
 * tasks were submitted. Each worker is handed tasks ahead of the one it runs (aheadLimit),
 * so it never waits for this thread between tasks. Running
 * from TypeScript sources (vitest, tsx) the worker's .ts file is loaded through tsx's
 * tsImport from a tiny bootstrap script (on Node 20, `execArgv: ['--import', 'tsx']`
 * does not reach a worker's entry module); from the compiled dist the .js file runs as
 * is. A task over its time limit, or whose worker runs out of heap, fails alone with
 * TaskBudgetError and its worker is replaced; abort() terminates every worker and
 * rejects what is pending. Workers can start before their data is known (they load
 * their modules meanwhile): `init(data)` then reaches each one before any task, and
 * a worker started later (replacing one) starts with it, and `prepare(task)` gives each worker
 * running a task of its own to do ahead of the rest.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type TransferListItem } from 'node:worker_threads';

interface Pending<R> {
  task: unknown;
  resolve(result: R): void;
  reject(err: unknown): void;
}

interface Slot<R> {
  worker: Worker;
  /** Tasks sent to the worker and not answered yet, oldest first (it answers in order). */
  sent: Pending<R>[];
  /** The time limit of the task the worker runs now (the oldest sent), and that task. */
  timer?: NodeJS.Timeout;
  timed?: Pending<R>;
  /** Set once the worker was ended for a task over budget: its exit is expected. */
  retired?: boolean;
  /** The worker said `{ ready: true }` (its modules are loaded): task time limits count from then. */
  ready?: boolean;
}

/** A task that went past its time limit or its worker's heap limit; the worker was replaced. */
export class TaskBudgetError extends Error {
  constructor(
    readonly budget: 'time' | 'memory',
    message: string,
  ) {
    super(message);
    this.name = 'TaskBudgetError';
  }
}

export interface WorkerPoolOptions {
  /**
   * Time limit of one task: past it the worker is ended and replaced, the task fails
   * with TaskBudgetError. It counts from when the worker has said `{ ready: true }` (its
   * modules loaded) and its previous task is answered. @default none
   */
  taskTimeoutMs?: number;
  /** Heap limit of each worker (old generation), in MB. @default RENDER_HEAP_MB (512) */
  maxOldGenerationSizeMb?: number;
  /**
   * Nice value each worker sets for its own thread before it loads (0 normal, 19 the
   * lowest priority; on Linux a thread's nice value is its own). @default none: the
   * priority of the thread that starts it
   */
  nice?: number;
}

/** Workers that died while running a task before the pool gives up on the whole run (a worker that cannot even start). */
const MAX_REPLACEMENTS = 32;

/**
 * How many tasks a worker holds at once (the one it runs and those after it), given the
 * tasks still queued. With one, a worker sat idle from its answer until this thread
 * (busy, or not scheduled on a busy machine) sent the next task: in a cold 1000-page
 * export with two workers on two cores, 160-200 waits per worker of ~4 ms each. With two,
 * a render thread still waited whenever the export's main thread spent 100-300 ms on one
 * search shard (~0.9 s of a cold export of the generated 1000 pages idle, 0.3 s of its
 * wall time). So a worker holds a quarter of its share of the queue, at least two: deep
 * while there is much left, shallow at the end, where tasks already sent to one worker
 * can no longer go to another that is free.
 */
export function aheadLimit(queued: number, workers: number): number {
  return Math.max(2, Math.ceil(queued / (4 * Math.max(1, workers))));
}

/**
 * Heap limit (old generation) of a worker, in MB, unless the pool is given another. A
 * render thread keeps 100-130 MB alive after a full GC on a real site (Mintlify's docs,
 * 1070 pages on one thread: compiled grammars, highlighted blocks, the site model,
 * module code), growing slowly with the distinct code blocks. Under the former 192 MB
 * old and 32 MB young generation the thread ran GC-bound (issue 21): 330 scavenges and
 * 30 mark-compacts; at 512 and 96 MB, 162 and 19, and the export's CPU (all threads,
 * the V8 helpers doing the parallel GC work included) went from 49.5 to 42.7 s, what
 * rendering on the main thread costs. At 512 MB the live heap is a quarter of the
 * limit; a page that needs more gets a thread of its own (export-site.ts).
 */
export const RENDER_HEAP_MB = 512;

/**
 * Young generation of a render thread. Scavenges cost what survives, not the space, but the
 * semi-spaces are resident memory: on Mintlify's docs 32 MB (about 11 MB semi-spaces) against
 * 96 MB gave 271 scavenges instead of 140, +0.24 s of scavenge pauses, the same export CPU
 * (31.0 s both) and a peak RSS 57 MB lower (694 against 751 MB; issue 21 asks 500).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: RENDER_HEAP_MB, maxYoungGenerationSizeMb: 32 };

export interface WorkerFile {
  /** The worker module, or a bootstrap script when `eval` is set. */
  entry: URL | string;
  eval: boolean;
}

/** How to start a worker file next to the calling module (`.ts` under tsx/vitest, `.js` in dist). */
export function workerFileOptions(callerUrl: string, baseName: string): WorkerFile {
  // tsx's tsImport (a worker started from the sources) gives modules a `?tsx-namespace=` query.
  const fromSources = new URL(callerUrl).pathname.endsWith('.ts');
  const url = new URL(`${baseName}${fromSources ? '.ts' : '.js'}`, callerUrl);
  if (!fromSources) return { entry: url, eval: false };
  // The ESM build of tsx's API (require.resolve would pick the CommonJS one).
  const tsxDir = dirname(createRequire(callerUrl).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))` +
    `.catch((err) => { setImmediate(() => { throw err; }); });`;
  return { entry: bootstrap, eval: true };
}

/** The worker file behind a bootstrap that first lowers the thread's priority (a platform that refuses leaves it as it is). */
function withNice(file: WorkerFile, nice: number): WorkerFile {
  const lower = `try { require('node:os').setPriority(${Math.trunc(nice)}); } catch {}\n`;
  if (file.eval) return { entry: lower + String(file.entry), eval: true };
  const href = JSON.stringify(String(file.entry));
  return { entry: `${lower}import(${href}).catch((err) => { setImmediate(() => { throw err; }); });`, eval: true };
}

/** A task of one worker's own (WorkerPool.prepare), made for its index, with what moves to it. */
export type OwnTask = (index: number) => { task: unknown; transfer: TransferListItem[] };

export class WorkerPool<T, R> {
  private readonly slots: Slot<R>[] = [];
  private readonly queue: Pending<R>[] = [];
  private failure: Error | undefined;
  /** What a worker started from now on gets as its workerData. */
  private data: unknown;

  private replaced = 0;

  private readonly file: WorkerFile;

  constructor(
    file: WorkerFile,
    size: number,
    workerData?: unknown,
    private readonly options: WorkerPoolOptions = {},
  ) {
    this.file = options.nice ? withNice(file, options.nice) : file;
    this.data = workerData;
    while (this.slots.length < size && !this.failure) this.spawn();
  }

  private spawn(): void {
    const limits = { ...WORKER_LIMITS, ...(this.options.maxOldGenerationSizeMb ? { maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb } : {}) };
    const worker = new Worker(this.file.entry, { workerData: this.data, eval: this.file.eval, resourceLimits: limits });
    const slot: Slot<R> = { worker, sent: [] };
    worker.on('message', (msg: { ok: boolean; result?: R; error?: string } | { ready: true }) => {
      if (slot.retired) return;
      if ('ready' in msg) {
        slot.ready = true;
        this.next(slot);
        return;
      }
      clearTimeout(slot.timer);
      const job = slot.sent.shift();
      if (job) {
        if (msg.ok) job.resolve(msg.result as R);
        else job.reject(new Error(msg.error));
      }
      this.next(slot);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (slot.retired) return;
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') this.replace(slot, new TaskBudgetError('memory', `it needed more than the render thread's ${limits.maxOldGenerationSizeMb} MB heap`));
      else this.replace(slot, err);
    });
    worker.on('exit', (code) => {
      // Any exit not asked for, even with code 0, leaves the slot without a thread.
      if (!slot.retired) this.replace(slot, new Error(`render worker exited with code ${code}`));
    });
    this.slots.push(slot);
    // Queued tasks go to the new worker too.
    this.next(slot);
  }

  /**
   * Ends a worker that failed (a task over time or out of memory, or it died): the task
   * it was running is rejected with `err`, the tasks sent after it go back to the front
   * of the queue, and a new worker takes the slot's place. A worker that dies between
   * tasks (idle, or while taking its data) is replaced too, with no task failed. Only a
   * worker that dies before it said it was ready (it cannot start, and neither would the
   * next) fails the whole pool, as does a run of more than MAX_REPLACEMENTS.
   */
  private replace(slot: Slot<R>, err: unknown): void {
    slot.retired = true;
    clearTimeout(slot.timer);
    void slot.worker.terminate();
    this.slots.splice(this.slots.indexOf(slot), 1);
    const [running, ...ahead] = slot.sent.splice(0);
    if (!slot.ready || ++this.replaced > MAX_REPLACEMENTS) {
      if (running) ahead.unshift(running);
      this.queue.unshift(...ahead);
      this.fail(err);
      return;
    }
    running?.reject(err);
    this.queue.unshift(...ahead);
    if (!this.failure) this.spawn();
  }

  /** Sends the workers their data, when they were started without it; later ones start with it. */
  init(data: unknown): void {
    this.data = data;
    for (const slot of this.slots) slot.worker.postMessage({ init: data });
  }

  /**
   * Sends `task` to each worker running now, after what it was sent already: work a
   * worker does ahead of its tasks (an export's ThreadStart, pool/render-task.ts). It
   * runs under a task's time and heap limits, so it can stall nothing: a worker it takes
   * past them is replaced like any other (no task fails for it). Its answer is dropped.
   * Given a function, each worker gets the task it makes for the worker's index, and the
   * transferables it names move to that worker.
   */
  prepare(task: unknown): void {
    const ignore = () => {};
    this.slots.forEach((slot, i) => {
      if (this.failure) return;
      // A task of each worker's own, with what moves to it (a port).
      const own = typeof task === 'function' ? (task as OwnTask)(i) : { task, transfer: [] };
      slot.sent.push({ task: own.task, resolve: ignore, reject: ignore });
      slot.worker.postMessage(own.task, own.transfer);
      this.next(slot);
    });
  }

  /** Sends `message` to every worker running now, after the tasks already sent to it. */
  broadcast(message: unknown): void {
    for (const slot of this.slots) slot.worker.postMessage(message);
  }

  get size(): number {
    return this.slots.length;
  }

  /** Workers replaced so far (they died, or ran a task over its budget). */
  get replacements(): number {
    return this.replaced;
  }

  run(task: T): Promise<R> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      // The least busy worker takes it.
      const slot = this.slots.reduce<Slot<R> | undefined>((best, s) => (!best || s.sent.length < best.sent.length ? s : best), undefined);
      if (slot) this.next(slot);
    });
  }

  private next(slot: Slot<R>): void {
    while (!this.failure && this.queue.length > 0 && slot.sent.length < aheadLimit(this.queue.length, this.slots.length)) {
      const job = this.queue.shift()!;
      slot.sent.push(job);
      slot.worker.postMessage(job.task);
    }
    // The oldest task sent is the one the worker runs: its clock starts now.
    const timeout = this.options.taskTimeoutMs;
    if (timeout && slot.ready && slot.sent.length > 0 && !slot.retired && slot.timed !== slot.sent[0]) {
      clearTimeout(slot.timer);
      slot.timed = slot.sent[0];
      slot.timer = setTimeout(() => this.replace(slot, new TaskBudgetError('time', `it took longer than ${timeout / 1000} s`)), timeout);
      slot.timer.unref();
    }
  }

  private fail(err: unknown): void {
    this.failure ??= err instanceof Error ? err : new Error('a render worker failed', { cause: err });
    for (const slot of this.slots) clearTimeout(slot.timer);
    for (const job of this.queue.splice(0)) job.reject(err);
    for (const slot of this.slots) for (const job of slot.sent.splice(0)) job.reject(err);
  }

  /** Stops every worker; pending and running tasks are rejected with `reason`. */
  async abort(reason: unknown): Promise<void> {
    this.fail(reason);
    await this.close();
  }

  /** Stops every worker; a task still pending, or run from now on, is rejected. */
  async close(): Promise<void> {
    this.fail(new Error('the worker pool is closed'));
    for (const slot of this.slots) {
      // Their exits are expected now: no replacement.
      slot.retired = true;
      clearTimeout(slot.timer);
    }
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
