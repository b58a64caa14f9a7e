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
  /** The site's own `.js` files go into its exports (render/output/site-scripts.ts). */
  siteScripts: boolean;
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
    siteScripts: Number(row.site_scripts) === 1,
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
      site_scripts: p.siteScripts ? 1 : 0,
      created_at: p.createdAt,
    })
    .execute();
  return p;
}

/** Changes a project's export settings; the project as it is now, or undefined when it does not exist. */
export async function updateProjectSettings(db: Kysely<Database>, id: string, settings: { siteScripts: boolean }): Promise<Project | undefined> {
  await db.updateTable('projects').set({ site_scripts: settings.siteScripts ? 1 : 0 }).where('id', '=', id).execute();
  return findProject(db, id);
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
