/** Records of agent jobs and their transcripts. */
import type { Kysely } from 'kysely';
import { derivedOnce, readPreparedNow, runPrepared } from '../prepared.js';
import type { AgentJobsTable, Database } from '../schema.js';

export type AgentJobStatus = AgentJobsTable['status'];

export interface AgentJobRecord {
  id: string;
  orgId: string;
  projectId: string;
  status: AgentJobStatus;
  prompt: string;
  repository: string;
  baseRef: string;
  branch: string;
  model: string;
  prLink: string | null;
  prNumber: number | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

export interface AgentMessageRecord {
  seq: number;
  role: string;
  content: unknown;
  createdAt: string;
}

export function toAgentJobRecord(row: AgentJobsTable): AgentJobRecord {
  return {
    id: row.id,
    orgId: row.org_id,
    projectId: row.project_id,
    status: row.status,
    prompt: row.prompt,
    repository: row.repository,
    baseRef: row.base_ref,
    branch: row.branch,
    model: row.model,
    prLink: row.pr_link,
    prNumber: row.pr_number,
    failureReason: row.failure_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archivedAt: row.archived_at,
  };
}

export async function insertAgentJob(db: Kysely<Database>, j: AgentJobRecord): Promise<AgentJobRecord> {
  await db
    .insertInto('agent_jobs')
    .values({
      id: j.id,
      org_id: j.orgId,
      project_id: j.projectId,
      status: j.status,
      prompt: j.prompt,
      repository: j.repository,
      base_ref: j.baseRef,
      branch: j.branch,
      model: j.model,
      pr_link: j.prLink,
      pr_number: j.prNumber,
      failure_reason: j.failureReason,
      created_at: j.createdAt,
      updated_at: j.updatedAt,
      archived_at: j.archivedAt,
    })
    .execute();
  return j;
}

/**
 * Records of the rows runPrepared shares between callers (frozen) until the database
 * changes: one per row, frozen too, so what is built from a record (the API's JSON
 * and ETag) can be kept for as long as the record lives.
 */
const sharedRecords = new WeakMap<AgentJobsTable, AgentJobRecord>();

const byId = (d: Kysely<Database>) => d.selectFrom('agent_jobs').selectAll().where('id', '=', '');
const recordOf = (row: AgentJobsTable | undefined) => row && derivedOnce(sharedRecords, row, (r) => Object.freeze(toAgentJobRecord(r)));

/** Serves every poll of an agent job, so it is compiled once (see prepared.ts). */
export async function findAgentJob(db: Kysely<Database>, id: string): Promise<AgentJobRecord | undefined> {
  const [row] = await runPrepared<AgentJobsTable>(db, 'agent-job-by-id', byId, [id]);
  return recordOf(row);
}

/**
 * findAgentJob without waiting, when the store can answer now (readPreparedNow):
 * the record, or null when there is no such job; undefined when findAgentJob must
 * be awaited instead.
 */
export function findAgentJobNow(db: Kysely<Database>, id: string): AgentJobRecord | null | undefined {
  const rows = readPreparedNow<AgentJobsTable>(db, 'agent-job-by-id', byId, [id]);
  return rows && (recordOf(rows[0]) ?? null);
}

export type AgentJobPatch = Partial<Pick<AgentJobRecord, 'status' | 'prLink' | 'prNumber' | 'failureReason' | 'archivedAt' | 'prompt'>>;

/**
 * Updates a job, optionally only when it is in one of `fromStatus` (a compare-and-set
 * that keeps state transitions race-free across processes). Returns the updated job,
 * or undefined when nothing matched.
 */
export async function updateAgentJob(
  db: Kysely<Database>,
  id: string,
  patch: AgentJobPatch,
  at: string,
  fromStatus?: AgentJobStatus[],
): Promise<AgentJobRecord | undefined> {
  let q = db
    .updateTable('agent_jobs')
    .set({
      ...(patch.status !== undefined && { status: patch.status }),
      ...(patch.prLink !== undefined && { pr_link: patch.prLink }),
      ...(patch.prNumber !== undefined && { pr_number: patch.prNumber }),
      ...(patch.failureReason !== undefined && { failure_reason: patch.failureReason }),
      ...(patch.archivedAt !== undefined && { archived_at: patch.archivedAt }),
      ...(patch.prompt !== undefined && { prompt: patch.prompt }),
      updated_at: at,
    })
    .where('id', '=', id);
  if (fromStatus) q = q.where('status', 'in', fromStatus);
  const res = await q.executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return undefined;
  return findAgentJob(db, id);
}

/** Jobs created for a project since `since` (for the per-project hourly limit). */
/** Agent jobs by status (metrics). */
export async function agentJobCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('agent_jobs').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function countAgentJobsSince(db: Kysely<Database>, projectId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('agent_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function oldestAgentJobSince(db: Kysely<Database>, projectId: string, since: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('agent_jobs')
    .select('created_at')
    .where('project_id', '=', projectId)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

export async function listAgentJobsByStatus(db: Kysely<Database>, status: AgentJobStatus): Promise<AgentJobRecord[]> {
  const rows = await db.selectFrom('agent_jobs').selectAll().where('status', '=', status).execute();
  return rows.map(toAgentJobRecord);
}

/** Appends transcript entries after the last one, in one transaction. */
export async function appendAgentMessages(
  db: Kysely<Database>,
  jobId: string,
  messages: { role: string; content: unknown }[],
  at: string,
): Promise<void> {
  if (messages.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('agent_messages')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    let seq = Number(last?.seq ?? 0);
    await trx
      .insertInto('agent_messages')
      .values(messages.map((m) => ({ job_id: jobId, seq: ++seq, role: m.role, content: JSON.stringify(m.content), created_at: at })))
      .execute();
  });
}

export async function listAgentMessages(db: Kysely<Database>, jobId: string): Promise<AgentMessageRecord[]> {
  const rows = await db.selectFrom('agent_messages').selectAll().where('job_id', '=', jobId).orderBy('seq').execute();
  return rows.map((r) => ({ seq: Number(r.seq), role: r.role, content: JSON.parse(r.content) as unknown, createdAt: r.created_at }));
}
