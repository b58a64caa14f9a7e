/**
 * A small pool of worker threads that run one task at a time each, in the order
 * tasks were submitted. Running from TypeScript sources (vitest, tsx) the worker's
 * .ts file is loaded through tsx's tsImport from a tiny bootstrap script (on Node 20,
 * `execArgv: ['--import', 'tsx']` does not reach a worker's entry module); from the
 * compiled dist the .js file runs as is. A worker that dies fails its current task; abort() terminates every worker
 * and rejects what is pending. Workers can start before their data is known (they load
 * their modules meanwhile): `init(data)` then reaches each one before any task.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

interface Pending<R> {
  task: unknown;
  resolve(result: R): void;
  reject(err: unknown): void;
}

interface Slot<R> {
  worker: Worker;
  current?: Pending<R>;
}

/**
 * A render worker keeps about 50 MB alive (measured over 1000 pages: no growth), but
 * V8 lets a busy thread's heap fill with garbage up to hundreds of MB before it
 * collects; capping the old generation keeps two workers well under the memory target.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 };

export interface WorkerFile {
  /** The worker module, or a bootstrap script when `eval` is set. */
  entry: URL | string;
  eval: boolean;
}

/** How to start a worker file next to the calling module (`.ts` under tsx/vitest, `.js` in dist). */
export function workerFileOptions(callerUrl: string, baseName: string): WorkerFile {
  const fromSources = callerUrl.endsWith('.ts');
  const url = new URL(`${baseName}${fromSources ? '.ts' : '.js'}`, callerUrl);
  if (!fromSources) return { entry: url, eval: false };
  // The ESM build of tsx's API (require.resolve would pick the CommonJS one).
  const tsxDir = dirname(createRequire(callerUrl).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))` +
    `.catch((err) => { setImmediate(() => { throw err; }); });`;
  return { entry: bootstrap, eval: true };
}

export class WorkerPool<T, R> {
  private readonly slots: Slot<R>[] = [];
  private readonly queue: Pending<R>[] = [];
  private failure: unknown;

  constructor(file: WorkerFile, size: number, workerData?: unknown) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(file.entry, { workerData, eval: file.eval, resourceLimits: WORKER_LIMITS });
      const slot: Slot<R> = { worker };
      worker.on('message', (msg: { ok: boolean; result?: R; error?: string }) => {
        const job = slot.current;
        slot.current = undefined;
        if (job) {
          if (msg.ok) job.resolve(msg.result as R);
          else job.reject(new Error(msg.error));
        }
        this.next(slot);
      });
      worker.on('error', (err) => this.fail(slot, err));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(slot, new Error(`render worker exited with code ${code}`));
      });
      this.slots.push(slot);
    }
  }

  /** Sends the workers their data, when they were started without it. */
  init(data: unknown): void {
    for (const slot of this.slots) slot.worker.postMessage({ init: data });
  }

  get size(): number {
    return this.slots.length;
  }

  run(task: T): Promise<R> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      const idle = this.slots.find((s) => !s.current);
      if (idle) this.next(idle);
    });
  }

  private next(slot: Slot<R>): void {
    if (this.failure) return;
    const job = this.queue.shift();
    if (!job) return;
    slot.current = job;
    slot.worker.postMessage(job.task);
  }

  private fail(slot: Slot<R>, err: unknown): void {
    this.failure ??= err;
    slot.current?.reject(err);
    slot.current = undefined;
    for (const job of this.queue.splice(0)) job.reject(err);
    for (const s of this.slots) {
      s.current?.reject(err);
      s.current = undefined;
    }
  }

  /** Stops every worker; pending and running tasks are rejected with `reason`. */
  async abort(reason: unknown): Promise<void> {
    this.fail(this.slots[0], reason);
    await this.close();
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
