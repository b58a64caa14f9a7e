/** Records of organizations and their plan features. */
import type { Kysely } from 'kysely';
import type { Database, OrganizationsTable } from '../schema.js';

export type Feature = 'static-export' | 'agent';
export const ALL_FEATURES: readonly Feature[] = ['static-export', 'agent'];

export interface Organization {
  id: string;
  name: string;
  features: Feature[];
  createdAt: string;
}

function toOrganization(row: OrganizationsTable): Organization {
  return { id: row.id, name: row.name, features: JSON.parse(row.features) as Feature[], createdAt: row.created_at };
}

export async function insertOrganization(db: Kysely<Database>, org: Organization): Promise<Organization> {
  await db
    .insertInto('organizations')
    .values({ id: org.id, name: org.name, features: JSON.stringify(org.features), created_at: org.createdAt })
    .execute();
  return org;
}

export async function findOrganization(db: Kysely<Database>, id: string): Promise<Organization | undefined> {
  const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toOrganization(row);
}

export async function listOrganizations(db: Kysely<Database>): Promise<Organization[]> {
  const rows = await db.selectFrom('organizations').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toOrganization);
}

export async function updateOrganizationFeatures(db: Kysely<Database>, id: string, features: Feature[]): Promise<boolean> {
  const res = await db.updateTable('organizations').set({ features: JSON.stringify(features) }).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
