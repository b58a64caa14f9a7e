/**
 * Configuration of the queue port: which driver, and the knobs of each. Resolved once
 * at the entry point and passed to `openQueue`.
 */

export interface LocalQueueConfig {
  driver: 'local';
  /**
   * Identity of this process in `queue_jobs.locked_by`. Jobs left `active` under the same
   * id by a previous run (a crash, SIGKILL) are taken again as soon as this queue
   * starts instead of waiting for their lease to lapse; so give each process sharing a
   * database its own stable id (embedded mode: one process, the default is right).
   * @default os.hostname()
   */
  instanceId?: string;
  /** How often idle workers look for due jobs (a send in this process wakes them at once). @default 250 */
  pollIntervalMs?: number;
  /**
   * Lease of a claimed job, renewed every third of it while the handler runs; a job
   * whose lease lapsed (its process died) is taken again by any worker.
   * @default 30000
   */
  leaseMs?: number;
}

export interface PgBossQueueConfig {
  driver: 'pg-boss';
  /** `postgres://...`; pg-boss keeps its own pool. */
  connectionString: string;
  /** Schema of pg-boss's tables. @default 'pgboss' */
  schema?: string;
  /** Idle fetch interval of workers (pg-boss minimum 0.5). @default 1 */
  pollingIntervalSeconds?: number;
  /**
   * How often pg-boss's supervisor expires jobs whose time limit passed, which is how a
   * job of a dead worker returns to the queue: the bound is its `expireInSeconds` plus
   * this interval. @default 30
   */
  superviseIntervalSeconds?: number;
  /** Connections of pg-boss's pool. @default 10 */
  poolSize?: number;
  /** Create and migrate pg-boss's schema on start. @default true */
  migrate?: boolean;
}

export type QueueConfig = LocalQueueConfig | PgBossQueueConfig;
