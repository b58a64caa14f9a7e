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
  /** Schema of pg-boss's tables (created and migrated on start). @default 'pgboss' */
  schema?: string;
  /**
   * How often idle workers look for due jobs (at least 500). A send wakes the workers of
   * every process at once (LISTEN/NOTIFY); polling finds retries and delayed jobs.
   * @default 1000
   */
  pollIntervalMs?: number;
  /**
   * pg-boss's heartbeat (at least 10): a worker touches its running jobs every half of
   * it, and a job whose heartbeat is older than this is failed by pg-boss's monitor and
   * retried, so a job of a dead worker runs again within `heartbeatSeconds +
   * monitorIntervalSeconds` plus its retry delay. The job's own time limit
   * (`expireInSeconds` of send) is enforced by the worker itself.
   * @default 60
   */
  heartbeatSeconds?: number;
  /** How often pg-boss's monitor looks for lost heartbeats (one process does it per interval). @default 30 */
  monitorIntervalSeconds?: number;
  /** Connections of pg-boss's pool. @default 10 */
  poolSize?: number;
  /**
   * Rename a pg-boss 10 schema found at `schema` aside (to `<schema>_v24`) and install
   * afresh, instead of refusing to start: `quire migrate` does (src/queue/drivers/pg-boss-legacy.ts).
   * @default false
   */
  moveLegacySchema?: boolean;
}

export type QueueConfig = LocalQueueConfig | PgBossQueueConfig;
