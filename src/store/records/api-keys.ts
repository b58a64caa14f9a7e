/** Records of admin API keys. Only the SHA-256 of a key is ever stored. */
import type { Kysely } from 'kysely';
import { runPrepared } from '../prepared.js';
import type { ApiKeysTable, Database } from '../schema.js';

export type Scope = 'read' | 'write';

export interface ApiKeyRecord {
  id: string;
  orgId: string;
  name: string | null;
  hash: string;
  prefix: string;
  scopes: Scope[];
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

function toApiKey(row: ApiKeysTable): ApiKeyRecord {
  return {
    id: row.id,
    orgId: row.org_id,
    name: row.name,
    hash: row.hash,
    prefix: row.prefix,
    scopes: JSON.parse(row.scopes) as Scope[],
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
  };
}

export async function insertApiKey(db: Kysely<Database>, k: ApiKeyRecord): Promise<ApiKeyRecord> {
  await db
    .insertInto('api_keys')
    .values({
      id: k.id,
      org_id: k.orgId,
      name: k.name,
      hash: k.hash,
      prefix: k.prefix,
      scopes: JSON.stringify(k.scopes),
      expires_at: k.expiresAt,
      revoked_at: k.revokedAt,
      last_used_at: k.lastUsedAt,
      created_at: k.createdAt,
    })
    .execute();
  return k;
}

/** Runs on every authenticated request, so it is compiled once (see prepared.ts). */
export async function findApiKeyByHash(db: Kysely<Database>, hash: string): Promise<ApiKeyRecord | undefined> {
  const [row] = await runPrepared<ApiKeysTable>(db, 'api-key-by-hash', (d) => d.selectFrom('api_keys').selectAll().where('hash', '=', ''), [hash]);
  return row && toApiKey(row);
}

export async function findApiKey(db: Kysely<Database>, id: string): Promise<ApiKeyRecord | undefined> {
  const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toApiKey(row);
}

export async function listApiKeys(db: Kysely<Database>, orgId?: string): Promise<ApiKeyRecord[]> {
  let q = db.selectFrom('api_keys').selectAll();
  if (orgId) q = q.where('org_id', '=', orgId);
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  return rows.map(toApiKey);
}

export async function revokeApiKey(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function touchApiKeys(db: Kysely<Database>, ids: string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', 'in', ids).execute();
}
