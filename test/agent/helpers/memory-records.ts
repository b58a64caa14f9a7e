/**
 * An in-memory implementation of the runner's `AgentJobRecords` port, for the runtime
 * tests that do not need the database (the API tests use the real store).
 */
import type { AgentJobRecords, AgentJobSnapshot, AgentJobUpdate } from '../../../src/agent/types.js';
import type { StoredMessage, TranscriptEntry } from '../../../src/agent/transcript.js';

export interface MemoryRecords extends AgentJobRecords {
  jobs: Map<string, AgentJobSnapshot & { prNumber?: number | null; failureReason?: string | null }>;
  messages: Map<string, StoredMessage[]>;
  /** Adds a follow-up prompt and reactivates the job, as the API does. */
  followUp(id: string, prompt: string): number;
}

export function createMemoryRecords(jobs: AgentJobSnapshot[]): MemoryRecords {
  const store: MemoryRecords['jobs'] = new Map(jobs.map((j) => [j.id, { ...j }]));
  const messages = new Map<string, StoredMessage[]>();
  return {
    jobs: store,
    messages,
    async get(id) {
      const job = store.get(id);
      return job && { ...job };
    },
    async update(id, patch: AgentJobUpdate, fromStatus) {
      const job = store.get(id);
      if (!job || (fromStatus && !fromStatus.includes(job.status))) return false;
      Object.assign(job, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
      return true;
    },
    async appendMessages(id, entries: TranscriptEntry[]) {
      messages.set(id, [...(messages.get(id) ?? []), ...structuredClone(entries)]);
    },
    async listMessages(id) {
      return structuredClone(messages.get(id) ?? []);
    },
    followUp(id, prompt) {
      const list = messages.get(id) ?? [];
      const turn = list.filter((m) => m.role === 'user').length + 1;
      list.push({ role: 'user', content: { turn, text: prompt } });
      messages.set(id, list);
      store.get(id)!.status = 'active';
      return turn;
    },
  };
}
