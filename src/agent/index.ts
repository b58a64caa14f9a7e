/** Public surface of the agent runtime. */
export { runAgentJob } from './run-job.js';
export { runAgent, DEFAULT_AGENT_LIMITS, type AgentLimits, type AgentRunResult, type RunAgentOptions } from './run-agent.js';
export { openWorkspace, agentBranchName, type Workspace, type GitAuthor } from './workspace.js';
export { createModelProvider } from './providers/create-provider.js';
export type * from './providers/types.js';
export { createForge } from './forges/create-forge.js';
export type * from './forges/types.js';
export type * from './types.js';
export { createStoreAgentJobRecords } from './store-records.js';
export { AGENT_QUEUE, createAgentJob, followUpAgentJob, archiveAgentJob, getAgentTranscript, enqueueAgentRun } from './agent-job-service.js';
export { recoverActiveAgentJobs, startAgentWorker } from './agent-worker.js';
