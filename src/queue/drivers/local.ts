/**
 * Embedded queue driver: jobs persisted in the records database (`queue_jobs`, SQLite
 * or PostgreSQL) and run in this process. A worker claims a job with a lease
 * (`locked_by`, `locked_until`) that it renews while the handler runs; a job whose
 * lease lapsed (its process crashed) is queued again, and jobs left `active` under this
 * process's own `instanceId` by a previous run are queued again as soon as it starts.
 * Claiming is one atomic UPDATE: `... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)`
 * on PostgreSQL, so several processes can share the table; SQLite runs one writer at a
 * time, so the same UPDATE with a subquery is atomic there.
 *
 * Times are ISO 8601 UTC text written from this process's clock (processes sharing a
 * database are assumed to have synchronised clocks).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { QueueJobsTable } from '../../store/schema.js';
import type { Store } from '../../store/types.js';
import type { LocalQueueConfig } from '../config.js';
import { QUEUE_DEFAULTS, backoffSeconds, type JobHandler, type Queue, type QueueJobInfo, type SendOptions, type StopOptions, type WorkOptions } from '../types.js';
import { JobInterruptedError, QueueWorkers, silentLogger, type AttemptOutcome, type ClaimedJob, type JobSource, type QueueLogger } from '../queue-workers.js';

/** `queue_jobs` with the columns of migration 002. */
interface LocalJobsTable extends QueueJobsTable {
  expire_seconds: number;
  retry_delay_seconds: number;
  started_at: string | null;
}
interface QueueDatabase {
  queue_jobs: LocalJobsTable;
}

interface LocalJob extends ClaimedJob {
  maxAttempts: number;
  retryDelaySeconds: number;
}

const EPOCH = '1970-01-01T00:00:00.000Z';
const PURGE_EVERY_MS = 10 * 60_000;
const STOPPED = 'The queue stopped before the job finished (grace period over)';

