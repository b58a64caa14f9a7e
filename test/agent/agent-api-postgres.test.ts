import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentJob, AgentTranscript } from '../../src/client/types.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createOriginRepo, type OriginRepo } from './helpers/git-fixture.js';
import { startGitHubServer, type FakeGitHub } from './servers/github-server.js';
import { startAnthropicServer } from './servers/anthropic-server.js';
import type { FakeModelServer } from './servers/scripted-model.js';

describe('agent jobs on PostgreSQL records and the pg-boss queue', () => {
  let origin: OriginRepo;
  let model: FakeModelServer;
  let github: FakeGitHub;
  let api: TestApi;

  beforeAll(async () => {
    origin = createOriginRepo();
    model = await startAnthropicServer([
      { toolCalls: [{ name: 'write_file', args: { path: 'docs/faq.mdx', content: '# FAQ\n' } }] },
      { text: 'Added a FAQ page.' },
    ]);
    github = await startGitHubServer();
    api = await startTestApi({
      dialect: 'postgres',
      repository: origin.url,
      env: {
        QUIRE_AGENT_PROVIDER: 'anthropic',
        QUIRE_AGENT_BASE_URL: model.url,
        QUIRE_AGENT_MODELS: 'claude-test',
        QUIRE_AGENT_VALIDATION_ROUNDS: '0',
        QUIRE_FORGE: 'github',
        QUIRE_GITHUB_API_URL: github.url,
        QUIRE_GITHUB_TOKEN: 'ghp_pg',
      },
    });
  });
  afterAll(async () => {
    await api?.close();
    await github?.close();
    origin?.cleanup();
    await model?.close();
  });

  it('runs a job to a pull request and keeps its transcript', async () => {
    expect(api.service.deps.queue.driver).toBe('pg-boss');
    const base = `/v2/agent/${api.project.id}/job`;
    const created = await api.fetch(base, { method: 'POST', json: { prompt: 'Add a FAQ' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    let job: AgentJob | undefined;
    for (let i = 0; i < 600; i++) {
      job = (await (await api.fetch(`${base}/${id}`)).json()) as AgentJob;
      if (job.status !== 'active') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job).toMatchObject({ status: 'completed', model: 'claude-test', prLink: `${github.url}/acme/docs/pull/1` });
    expect(origin.show(`quire/agent-${id}`, 'docs/faq.mdx')).toBe('# FAQ\n');
    const transcript = (await (await api.fetch(`${base}/${id}/messages`)).json()) as AgentTranscript;
    expect(transcript.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'result']);
  });
});
