/**
 * What the agent job runner needs from the rest of Quire: the job's records (the store
 * implements this), the runtime configuration, and the ports it drives.
 */
import type { Forge } from './forges/types.js';
import type { GitCredentials } from '../git/git-runner.js';
import type { ModelProvider } from './providers/types.js';
import type { AgentLimits } from './run-agent.js';
import type { SiteValidator } from './site-check.js';
import type { StoredMessage, TranscriptEntry } from './transcript.js';
import type { GitAuthor } from './workspace.js';

export type AgentJobStatus = 'active' | 'completed' | 'archived' | 'failed';

/** The job as the runner reads it. */
export interface AgentJobSnapshot {
  id: string;
  status: AgentJobStatus;
  /** The first prompt (later prompts are in the transcript). */
  prompt: string;
  repository: string;
  /** Ref the branch starts from and the pull request targets. */
  baseRef: string;
  /** The job's branch, `quire/agent-<jobId>`. */
  branch: string;
  model: string;
  prLink: string | null;
  /** Folder of the repository holding docs.json ('' for the root), from the project. */
  docsPath: string;
}

export interface AgentJobUpdate {
  status?: AgentJobStatus;
  prLink?: string | null;
  prNumber?: number | null;
  failureReason?: string | null;
}

export interface AgentJobRecords {
  get(id: string): Promise<AgentJobSnapshot | undefined>;
  /** Applies the patch only while the job is in one of `fromStatus`; false when it was not. */
  update(id: string, patch: AgentJobUpdate, fromStatus?: AgentJobStatus[]): Promise<boolean>;
  appendMessages(id: string, messages: TranscriptEntry[]): Promise<void>;
  listMessages(id: string): Promise<StoredMessage[]>;
}

export interface AgentRuntimeConfig {
  limits: AgentLimits;
  /** Wall-clock time of one job run. @default 900000 (15 minutes) */
  timeLimitMs: number;
  /** Author (and committer) of the agent's commits. */
  author: GitAuthor;
  credentials?: GitCredentials;
  /** Where workspaces are made. @default os.tmpdir() */
  workRoot?: string;
}

export interface AgentJobDeps {
  records: AgentJobRecords;
  provider: ModelProvider;
  forge: Forge;
  config: AgentRuntimeConfig;
  /** The export engine's site validation; without it the validation rounds are skipped. */
  validateSite?: SiteValidator | null;
  /** Aborts when the worker stops or the run is taken away: the queue retries the run; the job is not failed. */
  signal?: AbortSignal;
}

/** The queue payload of one agent run. */
export interface AgentJobInput {
  jobId: string;
  /** Which prompt this run answers (1 for the job's prompt, 2 for the first follow-up...). */
  turn?: number;
}

export type AgentJobOutcome =
  | { status: 'completed'; prLink: string | null; changedFiles: string[] }
  | { status: 'failed'; reason: string }
  | { status: 'skipped'; reason: string };
