/**
 * What the agent job endpoints do, apart from HTTP: create a job (checks, the hourly
 * limit, the first prompt, the queue), send a follow-up to a completed job, archive,
 * and read the transcript. Tenancy follows the core: another organization's project or
 * job answers exactly like a missing one.
 */
import { getAgentJobRecord, insertAgentJobRecord, PROJECT_NOT_FOUND } from '../core/agent-jobs.js';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError, RateLimitedError, UnavailableError } from '../core/errors.js';
import { nowIso } from '../core/ids.js';
import type { Queue } from '../queue/types.js';
import {
  appendAgentMessages,
  countAgentJobsSince,
  listAgentMessages,
  oldestAgentJobSince,
  updateAgentJob,
  type AgentJobRecord,
} from '../store/records/agent-jobs.js';
import { findOrganization } from '../store/records/organizations.js';
import { findProject } from '../store/records/projects.js';
import type { Store } from '../store/types.js';
import { promptsOf } from './transcript.js';
import type { AgentJobInput } from './types.js';

/** Name of the queue agent runs go through. */
export const AGENT_QUEUE = 'agent-jobs';
/** Retries of a run that threw unexpectedly (a settled failure does not throw). */
export const AGENT_RETRY_LIMIT = 2;
const HOUR_MS = 3_600_000;
const MAX_PROMPT_CHARS = 20_000;

export interface AgentServiceSettings {
  /** The configured provider protocol; null when none is configured (503). */
  provider: string | null;
  /** Allowed models, the first is the default. */
  models: string[];
  /** Jobs one project may create per hour. @default 100 */
  maxJobsPerProjectPerHour: number;
  /** Time limit of one run, so the queue's own limit can sit just above it. */
  timeLimitMs: number;
}

export interface AgentServiceDeps {
  store: Store;
  queue: Pick<Queue, 'send'>;
  settings: AgentServiceSettings;
}

export interface CreateAgentJobBody {
  prompt?: unknown;
  ref?: unknown;
  model?: unknown;
}

function checkPrompt(prompt: unknown): string {
  if (typeof prompt !== 'string' || prompt.trim() === '') throw new InvalidError('prompt must be a non-empty string');
  if (prompt.length > MAX_PROMPT_CHARS) throw new InvalidError(`prompt is longer than ${MAX_PROMPT_CHARS} characters`);
  return prompt;
}

function checkProvider(settings: AgentServiceSettings): void {
  if (!settings.provider || settings.models.length === 0) {
    throw new UnavailableError('No model provider is configured: set QUIRE_AGENT_PROVIDER and QUIRE_AGENT_MODELS to run agent jobs');
  }
}

async function checkHourlyLimit(deps: AgentServiceDeps, projectId: string): Promise<void> {
  const now = Date.now();
  const since = new Date(now - HOUR_MS).toISOString();
  const limit = deps.settings.maxJobsPerProjectPerHour;
  if ((await countAgentJobsSince(deps.store.db, projectId, since)) < limit) return;
  const oldest = await oldestAgentJobSince(deps.store.db, projectId, since);
  const retryAfter = oldest ? (Date.parse(oldest) + HOUR_MS - now) / 1000 : 60;
  throw new RateLimitedError(`This project reached its limit of ${limit} agent jobs per hour`, retryAfter);
}

/** Queues run `turn` of a job; idempotent (one queue job per job and turn). Returns the queue's id. */
export async function enqueueAgentRun(deps: Pick<AgentServiceDeps, 'queue' | 'settings'>, jobId: string, turn: number): Promise<string> {
  const input: AgentJobInput = { jobId, turn };
  return deps.queue.send(AGENT_QUEUE, input, {
    singletonKey: `${jobId}:${turn}`,
    retryLimit: AGENT_RETRY_LIMIT,
    // The runner enforces the time limit itself; the queue's limit only catches a hang.
    expireInSeconds: Math.ceil(deps.settings.timeLimitMs / 1000) + 120,
  });
}

export async function createAgentJob(deps: AgentServiceDeps, orgId: string, projectId: string, body: CreateAgentJobBody): Promise<AgentJobRecord> {
  const prompt = checkPrompt(body.prompt);
  if (body.ref !== undefined && (typeof body.ref !== 'string' || !/^[\w./-]+$/.test(body.ref) || body.ref.startsWith('-') || body.ref.includes('..'))) {
    throw new InvalidError('ref must be a branch, tag or commit name');
  }
  if (body.model !== undefined && typeof body.model !== 'string') throw new InvalidError('model must be a string');
  const project = await findProject(deps.store.db, projectId);
  if (!project || project.orgId !== orgId) throw new NotFoundError(PROJECT_NOT_FOUND);
  const org = await findOrganization(deps.store.db, orgId);
  if (!org?.features.includes('agent')) throw new ForbiddenError('The agent feature is not enabled for this organization');
  checkProvider(deps.settings);
  const model = (body.model) ?? deps.settings.models[0];
  if (!deps.settings.models.includes(model)) {
    throw new InvalidError(`model "${model}" is not allowed; allowed models: ${deps.settings.models.join(', ')}`);
  }
  await checkHourlyLimit(deps, projectId);
  const job = await insertAgentJobRecord(deps.store, { projectId, prompt, model, ref: body.ref });
  await appendAgentMessages(deps.store.db, job.id, [{ role: 'user', content: { turn: 1, text: prompt } }], nowIso());
  await enqueueAgentRun(deps, job.id, 1);
  return job;
}

export async function followUpAgentJob(deps: AgentServiceDeps, orgId: string, projectId: string, id: string, body: { prompt?: unknown }): Promise<AgentJobRecord> {
  const job = await getAgentJobRecord(deps.store, orgId, projectId, id);
  const prompt = checkPrompt(body.prompt);
  if (job.status !== 'completed') throw new ConflictError(`A follow-up needs a completed job; this one is ${job.status}`);
  checkProvider(deps.settings);
  await checkHourlyLimit(deps, projectId);
  const reactivated = await updateAgentJob(deps.store.db, id, { status: 'active', failureReason: null }, nowIso(), ['completed']);
  if (!reactivated) throw new ConflictError('The job changed meanwhile; it is no longer completed');
  const turn = promptsOf(await listAgentMessages(deps.store.db, id)).length + 1;
  await appendAgentMessages(deps.store.db, id, [{ role: 'user', content: { turn, text: prompt } }], nowIso());
  await enqueueAgentRun(deps, id, turn);
  return reactivated;
}

export async function archiveAgentJob(store: Store, orgId: string, projectId: string, id: string): Promise<AgentJobRecord> {
  const job = await getAgentJobRecord(store, orgId, projectId, id);
  if (job.status !== 'completed' && job.status !== 'failed') throw new ConflictError(`Only a completed or failed job can be archived; this one is ${job.status}`);
  const at = nowIso();
  const archived = await updateAgentJob(store.db, id, { status: 'archived', archivedAt: at }, at, ['completed', 'failed']);
  if (!archived) throw new ConflictError('The job changed meanwhile; it can no longer be archived');
  return archived;
}

export interface AgentTranscript {
  jobId: string;
  status: AgentJobRecord['status'];
  /** Why the job failed (kept when a failed job is archived); null otherwise. */
  failureReason: string | null;
  messages: { seq: number; role: string; content: unknown; createdAt: string }[];
}

export async function getAgentTranscript(store: Store, orgId: string, projectId: string, id: string): Promise<AgentTranscript> {
  const job = await getAgentJobRecord(store, orgId, projectId, id);
  const messages = await listAgentMessages(store.db, id);
  return { jobId: job.id, status: job.status, failureReason: job.failureReason, messages };
}
