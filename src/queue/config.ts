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
  /** How often idle workers look for due jobs (a send in this process wakes them at once). @default 1000 */
  pollIntervalMs?: number;
  /**
   * Lease of a running job: pg-boss's `expire_in`, pushed forward every third of it
   * while the handler runs. When a worker dies its job expires after at most this long
   * and pg-boss's maintenance returns it to the queue; so a job of a dead worker runs
   * again within `leaseSeconds + maintenanceIntervalSeconds` (default 90 s). The job's
   * own time limit (`expireInSeconds` of send) is enforced by the worker itself.
   * @default 60
   */
  leaseSeconds?: number;
  /** How often pg-boss's maintenance expires lapsed jobs (one process does it per interval). @default 30 */
  maintenanceIntervalSeconds?: number;
  /** Connections of pg-boss's pool. @default 10 */
  poolSize?: number;
}

export type QueueConfig = LocalQueueConfig | PgBossQueueConfig;
