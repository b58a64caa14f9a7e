/** Records of static export jobs and their bundles. */
import type { Kysely } from 'kysely';
import { runPrepared } from '../prepared.js';
import type { Database, ExportJobsTable } from '../schema.js';

export type ExportJobStatus = ExportJobsTable['status'];

export interface ExportJobRecord {
  id: string;
  orgId: string;
  projectId: string;
  domain: string;
  version: string | null;
  paths: string[] | null;
  status: ExportJobStatus;
  progress: number;
  pageCount: number;
  error: string | null;
  bundleKey: string | null;
  bundleSize: number | null;
  bundleSha256: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

function toExportJob(row: ExportJobsTable): ExportJobRecord {
  return {
    id: row.id,
    orgId: row.org_id,
    projectId: row.project_id,
    domain: row.domain,
    version: row.version,
    paths: row.paths ? (JSON.parse(row.paths) as string[]) : null,
    status: row.status,
    progress: Number(row.progress),
    pageCount: Number(row.page_count),
    error: row.error,
    bundleKey: row.bundle_key,
    bundleSize: row.bundle_size === null ? null : Number(row.bundle_size),
    bundleSha256: row.bundle_sha256,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
  };
}

export async function insertExportJob(db: Kysely<Database>, j: ExportJobRecord): Promise<ExportJobRecord> {
  await db
    .insertInto('export_jobs')
    .values({
      id: j.id,
      org_id: j.orgId,
      project_id: j.projectId,
      domain: j.domain,
      version: j.version,
      paths: j.paths ? JSON.stringify(j.paths) : null,
      status: j.status,
      progress: j.progress,
      page_count: j.pageCount,
      error: j.error,
      bundle_key: j.bundleKey,
      bundle_size: j.bundleSize,
      bundle_sha256: j.bundleSha256,
      created_at: j.createdAt,
      updated_at: j.updatedAt,
      completed_at: j.completedAt,
    })
    .execute();
  return j;
}

/** Serves every poll of an export, so it is compiled once (see prepared.ts). */
export async function findExportJob(db: Kysely<Database>, id: string): Promise<ExportJobRecord | undefined> {
  const [row] = await runPrepared<ExportJobsTable>(db, 'export-job-by-id', (d) => d.selectFrom('export_jobs').selectAll().where('id', '=', ''), [id]);
  return row && toExportJob(row);
}

export async function countActiveExports(db: Kysely<Database>, orgId: string): Promise<number> {
  const row = await db
    .selectFrom('export_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves a job to running (from queued, or again from running after a crash). */
export async function markExportRunning(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('export_jobs')
    .set({ status: 'running', updated_at: at })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Records progress; both numbers only ever grow, whichever worker or attempt writes
 * them, so polling clients never see progress go back.
 */
export async function recordExportProgress(db: Kysely<Database>, id: string, progress: number, pageCount: number, at: string): Promise<void> {
  await db
    .updateTable('export_jobs')
    .set((eb) => ({
      progress: eb.case().when('progress', '<', progress).then(progress).else(eb.ref('progress')).end(),
      page_count: eb.case().when('page_count', '<', pageCount).then(pageCount).else(eb.ref('page_count')).end(),
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function completeExportJob(
  db: Kysely<Database>,
  id: string,
  bundle: { key: string; size: number; sha256: string; pageCount: number },
  at: string,
): Promise<boolean> {
  const res = await db
    .updateTable('export_jobs')
    .set({
      status: 'completed',
      progress: 100,
      page_count: bundle.pageCount,
      bundle_key: bundle.key,
      bundle_size: bundle.size,
      bundle_sha256: bundle.sha256,
      error: null,
      updated_at: at,
      completed_at: at,
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function failExportJob(db: Kysely<Database>, id: string, error: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('export_jobs')
    .set({ status: 'failed', error, updated_at: at, completed_at: at })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Export jobs by status, and when the oldest still queued was created (metrics). */
export async function exportJobStats(db: Kysely<Database>): Promise<{ byStatus: Record<string, number>; oldestQueuedAt: string | null }> {
  const rows = await db.selectFrom('export_jobs').select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')]).groupBy('status').execute();
  const byStatus: Record<string, number> = {};
  let oldestQueuedAt: string | null = null;
  for (const r of rows) {
    byStatus[r.status] = Number(r.n);
    if (r.status === 'queued') oldestQueuedAt = r.oldest;
  }
  return { byStatus, oldestQueuedAt };
}

/** Jobs still queued or running, oldest first (reconciliation). */
export async function listOpenExportJobs(db: Kysely<Database>, limit = 1000): Promise<ExportJobRecord[]> {
  const rows = await db.selectFrom('export_jobs').selectAll().where('status', 'in', ['queued', 'running']).orderBy('created_at').limit(limit).execute();
  return rows.map(toExportJob);
}

/** Finished jobs created before `before`, oldest first (retention). */
export async function listExpiredExportJobs(db: Kysely<Database>, before: string, limit = 100): Promise<ExportJobRecord[]> {
  const rows = await db
    .selectFrom('export_jobs')
    .selectAll()
    .where('created_at', '<', before)
    .where('status', 'in', ['completed', 'failed'])
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map(toExportJob);
}

export async function deleteExportJob(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('export_jobs').where('id', '=', id).execute();
}
