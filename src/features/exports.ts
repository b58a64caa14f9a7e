/**
 * Static exports as a feature: the export job and bundle link routes, the download
 * route behind fs-driver links, and the worker that renders sites, with the retention
 * sweep and the reconciliation of jobs the queue lost beside it.
 */
import { registerBundleRoutes } from '../api/bundles.js';
import { registerExportJobRoutes } from '../api/export-jobs.js';
import { EXPORT_QUEUE } from '../core/export-jobs.js';
import { scheduleExportReconciliation } from '../core/reconcile-exports.js';
import { scheduleRetention } from '../core/retention.js';
import { runExportJob } from '../core/run-export-job.js';
import type { Feature } from './feature.js';

export const exportsFeature: Feature = {
  name: 'exports',
  routes(app, deps) {
    registerExportJobRoutes(app, deps);
    registerBundleRoutes(app, deps);
  },
  async worker(deps) {
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
          remoteMedia: {
            mode: config.exports.remoteMedia,
            maxFileBytes: config.exports.mediaMaxFileMb * 1024 * 1024,
            maxTotalBytes: config.exports.mediaMaxTotalMb * 1024 * 1024,
            cacheMaxBytes: config.exports.mediaCacheMaxMb * 1024 * 1024,
          },
          pageTimeoutMs: config.exports.pageTimeoutSeconds * 1000,
          renderNice: config.exports.renderNice,
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
  },
};
