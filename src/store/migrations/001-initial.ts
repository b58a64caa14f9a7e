/**
 * The first schema: organizations, projects, API keys, agent jobs with their
 * transcript, export jobs, and the embedded queue's table. Written with Kysely's
 * schema builder using types both SQLite and PostgreSQL accept.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('repository', 'text', (c) => c.notNull())
    .addColumn('default_ref', 'text', (c) => c.notNull())
    .addColumn('docs_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_org').on('projects').column('org_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text')
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('agent_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('repository', 'text', (c) => c.notNull())
    .addColumn('base_ref', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('pr_link', 'text')
    .addColumn('pr_number', 'integer')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .execute();
  await db.schema.createIndex('agent_jobs_project_created').on('agent_jobs').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('agent_messages')
    .addColumn('job_id', 'text', (c) => c.notNull().references('agent_jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_messages_pk', ['job_id', 'seq'])
    .execute();

  await db.schema
    .createTable('export_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('version', 'text')
    .addColumn('paths', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('bundle_key', 'text')
    .addColumn('bundle_size', 'bigint')
    .addColumn('bundle_sha256', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('export_jobs_org_status').on('export_jobs').columns(['org_id', 'status']).execute();
  await db.schema.createIndex('export_jobs_created').on('export_jobs').column('created_at').execute();

  await db.schema
    .createTable('queue_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('singleton_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('queue_jobs_fetch').on('queue_jobs').columns(['queue', 'state', 'run_after']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['queue_jobs', 'export_jobs', 'agent_messages', 'agent_jobs', 'api_keys', 'projects', 'organizations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
