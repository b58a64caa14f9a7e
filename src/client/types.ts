/** The API's bodies as the client sees them (the contract of DESIGN.md). */
export interface AgentJob {
  id: string;
  status: 'active' | 'completed' | 'archived' | 'failed';
  source: { repository: string; ref: string };
  model: string;
  prLink: string | null;
  createdAt: string;
  archivedAt: string | null;
}

export interface AgentTranscript {
  jobId: string;
  status: AgentJob['status'];
  failureReason: string | null;
  messages: { seq: number; role: string; content: unknown; createdAt: string }[];
}

export interface ExportJob {
  jobId: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  progress: number;
  pageCount: number;
  createdAt: string;
  updatedAt: string;
  error: string | null;
}

export interface BundleLink {
  jobId: string;
  bundleUrl: string;
  sizeBytes: number;
  sha256: string;
  expiresAt: string;
}

export interface StartExportInput {
  domain: string;
  version?: string;
  paths?: string[];
}

export interface CreateAgentJobInput {
  prompt: string;
  ref?: string;
  model?: string;
}
