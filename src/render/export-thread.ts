/**
 * exportSiteInThread: runs exportSite (export-site.ts) in a worker thread of its own, with
 * the same options and report, for the callers that export a whole site (`quire export`,
 * the export job runner).
 *
 * Why a thread: the thread that drives an export (the scan, taking each rendered page from
 * the render threads, writing files, the search index) allocates fast and keeps much of it
 * until the end, so V8 grows its young generation to its default maximum, two 64 MB
 * semi-spaces on a 64-bit Node, and keeps it: 128 MB of resident heap that is mostly empty.
 * Node can bound the young generation of a worker thread (resourceLimits), not of the main
 * thread once started. On Mintlify's docs (issue 21) the main thread's heap held ~67 MB
 * live against ~200 MB committed.
 */
import { Worker } from 'node:worker_threads';
import { AppError, InvalidError } from '../core/errors.js';
import type { ExportOptions, ExportProgress, ExportReport } from './types.js';
import { workerFileOptions } from './pool/worker-pool.js';

/**
 * Young generation of the export thread, in MB: V8 takes a third of it per semi-space,
 * 8 MB here instead of the main thread's 64.
 */
export const EXPORT_YOUNG_GENERATION_MB = 24;

/**
 * Old generation of the export thread, in MB. Not a tight bound: the limit is what sets how far
 * V8 lets the heap grow past what a mark-compact left alive. At V8's default limit (on a 64-bit
 * host with 16 GB or more: 4 GB) it grows it fourfold between mark-compacts; below 2 GB it
 * scales that factor down, 2.0 just under 2 GB (V8 heap-controller.cc, MaxGrowingFactor). On
 * Mintlify's docs (issue 21) the export thread kept ~57 MB alive after a mark-compact late in
 * the render phase, and was let grow to ~230 MB before the next; what it keeps grows with the
 * site's pages. Peak RSS of that export (on a loaded host): 596 and 604 MB at the default limit,
 * 578 MB at 2047, 554 MB at 1024 (a lower factor, but half the room for a large site).
 */
export const EXPORT_OLD_GENERATION_MB = 2047;

/** What the export thread sends back: progress as it goes, then a report or an error. */
export type ExportThreadMessage =
  | { progress: ExportProgress }
  | { report: ExportReport }
  | { error: ThreadError };

/**
 * An error as it crosses threads: what callers read of it. A structured clone keeps only
 * the message, so an I/O error's `code` and `syscall` (ENOSPC: the disk is full) and an
 * AppError's status travel beside it.
 */
export interface ThreadError {
  message: string;
  status?: number;
  code?: string;
  syscall?: string;
  errno?: number;
  path?: string;
}

/** The parts of `err` callers read (see ThreadError). */
export function threadError(err: unknown): ThreadError {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as Error & Partial<ThreadError>;
  const out: ThreadError = { message: e.message };
  if (err instanceof AppError) out.status = err.status;
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.syscall === 'string') out.syscall = e.syscall;
  if (typeof e.errno === 'number') out.errno = e.errno;
  if (typeof e.path === 'string') out.path = e.path;
  return out;
}

/** The options the thread is started with: exportSite's, without the callback and the signal (those stay here). */
export type ExportThreadData = Omit<ExportOptions, 'onProgress' | 'signal'>;

/** The error the thread reported, as exportSite would have thrown it (callers tell bad input by its class). */
export function rebuildError(e: ThreadError): Error {
  if (e.status !== undefined && e.code === 'invalid') return new InvalidError(e.message);
  if (e.status !== undefined && e.code !== undefined) return new AppError(e.status, e.code, e.message);
  const { message, ...fields } = e;
  return Object.assign(new Error(message), fields);
}

/** What exportSite throws once its signal is aborted: the signal's reason. */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));
}

/** exportSite in a thread of its own (see above); aborting `signal` aborts the export there. */
export function exportSiteInThread(options: ExportOptions): Promise<ExportReport> {
  const { onProgress, signal, ...data } = options;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const file = workerFileOptions(import.meta.url, './export-worker');
  const worker = new Worker(file.entry, {
    eval: file.eval,
    workerData: data satisfies ExportThreadData,
    resourceLimits: { maxYoungGenerationSizeMb: EXPORT_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: EXPORT_OLD_GENERATION_MB },
  });
  return new Promise<ExportReport>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    // The thread aborts its own export (render threads closed, working files removed) and then answers.
    const onAbort = () => worker.postMessage({ abort: signal?.reason instanceof Error ? signal.reason.message : String(signal?.reason) });
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (msg: ExportThreadMessage) => {
      if ('progress' in msg) onProgress?.(msg.progress);
      else if ('report' in msg) finish(() => resolve(msg.report));
      else finish(() => reject(signal?.aborted ? abortReason(signal) : rebuildError(msg.error)));
    });
    worker.on('error', (err: Error & { code?: string }) =>
      finish(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`the export needed more than the export thread's ${EXPORT_OLD_GENERATION_MB} MB heap`, { cause: err }) : err)),
    );
    worker.on('exit', (code) => finish(() => reject(new Error(`the export thread exited with code ${code} before its report`))));
  }).finally(() => worker.terminate());
}
