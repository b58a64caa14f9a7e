/**
 * Retention: export jobs finished more than the configured number of days ago are
 * removed with their bundles, then stray blobs older than that (from jobs whose record
 * went first) are swept too.
 */
import type { BlobStore } from '../blobs/types.js';
import { deleteExportJob, listExpiredExportJobs } from '../store/records/export-jobs.js';
import type { Store } from '../store/types.js';
import type { Logger } from './logger.js';

export async function removeExpiredExports(deps: { store: Store; blobs: BlobStore; logger: Logger }, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let removed = 0;
  for (;;) {
    const batch = await listExpiredExportJobs(deps.store.db, cutoff.toISOString(), 100);
    if (batch.length === 0) break;
    for (const job of batch) {
      // The blob goes first: a crash in between leaves a record without a bundle, never an orphan blob.
      if (job.bundleKey) await deps.blobs.delete(job.bundleKey);
      await deleteExportJob(deps.store.db, job.id);
      removed++;
    }
  }
  const strays = await deps.blobs.deleteOlderThan(cutoff);
  if (removed + strays > 0) deps.logger.info({ removed, strays, cutoff: cutoff.toISOString() }, 'retention: old exports removed');
  return removed;
}

/** Runs the sweep now and then every `intervalMs`; returns a stop function. */
export function scheduleRetention(deps: { store: Store; blobs: BlobStore; logger: Logger }, retentionDays: number, intervalMs = 3_600_000): () => void {
  const run = () => void removeExpiredExports(deps, retentionDays).catch((err: unknown) => deps.logger.warn({ err }, 'retention sweep failed'));
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
