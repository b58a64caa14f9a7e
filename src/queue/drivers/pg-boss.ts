/**
 * Scale-out queue driver on pg-boss 12 (PostgreSQL), through its public API only: any
 * number of processes send and work the same queues, and pg-boss runs the workers.
 *
 * - `work()` with `localConcurrency` runs the handlers; LISTEN/NOTIFY wakes workers in
 *   every process the moment a job is sent, polling stays as the backstop.
 * - Liveness is pg-boss's heartbeat (`heartbeatSeconds`): the worker touches its jobs
 *   while they run, and a dead worker's job is failed (and retried) by pg-boss's monitor
 *   once its heartbeat is older than that. A job taken away meanwhile aborts its signal.
 * - Completion and failure are fenced by pg-boss to the attempt that was fetched (job id
 *   and retry count), so a late outcome of a lost attempt changes nothing.
 * - The attempt's time limit is this driver's own timer (so the handler sees a
 *   `JobTimeoutError`); pg-boss's `expireInSeconds` sits a margin above it as a backstop.
 * - `UnrecoverableError` answers with the `deadletter` disposition: failed at once, no retry.
 * - A singleton key becomes a deterministic job id (pg-boss inserts ON CONFLICT DO
 *   NOTHING), so sending the same key twice queues one job until pg-boss deletes it.
 * - `stop()` is pg-boss's graceful stop: running handlers get the grace period, then
 *   pg-boss fails their attempts (retried like any failure) and aborts their signals.
 */
import { createHash } from 'node:crypto';
import { PgBoss, type JobResult } from 'pg-boss';
import type { PgBossQueueConfig } from '../config.js';
import { QUEUE_DEFAULTS, type JobHandler, type Queue, type QueueJobInfo, type QueueJobState, type SendOptions, type StopOptions, type WorkOptions } from '../types.js';
import { silentLogger, type QueueLogger } from '../queue-workers.js';
import { runAttempt } from './pg-boss-attempt.js';
import { legacySchemaAdvice, legacySchemaVersion, moveLegacySchemaAside } from './pg-boss-legacy.js';

/** What Quire stores as pg-boss job data: the payload and the attempt time limit. */
export interface Envelope {
  data: unknown;
  timeLimitSeconds: number;
}

/** pg-boss's own expiry stays this far above the time limit Quire enforces. */
const EXPIRY_MARGIN_SECONDS = 30;

/** A UUID derived from queue and singleton key (version nibble 5, RFC 4122 variant). */
function singletonId(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** The message of a failed job's output: `{message}` from a handler, `{value}` from pg-boss itself. */
function errorMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  if (typeof o.value === 'string') return o.value;
  const nested = (o.value as { message?: unknown } | undefined)?.message;
  return typeof nested === 'string' ? nested : null;
}

const STATES: Record<string, QueueJobState> = { created: 'queued', retry: 'queued', active: 'active', completed: 'completed', cancelled: 'failed', failed: 'failed' };

export interface PgBossQueueOptions extends Omit<PgBossQueueConfig, 'driver'> {
  logger?: QueueLogger;
}

export class PgBossQueue implements Queue {
  readonly driver = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly heartbeatSeconds: number;
  private readonly pollSeconds: number;
  private readonly logger: QueueLogger;
  private readonly schema: string;
  private readonly connectionString: string;
  private readonly moveLegacySchema: boolean;
  private readonly queues = new Set<string>();
  /** pg-boss's worker id per queue this process works. */
  private readonly workers = new Map<string, string>();
  private stopping = false;
  private started = false;
  /** Where start() moved an older pg-boss's schema to (with `moveLegacySchema`), if it did. */
  movedLegacySchema: string | undefined;

