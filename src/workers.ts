/**
 * The job workers of a process: which queues it works and with what concurrency. `quire
 * serve` runs them in embedded mode, `quire worker` runs only them (scale-out).
 */
import { agentWorker } from './agent/agent-wiring.js';
import type { AppDeps } from './api/deps.js';
import { EXPORT_QUEUE } from './core/export-jobs.js';
import { scheduleExportReconciliation } from './core/reconcile-exports.js';
import { scheduleRetention } from './core/retention.js';
import { runExportJob } from './core/run-export-job.js';

/** Registers one kind of job worker; returns what to stop on shutdown, if anything. */
export type WorkerModule = (deps: AppDeps) => Promise<(() => void) | void>;

export const exportWorker: WorkerModule = async (deps) => {
  const { config } = deps;
  await deps.queue.work<{ jobId: string }>(EXPORT_QUEUE, { concurrency: config.workers.exportConcurrency }, (job) =>
    runExportJob(
      {
        store: deps.store,
        blobs: deps.blobs,
        logger: deps.logger,
        dataDir: config.dataDir,
        credentials: { token: config.git.token, username: config.git.username, sshKeyPath: config.git.sshKeyFile },
        maxAttempts: config.exports.maxAttempts,
        renderThreads: config.exports.renderThreads,
        fetchAllow: config.exports.fetchAllow,
        pageTimeoutMs: config.exports.pageTimeoutSeconds * 1000,
      },
      job,
    ),
  );
  const stopRetention = scheduleRetention(deps, config.exports.retentionDays);
  const stopReconciling = scheduleExportReconciliation({ store: deps.store, queue: deps.queue, logger: deps.logger, settings: config.exports });
  return () => {
    stopRetention();
    stopReconciling();
  };
};

export const WORKER_MODULES: WorkerModule[] = [exportWorker, agentWorker];
