/** The API's view of an agent job record (toAgentJob). */
import { describe, expect, it } from 'vitest';
import { toAgentJob } from '../../src/core/agent-jobs.js';
import type { AgentJobRecord } from '../../src/store/records/agent-jobs.js';

const record: AgentJobRecord = {
  id: 'aj_0123456789abcdef',
  orgId: 'org_1',
  projectId: 'prj_1',
  status: 'completed',
  prompt: 'Fix the typo',
  repository: 'https://bot:s3cret@git.example.com/acme/docs.git',
  baseRef: 'v2',
  branch: 'quire/agent-aj_0123456789abcdef',
  model: 'small-model',
  prLink: 'https://git.example.com/acme/docs/pull/7',
  prNumber: 7,
  failureReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:05:00.000Z',
  archivedAt: null,
};

describe('toAgentJob', () => {
  it('names the branch the agent works on as source.ref, not the ref it started from, and no credentials', () => {
    expect(toAgentJob(record)).toEqual({
      id: 'aj_0123456789abcdef',
      status: 'completed',
      source: { repository: 'https://git.example.com/acme/docs.git', ref: 'quire/agent-aj_0123456789abcdef' },
      model: 'small-model',
      prLink: 'https://git.example.com/acme/docs/pull/7',
      createdAt: '2026-11-28T10:00:00.000Z',
      archivedAt: null,
    });
  });

  it('shows no pull request while the job is active', () => {
    expect(toAgentJob({ ...record, status: 'active' }).prLink).toBeNull();
  });
});
