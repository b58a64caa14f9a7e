/**
 * One attempt of one pg-boss job, run for the queue port's handler: the handler gets its
 * own signal, aborted with a `JobTimeoutError` when the attempt's time limit passes, or
 * with a `JobInterruptedError` when pg-boss aborts the job (the queue stops after its
 * grace period, or the job's claim was lost to pg-boss's monitor). The attempt answers
 * pg-boss at once in every case, without waiting for the handler, so the worker slot is
 * free again; whatever the handler resolves later is ignored.
 */
import type { Job, JobResult } from 'pg-boss';
import { UnrecoverableError } from '../../core/errors.js';
import type { JobHandler } from '../types.js';
import { JobInterruptedError, JobTimeoutError } from '../queue-workers.js';
import type { Envelope } from './pg-boss.js';

function isUnrecoverable(err: unknown): boolean {
  return err instanceof UnrecoverableError || (err instanceof Error && err.name === 'UnrecoverableError');
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Runs `handler` on `job`; resolves with the outcome pg-boss records (fenced to this attempt). */
export function runAttempt(job: Job<Envelope>, handler: JobHandler, isStopping: () => boolean): Promise<JobResult> {
  const controller = new AbortController();
  // A job sent by other means than Quire's send() has no envelope: pg-boss's own expiry is its limit.
  const timeLimitSeconds = typeof job.data?.timeLimitSeconds === 'number' ? job.data.timeLimitSeconds : job.expireInSeconds;
  return new Promise<JobResult>((resolve) => {
    let settled = false;
    const finish = (result: JobResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeLimit);
      job.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const timeLimit = setTimeout(() => {
      const error = new JobTimeoutError(timeLimitSeconds);
      controller.abort(error);
      finish({ id: job.id, status: 'failed', output: { message: error.message } });
    }, timeLimitSeconds * 1000);
    timeLimit.unref();
    // pg-boss has already recorded this attempt (failed at stop, or taken over): the answer below changes nothing.
    const onAbort = () => {
      const reason = new JobInterruptedError(isStopping() ? 'The queue is stopping' : 'The job lease was lost');
      controller.abort(reason);
      finish({ id: job.id, status: 'failed', output: { message: reason.message } });
    };
    if (job.signal.aborted) onAbort();
    else job.signal.addEventListener('abort', onAbort, { once: true });

    void Promise.resolve()
      .then(() => handler({ id: job.id, data: job.data.data, attempt: job.retryCount + 1, signal: controller.signal }))
      .then(
        () => finish({ id: job.id, status: 'completed' }),
        // `deadletter`: failed for good at once, whatever retries are left.
        (err: unknown) => finish({ id: job.id, status: isUnrecoverable(err) ? 'deadletter' : 'failed', output: { message: messageOf(err) } }),
      );
  });
}
