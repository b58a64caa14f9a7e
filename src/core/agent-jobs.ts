/**
 * Agent jobs as the API shows them, and the lookups that keep tenants apart: a job of
 * another organization or another project answers exactly like a missing one.
 */
import type { Store } from '../store/types.js';
import { findAgentJob, findAgentJobNow, insertAgentJob, type AgentJobRecord, type AgentJobStatus } from '../store/records/agent-jobs.js';
import { findProject } from '../store/records/projects.js';
import { NotFoundError } from './errors.js';
import { newId, nowIso } from './ids.js';

/** The AgentJob of the API contract: every field always present. */
export interface AgentJob {
  id: string;
  status: AgentJobStatus;
  source: { repository: string; ref: string };
  model: string;
  prLink: string | null;
  createdAt: string;
  archivedAt: string | null;
}

/** `https://user:token@host/x.git` -> `https://host/x.git`: credentials never leave in an answer. */
export function withoutCredentials(repository: string): string {
  // Any user info of an http(s) URL is a credential; elsewhere (ssh://git@...) only a password is.
  return repository.replace(/^(https?:\/\/)[^/@\s]+@/i, '$1').replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]+):[^/@\s]*@/i, '$1@');
}

/**
 * The API's view of a job record. `source.ref` is the branch the agent works on and
 * pushes (`quire/agent-<id>`), not the ref the job started from (`baseRef`): the contract
 * (Mintlify's AgentJob: "Git branch the agent is working on") names the branch where the
 * result is found, which is also what a push-only forge leaves a client to fetch.
 */
export function toAgentJob(r: AgentJobRecord): AgentJob {
  return {
    id: r.id,
    status: r.status,
    source: { repository: withoutCredentials(r.repository), ref: r.branch },
    model: r.model,
    prLink: r.status === 'active' ? null : r.prLink,
    createdAt: r.createdAt,
    archivedAt: r.archivedAt,
  };
}

export const JOB_NOT_FOUND = 'Job not found';
export const PROJECT_NOT_FOUND = 'Project not found';

/** The job, if it belongs to this organization's project; NotFound otherwise. */
export async function getAgentJobRecord(store: Store, orgId: string, projectId: string, id: string): Promise<AgentJobRecord> {
  return visibleJob(await findAgentJob(store.db, id), orgId, projectId);
}

/**
 * getAgentJobRecord without waiting when the store can answer now (findAgentJobNow);
 * undefined when getAgentJobRecord must be awaited instead.
 */
export function getAgentJobRecordNow(store: Store, orgId: string, projectId: string, id: string): AgentJobRecord | undefined {
  const job = findAgentJobNow(store.db, id);
  return job === undefined ? undefined : visibleJob(job, orgId, projectId);
}

function visibleJob(job: AgentJobRecord | null | undefined, orgId: string, projectId: string): AgentJobRecord {
  if (!job || job.orgId !== orgId || job.projectId !== projectId) throw new NotFoundError(JOB_NOT_FOUND);
  return job;
}

export interface InsertAgentJobOptions {
  projectId: string;
  prompt: string;
  model: string;
  /** Ref to start from. @default the project's default ref */
  ref?: string;
  status?: AgentJobStatus;
}

/** Inserts a job record for a project (the create endpoint and the operator CLI build on it). */
export async function insertAgentJobRecord(store: Store, o: InsertAgentJobOptions): Promise<AgentJobRecord> {
  const project = await findProject(store.db, o.projectId);
  if (!project) throw new NotFoundError(PROJECT_NOT_FOUND);
  const id = newId('aj');
  const now = nowIso();
  return insertAgentJob(store.db, {
    id,
    orgId: project.orgId,
    projectId: project.id,
    status: o.status ?? 'active',
    prompt: o.prompt,
    repository: project.repository,
    baseRef: o.ref ?? project.defaultRef,
    branch: `quire/agent-${id}`,
    model: o.model,
    prLink: null,
    prNumber: null,
    failureReason: null,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  });
}
