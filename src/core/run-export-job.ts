/**
 * The export job handler a worker runs: fetch the project's source, run the export
 * engine with the project's domain as base URL, pack the bundle, store it, complete the
 * job. Idempotent: a finished job is left alone, a re-delivered one starts over in a
 * fresh work folder and, the export and packing being deterministic, produces the same
 * bundle bytes as an uninterrupted run.
 */
import { mkdir, readdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { GitCredentials } from '../git/git-runner.js';
import type { BlobStore } from '../blobs/types.js';
import type { JobContext } from '../queue/types.js';
import { packBundle } from '../render/bundle/pack.js';
import type { Deployment, ExportProgress, RemoteMediaOptions } from '../render/types.js';
import * as records from '../store/records/export-jobs.js';
import { findProject } from '../store/records/projects.js';
import type { Store } from '../store/types.js';
import { AppError, UnrecoverableError } from './errors.js';
import { bundleKeyOf } from './export-jobs.js';
import { nowIso } from './ids.js';
import type { Logger } from './logger.js';
import { fetchProjectSource } from './project-source.js';
import { exportDuration, exportRuns } from './job-metrics.js';
import { QUIRE_VERSION } from './version.js';
import { orNullIfMissing } from './missing-file.js';

export interface ExportJobDeps {
  store: Store;
  blobs: BlobStore;
  logger: Logger;
  /** Folder for work files (sources, rendered site, archive) and the render cache. */
  dataDir: string;
  credentials?: GitCredentials;
  /** Attempts in all; the last failed one marks the job failed. */
  maxAttempts: number;
  renderThreads?: number;
  /** Non-public hosts and ranges exports may fetch from (`exports.fetchAllow`). */
  fetchAllow?: string[];
  /** Time one page may take to render (`exports.pageTimeoutSeconds`). */
  pageTimeoutMs?: number;
  /** Nice value of the render threads (`exports.renderNice`). */
  renderNice?: number;
  /** @default 'client-hosted' (the bundle is meant for a self-hosted deployment) */
  deployment?: Deployment;
  /** Media on other hosts (`exports.remoteMedia`, `exports.mediaMax*Mb`). */
  remoteMedia?: RemoteMediaOptions;
}

/** Maps the engine's phases onto 0..99; 100 is set only by completion. */
function progressOf(p: ExportProgress): number {
  const share = p.pagesTotal > 0 ? p.pagesDone / p.pagesTotal : 1;
  switch (p.phase) {
    case 'scan':
      return 2;
    case 'render':
      return 2 + Math.floor(share * 86);
    case 'search':
      return 90;
    case 'write':
      return 93;
    default:
      return 95;
  }
}

function isFinal(job: JobContext, deps: ExportJobDeps, err: unknown): boolean {
  return err instanceof UnrecoverableError || (err instanceof AppError && err.status < 500) || job.attempt >= deps.maxAttempts;
}

export async function runExportJob(deps: ExportJobDeps, job: JobContext<{ jobId: string }>): Promise<void> {
  const { store, logger } = deps;
  const jobId = job.data.jobId;
  const record = await records.findExportJob(store.db, jobId);
  if (!record || record.status === 'completed' || record.status === 'failed') return;
  const log = logger.child({ jobId, attempt: job.attempt });
  const started = performance.now();
  let outcome = 'failed';
  await records.markExportRunning(store.db, jobId, nowIso());
  log.info({ domain: record.domain }, 'export started');
  // Each attempt has a folder of its own: a timed-out attempt still winding down never
  // shares files with its retry. Earlier attempts' folders are over and go now.
  const jobDir = join(deps.dataDir, 'work', jobId);
  const workDir = join(jobDir, `attempt-${job.attempt}`);
  for (const name of await orNullIfMissing(readdir(jobDir)) ?? []) await rm(join(jobDir, name), { recursive: true, force: true });
  try {
    await mkdir(workDir, { recursive: true });
    const project = await findProject(store.db, record.projectId);
    if (!project) throw new UnrecoverableError('The project of this export no longer exists');
    const source = await fetchProjectSource(project, { workDir, credentials: deps.credentials, signal: job.signal });
    try {
      let lastWrite = 0;
      let lastProgress = -1;
      const onProgress = (p: ExportProgress) => {
        const progress = progressOf(p);
        const now = Date.now();
        // Throttled: a thousand pages should not mean a thousand writes.
        if (progress === lastProgress || (now - lastWrite < 250 && p.pagesDone < p.pagesTotal)) return;
        lastWrite = now;
        lastProgress = progress;
        void records.recordExportProgress(store.db, jobId, progress, p.pagesDone, nowIso()).catch((err: unknown) => log.warn({ err }, 'progress not recorded'));
      };
      const siteDir = join(workDir, 'site');
      // Loaded on first use: processes that never export (API-only, CLI) skip the engine's start-up cost.
      // In a thread of its own: its young generation is bounded, and the export's own work stays off this event loop.
      const { exportSiteInThread } = await import('../render/export-thread.js');
      const report = await exportSiteInThread({
        root: source.docsRoot,
        outDir: siteDir,
        baseUrl: `https://${record.domain}`,
        deployment: deps.deployment ?? 'client-hosted',
        paths: record.paths ?? undefined,
        cacheDir: join(deps.dataDir, 'cache', 'render', project.id),
        workers: deps.renderThreads,
        fetchAllow: deps.fetchAllow,
        siteScripts: project.siteScripts,
        remoteMedia: deps.remoteMedia,
        pageTimeoutMs: deps.pageTimeoutMs,
        renderNice: deps.renderNice,
        workDir: join(workDir, 'export'),
        signal: job.signal,
        onProgress,
      });
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length > 0) log.warn({ errors: errors.slice(0, 20) }, 'export finished with errors in some pages');
      await records.recordExportProgress(store.db, jobId, 96, report.pagesRendered, nowIso());
      const archive = join(workDir, 'bundle.tar.gz');
      const packed = await packBundle({
        siteDir,
        outFile: archive,
        jobId,
        domain: record.domain,
        version: record.version,
        createdAt: record.createdAt,
        engineVersion: QUIRE_VERSION,
        signal: job.signal,
      });
      await records.recordExportProgress(store.db, jobId, 98, report.pagesRendered, nowIso());
      const key = bundleKeyOf(jobId);
      await deps.blobs.put(key, archive, { signal: job.signal });
      // An attempt the queue has given up on (time limit) completes nothing: its retry owns the job.
      job.signal.throwIfAborted();
      await records.completeExportJob(store.db, jobId, { key, size: packed.sizeBytes, sha256: packed.sha256, pageCount: report.pagesRendered }, nowIso());
      log.info({ pages: report.pagesRendered, bytes: packed.sizeBytes, sha256: packed.sha256, ms: report.durationMs }, 'export completed');
      outcome = 'completed';
    } finally {
      await source.dispose();
    }
  } catch (err) {
    const message = describeFailure(err);
    if (job.signal.aborted) {
      // The queue has already recorded this attempt (time limit, a stop, a lost claim);
      // what happens next is its retry's, or reconciliation's, to say.
      outcome = 'aborted';
      log.warn({ reason: String(job.signal.reason), err: message }, 'export attempt aborted');
      throw err;
    }
    if (isFinal(job, deps, err)) {
      await records.failExportJob(store.db, jobId, message, nowIso());
      log.warn({ err: message }, 'export failed');
      throw new UnrecoverableError(message, { cause: err });
    }
    outcome = 'retried';
    log.warn({ err: message }, 'export attempt failed; it will be retried');
    throw err;
  } finally {
    exportRuns.inc({ outcome });
    exportDuration.observe({ outcome }, (performance.now() - started) / 1000);
    await rm(workDir, { recursive: true, force: true });
    await rmdir(jobDir).catch(() => undefined); // a later attempt may have made its own folder
  }
}

const IO_FAILURES: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EMFILE: 'too many files are open',
  EIO: 'the disk reported an I/O error',
};

/** The job's error text: an I/O failure says what happened in words, with the file it struck when known. */
function describeFailure(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const words = e?.code ? IO_FAILURES[e.code] : undefined;
  if (words) return `The export could not be written: ${words} (${e.code}${e.syscall ? ` during ${e.syscall}` : ''})`;
  return err instanceof Error ? err.message : String(err);
}