function isoIn(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

class LocalJobSource implements JobSource<LocalJob> {
  private lastPurge = 0;

  constructor(
    private readonly db: Kysely<QueueDatabase>,
    private readonly dialect: Store['dialect'],
    private readonly instanceId: string,
    private readonly leaseMs: number,
    private readonly keepFinishedMs: number,
  ) {}

  /** Queues again (or fails, when out of attempts) every job whose lease lapsed. */
  async requeueLapsed(): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .updateTable('queue_jobs')
      .set({
        state: sql`case when attempts >= max_attempts then 'failed' else 'queued' end`,
        last_error: 'The worker running the job stopped without finishing it (lease expired)',
        locked_by: null,
        locked_until: null,
        run_after: now,
        updated_at: now,
      })
      .where('state', '=', 'active')
      .where('locked_until', '<', now)
      .execute();
    if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      await this.db
        .deleteFrom('queue_jobs')
        .where('state', 'in', ['completed', 'failed'])
        .where('updated_at', '<', isoIn(-this.keepFinishedMs))
        .execute();
    }
  }

  /** Expires the leases this instance held in a previous run, so they are taken again now. */
  async releaseOwnLeases(): Promise<void> {
    await this.db
      .updateTable('queue_jobs')
      .set({ locked_until: EPOCH })
      .where('state', '=', 'active')
      .where('locked_by', '=', this.instanceId)
      .execute();
  }

  async claim(queue: string, limit: number): Promise<LocalJob[]> {
    await this.requeueLapsed();
    const now = new Date().toISOString();
    let due = this.db
      .selectFrom('queue_jobs')
      .select('id')
      .where('queue', '=', queue)
      .where('state', '=', 'queued')
      .where('run_after', '<=', now)
      .orderBy('run_after')
      .orderBy('created_at')
      .limit(limit);
    if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await this.db
      .updateTable('queue_jobs')
      .set((eb) => ({
        state: 'active',
        attempts: eb('attempts', '+', 1),
        locked_by: this.instanceId,
        locked_until: isoIn(this.leaseMs),
        started_at: now,
        updated_at: now,
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return rows.map((row) => ({
      id: row.id,
      queue: row.queue,
      data: JSON.parse(row.payload) as unknown,
      attempt: row.attempts,
      timeLimitMs: row.expire_seconds * 1000,
      retryDelaySeconds: row.retry_delay_seconds,
      maxAttempts: row.max_attempts,
    }));
  }

  /** Updates the job only while this instance still holds this attempt. */
  private owned(job: ClaimedJob) {
    return this.db
      .updateTable('queue_jobs')
      .where('id', '=', job.id)
      .where('state', '=', 'active')
      .where('locked_by', '=', this.instanceId)
      .where('attempts', '=', job.attempt);
  }

  async renew(job: ClaimedJob): Promise<boolean> {
    const result = await this.owned(job).set({ locked_until: isoIn(this.leaseMs) }).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async settle(job: LocalJob, result: AttemptOutcome): Promise<void> {
    // Interrupted by a stop: a failed attempt, retried with backoff, as pg-boss records it.
    const outcome: AttemptOutcome = result.kind === 'handed-back' ? { kind: 'failed', error: new JobInterruptedError(STOPPED), retry: true } : result;
    const now = new Date().toISOString();
    const released = { locked_by: null, locked_until: null, updated_at: now };
    const { maxAttempts, retryDelaySeconds } = job;
    if (outcome.kind === 'completed') {
      await this.owned(job).set({ ...released, state: 'completed', last_error: null }).execute();
    } else if (outcome.retry && job.attempt < maxAttempts) {
      const delayMs = backoffSeconds(retryDelaySeconds, job.attempt) * 1000;
      await this.owned(job).set({ ...released, state: 'queued', run_after: isoIn(delayMs), last_error: outcome.error.message }).execute();
    } else {
      await this.owned(job).set({ ...released, state: 'failed', last_error: outcome.error.message }).execute();
    }
  }
}

export interface LocalQueueOptions extends Omit<LocalQueueConfig, 'driver'> {
  logger?: QueueLogger;
  /** How long completed and failed jobs are kept (singleton keys hold until then). @default 604800 */
  keepFinishedSeconds?: number;
}

export class LocalQueue implements Queue {
  readonly driver = 'local' as const;
  private readonly db: Kysely<QueueDatabase>;
  private readonly source: LocalJobSource;
  private readonly pool: QueueWorkers<LocalJob>;
  private started = false;

  constructor(store: Store, options: LocalQueueOptions = {}) {
    this.db = store.db as unknown as Kysely<QueueDatabase>;
    const leaseMs = options.leaseMs ?? 30_000;
    const keepMs = (options.keepFinishedSeconds ?? 604_800) * 1000;
    this.source = new LocalJobSource(this.db, store.dialect, options.instanceId ?? hostname(), leaseMs, keepMs);
    this.pool = new QueueWorkers<LocalJob>(this.source, {
      pollIntervalMs: options.pollIntervalMs ?? 250,
      renewIntervalMs: Math.max(50, Math.floor(leaseMs / 3)),
      logger: options.logger ?? silentLogger,
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.source.releaseOwnLeases();
    await this.source.requeueLapsed();
    this.started = true;
  }

  /** Queues live in one table here: nothing to create. */
  async prepare(_queues: string[]): Promise<void> {}

  async send(queue: string, data: object, options: SendOptions = {}): Promise<string> {
    const now = new Date().toISOString();
    const singletonKey = options.singletonKey === undefined ? null : `${queue}:${options.singletonKey}`;
    const inserted = await this.db
      .insertInto('queue_jobs')
      .values({
        id: randomUUID(),
        queue,
        payload: JSON.stringify(data),
        state: 'queued',
        attempts: 0,
        max_attempts: (options.retryLimit ?? QUEUE_DEFAULTS.retryLimit) + 1,
        run_after: isoIn((options.startAfterSeconds ?? 0) * 1000),
        locked_by: null,
        locked_until: null,
        last_error: null,
        singleton_key: singletonKey,
        created_at: now,
        updated_at: now,
        expire_seconds: options.expireInSeconds ?? QUEUE_DEFAULTS.expireInSeconds,
        retry_delay_seconds: options.retryDelaySeconds ?? QUEUE_DEFAULTS.retryDelaySeconds,
        started_at: null,
      })
      .onConflict((oc) => oc.column('singleton_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    let id = inserted?.id;
    if (!id && singletonKey) {
      const existing = await this.db.selectFrom('queue_jobs').select('id').where('singleton_key', '=', singletonKey).executeTakeFirst();
      id = existing?.id;
    }
    if (!id) throw new Error(`Could not queue a job on "${queue}"`);
    if (!options.startAfterSeconds) this.pool.wake(queue);
    return id;
  }

  async work<T = unknown>(queue: string, options: WorkOptions, handler: JobHandler<T>): Promise<void> {
    if (!this.started) throw new Error('Call start() before work()');
    this.pool.add(queue, options.concurrency ?? QUEUE_DEFAULTS.concurrency, handler as JobHandler);
  }

  async getJob(queue: string, id: string): Promise<QueueJobInfo | undefined> {
    const row = await this.db.selectFrom('queue_jobs').selectAll().where('queue', '=', queue).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      queue: row.queue,
      state: row.state,
      attempts: row.attempts,
      retryLimit: row.max_attempts - 1,
      lastError: row.last_error,
      data: JSON.parse(row.payload) as unknown,
    };
  }

  async stop(options: StopOptions = {}): Promise<void> {
    await this.pool.stop(options.graceMs ?? QUEUE_DEFAULTS.graceMs);
    this.started = false;
  }
}
