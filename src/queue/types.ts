/**
 * The queue port: background jobs (exports, agent runs) with at-least-once delivery,
 * retries with exponential backoff, a time limit per job, idempotent sends through a
 * singleton key, per-queue concurrency and a graceful stop. Shaped after pg-boss 12 so
 * the embedded driver (`local`, jobs in the records database) and the scale-out driver
 * (`pg-boss`) behave the same; the core only sees this file.
 *
 * Handlers must be idempotent: a job may run again after a crash, a lost lease or an
 * expired time limit.
 */

/** What a handler receives for one attempt of one job. */
export interface JobContext<T = unknown> {
  id: string;
  data: T;
  /** 1 for the first attempt, 2 for the first retry, and so on. */
  attempt: number;
  /**
   * Aborts when the job's time limit passes, the queue stops (after its grace period)
   * or the job was taken from this worker (its heartbeat or lease lapsed). The handler
   * should give up promptly; the attempt counts as failed and the job is retried with
   * backoff while retries are left. The outcome is recorded and the worker slot freed
   * at once, without waiting for the handler; whatever it resolves later is ignored.
   */
  signal: AbortSignal;
}

/**
 * Runs one attempt. Resolving completes the job; throwing fails the attempt and the job
 * is retried with backoff until its retry limit, except for `UnrecoverableError`
 * (src/core/errors.ts), which fails the job at once.
 */
export type JobHandler<T = unknown> = (job: JobContext<T>) => Promise<void>;

export interface SendOptions {
  /**
   * Idempotent send: while a job of this queue with this key is kept (queued, running,
   * or finished and not yet cleaned up: 7 days after it finished on both drivers, and
   * 14 days while queued on `pg-boss`), sending the same key again queues
   * nothing and returns the existing job's id. Use a key that names the work, e.g. the
   * export job's id.
   */
  singletonKey?: string;
  /** Retries after the first attempt. @default 2 */
  retryLimit?: number;
  /** Delay before the first retry; doubled for each later retry (exponential backoff). @default 5 */
  retryDelaySeconds?: number;
  /** Time limit of one attempt; past it the signal aborts and the attempt fails. @default 900 */
  expireInSeconds?: number;
  /** Do not start before this many seconds from now. @default 0 */
  startAfterSeconds?: number;
}

export interface WorkOptions {
  /** Attempts of this queue run at once in this process. @default 1 */
  concurrency?: number;
}

export interface StopOptions {
  /**
   * How long to wait for running handlers before aborting their signals. An attempt cut
   * short this way counts as failed and is retried with backoff (on this or another
   * worker) while retries are left, as pg-boss records it.
   * @default 30000
   */
  graceMs?: number;
}

export type QueueJobState = 'queued' | 'active' | 'completed' | 'failed';

/** A job as the queue sees it, for status checks and tests. */
export interface QueueJobInfo {
  id: string;
  queue: string;
  state: QueueJobState;
  /** Attempts started so far. */
  attempts: number;
  /** Retries allowed after the first attempt. */
  retryLimit: number;
  /** Message of the last failed attempt, if any. */
  lastError: string | null;
  data: unknown;
}

export interface Queue {
  readonly driver: 'local' | 'pg-boss';
  /** Prepares storage (pg-boss: schema and maintenance) and starts polling. */
  start(): Promise<void>;
  /** Creates these queues now, one after another (after start): `quire migrate` does, so workers starting together need not. */
  prepare(queues: string[]): Promise<void>;
  /** Queues a job and returns its id (with a singleton key: the existing job's id). */
  send(queue: string, data: object, options?: SendOptions): Promise<string>;
  /** Starts running jobs of `queue` in this process; one handler per queue. */
  work<T = unknown>(queue: string, options: WorkOptions, handler: JobHandler<T>): Promise<void>;
  /** The job's current state, or undefined when unknown (or already cleaned up). */
  getJob(queue: string, id: string): Promise<QueueJobInfo | undefined>;
  /**
   * Stops fetching, waits up to `graceMs` for running handlers, then aborts the rest and
   * records their attempts as failed (retried). Does not close the records store (its owner does).
   */
  stop(options?: StopOptions): Promise<void>;
}

/** Defaults shared by both drivers, so a job behaves the same on either. */
export const QUEUE_DEFAULTS = {
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 900,
  concurrency: 1,
  graceMs: 30_000,
} as const;

/** Delay before retry number `retry` (1-based) with exponential backoff. */
export function backoffSeconds(retryDelaySeconds: number, retry: number): number {
  return retryDelaySeconds * 2 ** Math.max(0, retry - 1);
}
