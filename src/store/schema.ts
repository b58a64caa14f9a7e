/**
 * The tables of Quire's records as Kysely sees them. One schema for both dialects:
 * times are ISO 8601 UTC strings, flags are integers, lists and objects are JSON text,
 * so every query reads the same on SQLite and PostgreSQL.
 */
import type { Generated } from 'kysely';

export interface OrganizationsTable {
  id: string;
  name: string;
  /** JSON array of plan features, e.g. `["static-export","agent"]`. */
  features: string;
  created_at: string;
}

export interface ProjectsTable {
  id: string;
  org_id: string;
  domain: string;
  repository: string;
  default_ref: string;
  docs_path: string;
  /** 1: the site's own .js files go into exports. */
  site_scripts: number;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  org_id: string;
  name: string | null;
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  hash: string;
  /** First characters of the key, for people to recognise it in listings. */
  prefix: string;
  /** JSON array: `["read","write"]`. */
  scopes: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export interface AgentJobsTable {
  id: string;
  org_id: string;
  project_id: string;
  status: 'active' | 'completed' | 'archived' | 'failed';
  prompt: string;
  repository: string;
  /** The ref the job started from. */
  base_ref: string;
  /** The branch the agent works on. */
  branch: string;
  model: string;
  pr_link: string | null;
  pr_number: number | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

export interface AgentMessagesTable {
  job_id: string;
  seq: number;
  /** `user`, `assistant`, `tool`, `system`, `error`. */
  role: string;
  /** JSON: the message as the transcript shows it. */
  content: string;
  created_at: string;
}

export interface ExportJobsTable {
  id: string;
  org_id: string;
  project_id: string;
  domain: string;
  version: string | null;
  /** JSON array of page paths, or null for the whole site. */
  paths: string | null;
  status: 'queued' | 'running' | 'completed' | 'failed';
  progress: number;
  page_count: number;
  error: string | null;
  bundle_key: string | null;
  bundle_size: number | null;
  bundle_sha256: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** Jobs of the embedded queue driver (the pg-boss driver keeps its own tables). */
export interface QueueJobsTable {
  id: string;
  queue: string;
  /** JSON payload. */
  payload: string;
  state: 'queued' | 'active' | 'completed' | 'failed';
  attempts: number;
  max_attempts: number;
  /** Earliest time the job may (re)start: backoff and delayed jobs. */
  run_after: string;
  locked_by: string | null;
  /** A lease: past this time an active job counts as abandoned and is taken again. */
  locked_until: string | null;
  last_error: string | null;
  singleton_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  organizations: OrganizationsTable;
  projects: ProjectsTable;
  api_keys: ApiKeysTable;
  agent_jobs: AgentJobsTable;
  agent_messages: AgentMessagesTable;
  export_jobs: ExportJobsTable;
  queue_jobs: QueueJobsTable;
}

// Kept for drivers that need generated columns later without changing call sites.
export type { Generated };
