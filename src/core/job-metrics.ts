/**
 * Job metrics for `/metrics` of the API and of `quire worker`: how many export and agent
 * jobs are in each state and how long the oldest export has waited in the queue (read
 * from the records database when scraped, so every process tells the same), and, for
 * the exports this process ran, their outcomes and durations.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { agentJobCounts } from '../store/records/agent-jobs.js';
import { exportJobStats } from '../store/records/export-jobs.js';
import type { Store } from '../store/types.js';

const EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'];
const AGENT_STATUSES = ['active', 'completed', 'archived', 'failed'];

/** The registry every job metric of this process lives in. */
export const jobRegistry = new Registry();

export const exportRuns = new Counter({
  name: 'quire_export_attempts_total',
  help: 'Export attempts this process ran, by outcome (completed, failed, retried, aborted)',
  labelNames: ['outcome'],
  registers: [jobRegistry],
});

export const exportDuration = new Histogram({
  name: 'quire_export_attempt_duration_seconds',
  help: 'Time of the export attempts this process ran',
  labelNames: ['outcome'],
  buckets: [1, 2.5, 5, 10, 30, 60, 120, 300, 900, 1800],
  registers: [jobRegistry],
});

/** Gauges of job states read from `store` when scraped, in a registry of their own. */
export function jobStateRegistry(store: Store): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'quire_export_jobs',
    help: 'Export jobs by status, from the records database',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { byStatus } = await exportJobStats(store.db);
      for (const status of EXPORT_STATUSES) this.set({ status }, byStatus[status] ?? 0);
    },
  });
  new Gauge({
    name: 'quire_export_oldest_queued_seconds',
    help: 'Age of the oldest queued export (0 when none waits); it grows while no worker runs',
    registers: [registry],
    async collect() {
      const { oldestQueuedAt } = await exportJobStats(store.db);
      this.set(oldestQueuedAt ? Math.max(0, (Date.now() - Date.parse(oldestQueuedAt)) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'quire_agent_jobs',
    help: 'Agent jobs by status, from the records database',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await agentJobCounts(store.db);
      for (const status of AGENT_STATUSES) this.set({ status }, counts[status] ?? 0);
    },
  });
  return registry;
}

/** How long an export may wait in the queue before an API-only process says no worker seems to run. */
export const STALE_QUEUE_SECONDS = 120;

/** The warning an API-only process logs when exports wait too long (no worker running?), or null. */
export async function staleQueueWarning(store: Store, now = Date.now()): Promise<string | null> {
  const { byStatus, oldestQueuedAt } = await exportJobStats(store.db);
  if (!oldestQueuedAt) return null;
  const waited = Math.round((now - Date.parse(oldestQueuedAt)) / 1000);
  if (waited < STALE_QUEUE_SECONDS) return null;
  return `${byStatus.queued ?? 0} export(s) queued, the oldest for ${waited} s: no worker seems to be taking them (start \`quire worker\` with this database, or run \`quire serve\` without --no-workers)`;
}

/** In an API-only process: checks the queue every `intervalMs` and logs the warning above. */
export function watchForStaleQueue(store: Store, logger: { warn(msg: string): void }, intervalMs = 60_000): () => void {
  const timer = setInterval(() => {
    staleQueueWarning(store).then((w) => w && logger.warn(w), () => undefined);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
