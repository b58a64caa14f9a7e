/**
 * Keeps `export_jobs` true to the queue. An export whose attempts were all used up by
 * crashes or time-outs has a failed queue job, but no handler was left to say so: the
 * export answered `running` forever, counted toward its organization's active limit
 * (429 for good) and was never removed by retention. At a worker's start and then
 * periodically, every open export's run is sent again (a no-op while the queue keeps
 * it; a run the queue lost starts over, which is safe, handlers being idempotent) and
 * one the queue has given up on is marked failed with the last attempt's error.
 */
import type { Queue } from '../queue/types.js';
import { failExportJob, listOpenExportJobs } from '../store/records/export-jobs.js';
import type { Store } from '../store/types.js';
import { enqueueExport, EXPORT_QUEUE, type ExportSettings } from './export-jobs.js';
import { nowIso } from './ids.js';
import type { Logger } from './logger.js';

export interface ReconcileDeps {
  store: Store;
  queue: Queue;
  logger: Logger;
  settings: Pick<ExportSettings, 'maxAttempts' | 'timeoutSeconds'>;
}

/** Marks failed the open exports whose queue run has ended; returns how many. */
export async function reconcileExports(deps: ReconcileDeps): Promise<number> {
  let failed = 0;
  for (const job of await listOpenExportJobs(deps.store.db)) {
    const queueId = await enqueueExport(deps.queue, deps.settings, job.id);
    const info = await deps.queue.getJob(EXPORT_QUEUE, queueId);
    if (!info || (info.state !== 'failed' && info.state !== 'completed')) continue;
    const reason = `The export could not be finished after ${info.attempts} attempt${info.attempts === 1 ? '' : 's'}${info.lastError ? `: ${info.lastError}` : ''}`;
    if (await failExportJob(deps.store.db, job.id, reason, nowIso())) {
      failed++;
      deps.logger.warn({ jobId: job.id, attempts: info.attempts }, reason);
    }
  }
  return failed;
}

/** Runs {@link reconcileExports} now and every `intervalMs`; returns the stop function. */
export function scheduleExportReconciliation(deps: ReconcileDeps, intervalMs = 60_000): () => void {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() => reconcileExports(deps)).catch((err: unknown) => deps.logger.warn({ err: (err as Error).message }, 'export reconciliation failed; it runs again later'));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
