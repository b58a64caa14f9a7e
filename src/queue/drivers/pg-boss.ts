/**
 * Scale-out queue driver on pg-boss 10 (PostgreSQL): any number of processes send and
 * work the same queues. pg-boss stores jobs, applies retries with exponential backoff
 * (with jitter) and expires jobs of dead workers; this driver fetches jobs itself
 * through the shared worker pool so time limits, stops and concurrency match the
 * embedded driver:
 *
 * - pg-boss's `expire_in` is used as a lease (`leaseSeconds`), pushed forward while the
 *   handler runs; a dead worker's job expires and pg-boss's maintenance queues it again
 *   within `leaseSeconds + maintenanceIntervalSeconds`. The job's own time limit travels
 *   with the job and is enforced by the worker (signal aborted, attempt failed).
 * - A singleton key becomes a deterministic job id (pg-boss inserts with ON CONFLICT DO
 *   NOTHING), so sending the same key twice queues one job on every queue policy.
 * - `UnrecoverableError` sets the job's retry limit to its retry count before failing
 *   it, so pg-boss does not retry it.
 * - An attempt is identified by (id, retry_count): a worker that lost its lease cannot
 *   renew, and its late outcome is ignored.
 */
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { PgBossQueueConfig } from '../config.js';
import { QUEUE_DEFAULTS, type JobHandler, type Queue, type QueueJobInfo, type QueueJobState, type SendOptions, type StopOptions, type WorkOptions } from '../types.js';
import { WorkerPool, silentLogger, type AttemptOutcome, type ClaimedJob, type JobSource, type QueueLogger } from '../worker-pool.js';
import { noteIgnored } from '../../core/ignored-errors.js';

/** What Quire stores as pg-boss job data: the payload and the attempt time limit. */
interface Envelope {
  data: unknown;
  timeLimitSeconds: number;
}

interface BossJob extends ClaimedJob {
  retryCount: number;
}

/** A UUID derived from queue and singleton key (version nibble 5, RFC 4122 variant). */
function singletonId(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function errorMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const o = output as { message?: unknown; value?: { message?: unknown } };
  const message = o.message ?? o.value?.message;
  return typeof message === 'string' ? message : null;
}

class BossJobSource implements JobSource<BossJob> {
  constructor(
    private readonly boss: PgBoss,
    private readonly schema: string,
    private readonly leaseSeconds: number,
  ) {}

  private sql(text: string, values: unknown[]) {
    return this.boss.getDb().executeSql(text, values);
  }

  async claim(queue: string, limit: number): Promise<BossJob[]> {
    const jobs = await this.boss.fetch<Envelope>(queue, { batchSize: limit, includeMetadata: true });
    return jobs.map((job) => ({
      id: job.id,
      queue,
      data: job.data.data,
      attempt: job.retryCount + 1,
      retryCount: job.retryCount,
      timeLimitMs: job.data.timeLimitSeconds * 1000,
    }));
  }

  async renew(job: BossJob): Promise<boolean> {
    const { rows } = await this.sql(
      `UPDATE ${this.schema}.job SET expire_in = (now() - started_on) + $3 * interval '1 second'
       WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $4 RETURNING id`,
      [job.queue, job.id, this.leaseSeconds, job.retryCount],
    );
    return rows.length === 1;
  }