  constructor(options: PgBossQueueOptions) {
    const schema = options.schema ?? 'pgboss';
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid pg-boss schema name: ${schema}`);
    this.schema = schema;
    this.connectionString = options.connectionString;
    this.moveLegacySchema = options.moveLegacySchema ?? false;
    this.heartbeatSeconds = Math.max(10, options.heartbeatSeconds ?? 60);
    this.pollSeconds = Math.max(0.5, (options.pollIntervalMs ?? 1000) / 1000);
    this.logger = options.logger ?? silentLogger;
    const monitorSeconds = Math.max(1, options.monitorIntervalSeconds ?? 30);
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema,
      max: options.poolSize ?? 10,
      supervise: true,
      migrate: true,
      schedule: false,
      useListenNotify: true,
      superviseIntervalSeconds: monitorSeconds,
      monitorIntervalSeconds: monitorSeconds,
    });
    // The code and message only: a pg error can carry its whole client (kilobytes a line).
    this.boss.on('error', (err: Error & { code?: string }) => this.logger.error({ code: err.code, msg: err.message }, 'queue: pg-boss error'));
    this.boss.on('warning', (warning: { message: string; data?: { type?: string } }) => this.logger.warn({ type: warning.data?.type, msg: warning.message }, 'queue: pg-boss warning'));
  }

  async start(): Promise<void> {
    if (this.started) return;
    try {
      await this.boss.start();
    } catch (err) {
      await this.boss.stop({ graceful: false }).catch(() => undefined); // the pool a failed start opened
      const legacy = legacySchemaVersion(err);
      if (legacy === undefined) throw err;
      if (!this.moveLegacySchema) throw new Error(legacySchemaAdvice(this.schema, legacy), { cause: err });
      this.movedLegacySchema = await moveLegacySchemaAside(this.connectionString, this.schema, legacy);
      await this.boss.start();
    }
    this.stopping = false;
    this.started = true;
  }

  /**
   * Makes the queue exist. `quire migrate` creates every queue first (prepare()), so
   * workers starting together find them made; pg-boss 12 serializes a creation with an
   * advisory lock anyway (pg-boss 10's DDL deadlocked when processes raced on it).
   */
  private async ensureQueue(queue: string): Promise<void> {
    if (!this.started) throw new Error('Call start() before using the queue');
    if (this.queues.has(queue)) return;
    if (!(await this.boss.getQueue(queue))) await this.boss.createQueue(queue, { notify: true });
    this.queues.add(queue);
  }

  async prepare(queues: string[]): Promise<void> {
    for (const queue of queues) await this.ensureQueue(queue);
  }

  async send(queue: string, data: object, options: SendOptions = {}): Promise<string> {
    await this.ensureQueue(queue);
    const id = options.singletonKey === undefined ? undefined : singletonId(queue, options.singletonKey);
    const timeLimitSeconds = options.expireInSeconds ?? QUEUE_DEFAULTS.expireInSeconds;
    const envelope: Envelope = { data, timeLimitSeconds };
    const sent = await this.boss.send(queue, envelope, {
      id,
      retryLimit: options.retryLimit ?? QUEUE_DEFAULTS.retryLimit,
      retryDelay: Math.max(1, options.retryDelaySeconds ?? QUEUE_DEFAULTS.retryDelaySeconds),
      retryBackoff: true,
      expireInSeconds: timeLimitSeconds + EXPIRY_MARGIN_SECONDS,
      heartbeatSeconds: this.heartbeatSeconds,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    const jobId = sent ?? id;
    if (!jobId) throw new Error(`Could not queue a job on "${queue}"`);
    // NOTIFY wakes every process's workers; this one's are woken directly too, in case LISTEN is unavailable.
    const worker = this.workers.get(queue);
    if (worker && !options.startAfterSeconds) this.boss.notifyWorker(worker);
    return jobId;
  }

  async work<T = unknown>(queue: string, options: WorkOptions, handler: JobHandler<T>): Promise<void> {
    await this.ensureQueue(queue);
    if (this.workers.has(queue)) throw new Error(`A handler is already registered for queue "${queue}"`);
    const concurrency = options.concurrency ?? QUEUE_DEFAULTS.concurrency;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Invalid concurrency for queue "${queue}": ${concurrency}`);
    const workerId = await this.boss.work<Envelope>(
      queue,
      {
        localConcurrency: concurrency,
        batchSize: 1,
        perJobResults: true,
        pollingIntervalSeconds: this.pollSeconds,
        notifyPollingIntervalSeconds: this.pollSeconds,
      },
      async (jobs): Promise<JobResult[]> =>
        Promise.all(jobs.map((job) => runAttempt(job, handler as JobHandler, () => this.stopping))),
    );
    this.workers.set(queue, workerId);
  }

  async getJob(queue: string, id: string): Promise<QueueJobInfo | undefined> {
    if (!this.started) throw new Error('Call start() before using the queue');
    let jobs;
    try {
      jobs = await this.boss.findJobs<Envelope>(queue, { id });
    } catch (err) {
      if ((err as { code?: string }).code === 'PGBOSS_QUEUE_NOT_FOUND') return undefined;
      throw err;
    }
    const job = jobs[0];
    if (!job) return undefined;
    return {
      id: job.id,
      queue,
      state: STATES[job.state] ?? 'failed',
      // retryCount goes up when a job that already started is claimed again.
      attempts: job.startedOn === null ? 0 : job.retryCount + 1,
      retryLimit: job.retryLimit,
      lastError: job.state === 'completed' ? null : errorMessage(job.output),
      data: job.data?.data,
    };
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.started) return;
    this.stopping = true;
    // pg-boss waits at least a second; its handlers are ours, which return as soon as their signal aborts.
    await this.boss.stop({ graceful: true, timeout: options.graceMs ?? QUEUE_DEFAULTS.graceMs, close: true });
    this.workers.clear();
    this.started = false;
  }
}
