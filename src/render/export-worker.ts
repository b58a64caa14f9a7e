/**
 * Entry point of the export thread (export-thread.ts): runs exportSite with the options it
 * was started with, sends progress as it comes and then the report, or the error (with
 * what callers read of it: an AppError's status and code, an I/O error's code).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { exportSite } from './export-site.js';
import { threadError, type ExportThreadData, type ExportThreadMessage } from './export-thread.js';

const controller = new AbortController();
const send = (msg: ExportThreadMessage) => parentPort!.postMessage(msg);

parentPort!.on('message', (msg: { abort: string }) => controller.abort(new Error(msg.abort)));

exportSite({ ...(workerData as ExportThreadData), onProgress: (progress) => send({ progress }), signal: controller.signal }).then(
  (report) => send({ report }),
  (err: unknown) => send({ error: threadError(err) }),
);
