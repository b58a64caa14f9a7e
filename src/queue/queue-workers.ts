/**
 * The worker side of the local queue driver (pg-boss runs its own workers): one fetch
 * loop per queue with its concurrency, one AbortController per attempt, the time limit,
 * lease renewal while a handler runs, and a graceful stop that waits for running
 * handlers and aborts the rest. The driver only says how to claim, renew and settle jobs
 * in its storage (`JobSource`).
 */
import { UnrecoverableError } from '../core/errors.js';
import type { JobHandler } from './types.js';

/** A job claimed for one attempt. */
export interface ClaimedJob {
  id: string;
  queue: string;
  data: unknown;
  attempt: number;
  /** The attempt's time limit. */
  timeLimitMs: number;
}

export type AttemptOutcome =
  | { kind: 'completed' }
  /** `retry: false` for UnrecoverableError; the source still applies the retry limit. */
  | { kind: 'failed'; error: Error; retry: boolean }
  /** Stopped before it finished (grace period over): the source records a failed attempt, retried like any other. */
  | { kind: 'handed-back' };

export interface JobSource<J extends ClaimedJob> {
  /** Claims up to `limit` due jobs of `queue` for this process. */
  claim(queue: string, limit: number): Promise<J[]>;
  /** Extends the job's lease; false when this process no longer owns it. */
  renew(job: J): Promise<boolean>;
  /** Records the attempt's outcome (only if this process still owns the job). */
  settle(job: J, outcome: AttemptOutcome): Promise<void>;
}

/** Minimal logger; a pino logger fits. */
export interface QueueLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: QueueLogger = { warn: () => undefined, error: () => undefined };

export interface QueueWorkersOptions {
  pollIntervalMs: number;
  renewIntervalMs: number;
  logger: QueueLogger;
}

/** The reason a signal carries when a job's time limit passes. */
export class JobTimeoutError extends Error {
  constructor(seconds: number) {
    super(`Job exceeded its time limit of ${seconds} s`);
    this.name = 'JobTimeoutError';
  }
}

/** The reason a signal carries when the queue stops or the lease was lost. */
export class JobInterruptedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobInterruptedError';
  }
}

interface Running {
  /** Resolves once the outcome is recorded. */
  done: Promise<void>;
  handBack(): Promise<void>;
}

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

function isUnrecoverable(err: unknown): boolean {
  return err instanceof UnrecoverableError || (err instanceof Error && err.name === 'UnrecoverableError');
}

class QueueWorker<J extends ClaimedJob> {
  readonly running = new Set<Running>();
  private stopping = false;
  private woken = false;
  private wakeUp: (() => void) | undefined;
  readonly loop: Promise<void>;

  constructor(
    private readonly source: JobSource<J>,
    private readonly queue: string,
    private readonly concurrency: number,
    private readonly handler: JobHandler,
    private readonly options: QueueWorkersOptions,
  ) {
    this.loop = this.run();
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  halt(): void {
    this.stopping = true;
    this.wake();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const free = this.concurrency - this.running.size;
      if (free > 0) {
        try {
          const jobs = await this.source.claim(this.queue, free);
          if (this.stopping) {
            // Claimed while stopping: give them straight back.
            await Promise.all(jobs.map((job) => this.source.settle(job, { kind: 'handed-back' })));
            break;
          }
          for (const job of jobs) this.start(job);
          if (jobs.length === free) continue;
        } catch (err) {
          this.options.logger.error({ err, queue: this.queue }, 'queue: claiming jobs failed');
        }
      }
      await this.idle();
    }
  }

  /** Waits for the poll interval or a wake-up, whichever comes first. */
  private idle(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        this.woken = false;
        resolve();
      };
      // Not unref'd: a worker process (`quire worker`) lives as long as its workers do.
      const timer = setTimeout(done, this.options.pollIntervalMs);
      this.wakeUp = done;
    });
  }

  private start(job: J): void {
    const controller = new AbortController();
    let settled = false;
    let resolveDone!: () => void;
    const done = new Promise<void>((resolve) => (resolveDone = resolve));
    const stopTimers = () => {
      clearTimeout(timeLimit);
      clearInterval(renewal);
    };
    const finish = async (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      stopTimers();
      try {
        await this.source.settle(job, outcome);
      } catch (err) {
        this.options.logger.error({ err, queue: job.queue, jobId: job.id }, 'queue: recording a job outcome failed');
      }
      this.running.delete(entry);
      resolveDone();
      this.wake();
    };
    const entry: Running = {
      done,
      handBack: async () => {
        controller.abort(new JobInterruptedError('The queue is stopping'));
        await finish({ kind: 'handed-back' });
      },
    };
    this.running.add(entry);

    const timeLimit = setTimeout(() => {
      const error = new JobTimeoutError(Math.round(job.timeLimitMs / 1000));
      controller.abort(error);
      void finish({ kind: 'failed', error, retry: true });
    }, job.timeLimitMs);
    timeLimit.unref();
    const renewal = setInterval(() => {
      this.source.renew(job).then(
        (owned) => {
          if (owned || settled) return;
          // Another worker took the job over (our lease lapsed): stop without recording.
          settled = true;
          stopTimers();
          controller.abort(new JobInterruptedError('The job lease was lost'));
          this.running.delete(entry);
          resolveDone();
          this.wake();
        },
        (err: unknown) => this.options.logger.warn({ err, queue: job.queue, jobId: job.id }, 'queue: lease renewal failed'),
      );
    }, this.options.renewIntervalMs);
    renewal.unref();

    Promise.resolve()
      .then(() => this.handler({ id: job.id, data: job.data, attempt: job.attempt, signal: controller.signal }))
      .then(
        () => finish({ kind: 'completed' }),
        (err: unknown) => finish({ kind: 'failed', error: toError(err), retry: !isUnrecoverable(err) }),
      );
  }
}

/**
 * The fetch loops of one queue instance, one per queue name (not a pool of threads:
 * that is the renderer's WorkerPool; handlers run on this process's event loop).
 */
export class QueueWorkers<J extends ClaimedJob> {
  private readonly workers = new Map<string, QueueWorker<J>>();

  constructor(
    private readonly source: JobSource<J>,
    private readonly options: QueueWorkersOptions,
  ) {}

  has(queue: string): boolean {
    return this.workers.has(queue);
  }

  add(queue: string, concurrency: number, handler: JobHandler): void {
    if (this.workers.has(queue)) throw new Error(`A handler is already registered for queue "${queue}"`);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Invalid concurrency for queue "${queue}": ${concurrency}`);
    this.workers.set(queue, new QueueWorker(this.source, queue, concurrency, handler, this.options));
  }

  /** Looks for jobs now (after a send in this process). */
  wake(queue: string): void {
    this.workers.get(queue)?.wake();
  }

  /** Stops fetching, waits up to `graceMs` for running handlers, aborts the rest (their attempts count as failed). */
  async stop(graceMs: number): Promise<void> {
    const workers = [...this.workers.values()];
    this.workers.clear();
    for (const worker of workers) worker.halt();
    await Promise.all(workers.map((worker) => worker.loop));
    const running = workers.flatMap((worker) => [...worker.running]);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)));
    const result = await Promise.race([Promise.all(running.map((r) => r.done)), graceOver]);
    clearTimeout(timer);
    if (result === 'timeout') {
      await Promise.all(workers.flatMap((worker) => [...worker.running]).map((r) => r.handBack()));
    }
  }
}
