/**
 * The runner's `AgentJobRecords` port over Quire's records store (SQLite or
 * PostgreSQL through Kysely): jobs with their project's docs folder, compare-and-set
 * updates, and the transcript in `agent_messages`.
 */
import { nowIso } from '../core/ids.js';
import {
  appendAgentMessages,
  findAgentJob,
  listAgentMessages,
  updateAgentJob,
} from '../store/records/agent-jobs.js';
import { findProject } from '../store/records/projects.js';
import type { Store } from '../store/types.js';
import type { AgentJobRecords } from './types.js';

export function createStoreAgentJobRecords(store: Store): AgentJobRecords {
  return {
    async get(id) {
      const job = await findAgentJob(store.db, id);
      if (!job) return undefined;
      const project = await findProject(store.db, job.projectId);
      return {
        id: job.id,
        status: job.status,
        prompt: job.prompt,
        repository: job.repository,
        baseRef: job.baseRef,
        branch: job.branch,
        model: job.model,
        prLink: job.prLink,
        docsPath: project?.docsPath ?? '',
      };
    },
    async update(id, patch, fromStatus) {
      return (await updateAgentJob(store.db, id, patch, nowIso(), fromStatus)) !== undefined;
    },
    async appendMessages(id, messages) {
      await appendAgentMessages(store.db, id, messages, nowIso());
    },
    async listMessages(id) {
      return (await listAgentMessages(store.db, id)).map((m) => ({ role: m.role, content: m.content }));
    },
  };
}
