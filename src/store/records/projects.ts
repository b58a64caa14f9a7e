/** Records of projects: a documentation domain backed by a repository. */
import type { Kysely } from 'kysely';
import type { Database, ProjectsTable } from '../schema.js';

export interface Project {
  id: string;
  orgId: string;
  /** Bare hostname of the published docs, e.g. `docs.example.com`. */
  domain: string;
  /** Git URL (https, ssh, file) or a local folder. */
  repository: string;
  defaultRef: string;
  /** Folder inside the repository that holds docs.json; `.` for the root. */
  docsPath: string;
  createdAt: string;
}

export function toProject(row: ProjectsTable): Project {
  return {
    id: row.id,
    orgId: row.org_id,
    domain: row.domain,
    repository: row.repository,
    defaultRef: row.default_ref,
    docsPath: row.docs_path,
    createdAt: row.created_at,
  };
}

export async function insertProject(db: Kysely<Database>, p: Project): Promise<Project> {
  await db
    .insertInto('projects')
    .values({
      id: p.id,
      org_id: p.orgId,
      domain: p.domain,
      repository: p.repository,
      default_ref: p.defaultRef,
      docs_path: p.docsPath,
      created_at: p.createdAt,
    })
    .execute();
  return p;
}

export async function findProject(db: Kysely<Database>, id: string): Promise<Project | undefined> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toProject(row);
}

export async function findProjectByDomain(db: Kysely<Database>, domain: string): Promise<Project | undefined> {
  const row = await db.selectFrom('projects').selectAll().where('domain', '=', domain).executeTakeFirst();
  return row && toProject(row);
}

export async function listProjects(db: Kysely<Database>, orgId?: string): Promise<Project[]> {
  let q = db.selectFrom('projects').selectAll();
  if (orgId) q = q.where('org_id', '=', orgId);
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  return rows.map(toProject);
}