  async settle(job: BossJob, outcome: AttemptOutcome): Promise<void> {
    if (outcome.kind === 'handed-back') {
      // Back to the queue without counting the attempt (fetch counts it again).
      await this.sql(
        `UPDATE ${this.schema}.job SET state = 'retry', start_after = now(),
           started_on = CASE WHEN retry_count = 0 THEN NULL ELSE started_on END,
           retry_count = GREATEST(retry_count - 1, 0)
         WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`,
        [job.queue, job.id, job.retryCount],
      );
      return;
    }
    const { rows } = await this.sql(
      `SELECT 1 FROM ${this.schema}.job WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`,
      [job.queue, job.id, job.retryCount],
    );
    if (rows.length === 0) return; // lease lost: another worker owns the job now
    if (outcome.kind === 'completed') {
      await this.boss.complete(job.queue, job.id);
      return;
    }
    if (!outcome.retry) {
      await this.sql(`UPDATE ${this.schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [job.queue, job.id]);
    }
    await this.boss.fail(job.queue, job.id, { message: outcome.error.message });
  }
}

export interface PgBossQueueOptions extends Omit<PgBossQueueConfig, 'driver'> {
  logger?: QueueLogger;
}

export class PgBossQueue implements Queue {
  readonly driver = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly schema: string;
  private readonly leaseSeconds: number;
  private readonly pool: WorkerPool<BossJob>;
  private readonly logger: QueueLogger;
  private readonly queues = new Set<string>();
  private started = false;

  constructor(options: PgBossQueueOptions) {
    this.schema = options.schema ?? 'pgboss';
    if (!/^[a-z_][a-z0-9_]*$/.test(this.schema)) throw new Error(`Invalid pg-boss schema name: ${this.schema}`);
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.logger = options.logger ?? silentLogger;
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: this.schema,
      max: options.poolSize ?? 10,
      supervise: true,
      migrate: true,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    });
    // The code and message only: a pg error can carry its whole client (kilobytes a line).
    this.boss.on('error', (err: Error & { code?: string }) => this.logger.error({ code: err.code, msg: err.message }, 'queue: pg-boss error'));
    const source = new BossJobSource(this.boss, this.schema, this.leaseSeconds);
    this.pool = new WorkerPool<BossJob>(source, {
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      renewIntervalMs: Math.max(500, Math.floor((this.leaseSeconds * 1000) / 3)),
      logger: this.logger,
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
  }

  /**
   * Makes the queue exist. pg-boss creates a queue with DDL (a partition table), and
   * processes doing so at once deadlock in PostgreSQL (31 of 32 in a test of 16 workers
   * starting together): a queue that exists is left alone (`quire migrate` creates them
   * all, see prepare()), and a deadlocked creation is tried again after a short random wait.
   */
  private async ensureQueue(queue: string): Promise<void> {
    if (!this.started) throw new Error('Call start() before using the queue');
    if (this.queues.has(queue)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await this.boss.getQueue(queue))) await this.boss.createQueue(queue);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt >= 8) throw err;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 100));
      }
    }
    this.queues.add(queue);
  }

  async prepare(queues: string[]): Promise<void> {
    for (const queue of queues) await this.ensureQueue(queue);
  }

  async send(queue: string, data: object, options: SendOptions = {}): Promise<string> {
    await this.ensureQueue(queue);
    const id = options.singletonKey === undefined ? undefined : singletonId(queue, options.singletonKey);
    const envelope: Envelope = { data, timeLimitSeconds: options.expireInSeconds ?? QUEUE_DEFAULTS.expireInSeconds };
    const sent = await this.boss.send(queue, envelope, {
      id,
      singletonKey: options.singletonKey,
      retryLimit: options.retryLimit ?? QUEUE_DEFAULTS.retryLimit,
      retryDelay: Math.max(1, options.retryDelaySeconds ?? QUEUE_DEFAULTS.retryDelaySeconds),
      retryBackoff: true,
      expireInSeconds: this.leaseSeconds,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    const jobId = sent ?? id;
    if (!jobId) throw new Error(`Could not queue a job on "${queue}"`);
    if (!options.startAfterSeconds) this.pool.wake(queue);
    return jobId;
  }

  async work<T = unknown>(queue: string, options: WorkOptions, handler: JobHandler<T>): Promise<void> {
    await this.ensureQueue(queue);
    this.pool.add(queue, options.concurrency ?? QUEUE_DEFAULTS.concurrency, handler as JobHandler);
  }

  async getJob(queue: string, id: string): Promise<QueueJobInfo | undefined> {
    if (!this.started) throw new Error('Call start() before using the queue');
    const job = await this.boss.getJobById<Envelope>(queue, id, { includeArchive: true }).catch((err: unknown) => {
      noteIgnored('queue.pg-boss.get-job', err); // answered as an unknown job, as before
      return null;
    });
    if (!job) return undefined;
    const states: Record<string, QueueJobState> = { created: 'queued', retry: 'queued', active: 'active', completed: 'completed', cancelled: 'failed', failed: 'failed' };
    const attempts = job.startedOn === null ? 0 : job.retryCount + 1;
    return {
      id: job.id,
      queue,
      state: states[job.state] ?? 'failed',
      attempts,
      retryLimit: job.retryLimit,
      lastError: job.state === 'completed' ? null : errorMessage(job.output),
      data: job.data?.data,
    };
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.started) return;
    await this.pool.stop(options.graceMs ?? QUEUE_DEFAULTS.graceMs);
    await this.boss.stop({ graceful: true, wait: true, close: true });
    this.started = false;
  }
}
