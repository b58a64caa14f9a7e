/**
 * Runs agent jobs from the queue in this process: builds the provider, forge and records
 * once, hands each delivery to `runAgentJob`, and at start makes sure no job stays
 * `active` forever: every active job's run is sent again (a no-op while the queue still
 * holds it), and one the queue has given up on is failed with the reason.
 */
import type { Logger } from '../core/logger.js';
import type { Queue } from '../queue/types.js';
import { appendAgentMessages, listAgentJobsByStatus, listAgentMessages, updateAgentJob } from '../store/records/agent-jobs.js';
import type { Store } from '../store/types.js';
import { nowIso } from '../core/ids.js';
import { AGENT_QUEUE, AGENT_RETRY_LIMIT, enqueueAgentRun } from './agent-job-service.js';
import type { AgentSettings } from './agent-settings.js';
import { createForge } from './forges/create-forge.js';
import { createModelProvider } from './providers/create-provider.js';
import { runAgentJob } from './run-job.js';
import type { SiteValidator } from './site-check.js';
import { createStoreAgentJobRecords } from './store-records.js';
import { promptsOf, turnOf } from './transcript.js';
import type { AgentJobDeps, AgentJobInput } from './types.js';

export interface StartAgentWorkerOptions {
  store: Store;
  queue: Queue;
  settings: AgentSettings;
  logger: Logger;
  concurrency: number;
  validateSite?: SiteValidator | null;
}

export async function startAgentWorker(options: StartAgentWorkerOptions): Promise<void> {
  const { store, queue, settings, logger } = options;
  if (!settings.provider) {
    logger.info('agent jobs disabled: no model provider configured');
    return;
  }
  const deps: AgentJobDeps = {
    records: createStoreAgentJobRecords(store),
    provider: await createModelProvider(settings.provider),
    forge: await createForge(settings.forge),
    config: settings.runtime,
    validateSite: options.validateSite ?? null,
  };
  logger.info({ forge: settings.forge.kind }, forgeSummary(settings.forge));
  await queue.work<AgentJobInput>(AGENT_QUEUE, { concurrency: options.concurrency }, async (job) => {
    try {
      const outcome = await runAgentJob(job.data, { ...deps, signal: job.signal });
      logger.info({ agentJob: job.data.jobId, turn: job.data.turn, outcome: outcome.status }, 'agent job run finished');
    } catch (error) {
      // Unexpected (the records store down, a bug): the queue retries; after the last
      // attempt the job must not stay active.
      if (!job.signal.aborted && job.attempt > AGENT_RETRY_LIMIT) {
        await failAgentJob(store, job.data.jobId, `Internal error: ${(error as Error).message ?? String(error)}`);
      }
      throw error;
    }
  });
  await recoverActiveAgentJobs(store, queue, settings, logger);
}

/** What an agent job ends with under this forge setting, for the start-up log. */
export function forgeSummary(forge: AgentSettings['forge']): string {
  if (forge.kind === 'github') return `agent jobs open pull requests on GitHub (${forge.githubApiUrl ?? 'https://api.github.com'})`;
  if (forge.prUrlTemplate) return `agent jobs push their branch; prLink is built from ${forge.prUrlTemplate}`;
  return 'agent jobs push their branch and complete with prLink null (QUIRE_FORGE=git without QUIRE_FORGE_PR_URL_TEMPLATE; QUIRE_FORGE=github opens pull requests)';
}

/** A job reactivated this recently may still be recording its follow-up prompt. */
const FOLLOW_UP_GRACE_MS = 5 * 60_000;

/**
 * Resends the current run of every active job (a no-op while the queue holds it) and
 * fails the jobs that cannot go on: their run was given up by the queue, or they were
 * reactivated for a follow-up whose prompt was never recorded.
 */
export async function recoverActiveAgentJobs(store: Store, queue: Queue, settings: AgentSettings, logger: Logger, now = Date.now()): Promise<void> {
  const active = await listAgentJobsByStatus(store.db, 'active');
  for (const job of active) {
    const messages = await listAgentMessages(store.db, job.id);
    const turn = Math.max(1, promptsOf(messages).length);
    const settled = messages.some((m) => (m.role === 'result' || m.role === 'error') && turnOf(m) === turn);
    if (settled) {
      if (now - Date.parse(job.updatedAt) < FOLLOW_UP_GRACE_MS) continue;
      await failAgentJob(store, job.id, 'The follow-up was interrupted before it started; create a new job to continue');
      continue;
    }
    const queueId = await enqueueAgentRun({ queue, settings: settings.service }, job.id, turn);
    const info = await queue.getJob(AGENT_QUEUE, queueId);
    if (info && (info.state === 'failed' || info.state === 'completed')) {
      const reason = `The job was interrupted and could not be resumed${info.lastError ? `: ${info.lastError}` : ''}`;
      await failAgentJob(store, job.id, reason);
      logger.warn({ agentJob: job.id }, reason);
    }
  }
  if (active.length > 0) logger.info({ count: active.length }, 'active agent jobs checked after start');
}

async function failAgentJob(store: Store, jobId: string, reason: string): Promise<void> {
  const failed = await updateAgentJob(store.db, jobId, { status: 'failed', failureReason: reason }, nowIso(), ['active']);
  if (failed) await appendAgentMessages(store.db, jobId, [{ role: 'error', content: { reason } }], nowIso());
}
