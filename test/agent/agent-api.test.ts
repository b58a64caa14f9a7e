import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverActiveAgentJobs } from '../../src/agent/agent-worker.js';
import { agentSettingsFromConfig } from '../../src/features/agent-jobs.js';
import { insertAgentJobRecord } from '../../src/core/agent-jobs.js';
import { countAgentJobsSince } from '../../src/store/records/agent-jobs.js';
import { updateOrganizationFeatures } from '../../src/store/records/organizations.js';
import type { AgentJob, AgentTranscript } from '../../src/client/types.js';
import type { Queue } from '../../src/queue/types.js';
import { createLogger } from '../../src/core/logger.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createOriginRepo, type OriginRepo } from './helpers/git-fixture.js';
import { startGitHubServer, type FakeGitHub } from './servers/github-server.js';
import { startOpenAiServer } from './servers/openai-server.js';
import type { FakeModelServer, ScriptStep } from './servers/scripted-model.js';

const OLD = 'Run `npm install acme`.';

/** Starts the real API with the agent routes; the service runs the agent worker on its own queue, as `quire serve` does. */
async function startAgentApi(env: Record<string, string>, repository: string): Promise<TestApi & { queue: () => Queue }> {
  let queue: Queue | undefined;
  const api = await startTestApi({
    repository,
    env,
    onStoreReady: async (_store, deps) => {
      queue = deps.queue;
    },
  });
  return Object.assign(api, { queue: () => queue! });
}

async function settle(api: TestApi, path: string): Promise<AgentJob> {
  for (let i = 0; i < 400; i++) {
    const job = await (await api.fetch(path)).json() as AgentJob;
    if (job.status !== 'active') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${path} still active`);
}

describe('agent job API with a provider, GitHub and a real repository', () => {
  let origin: OriginRepo;
  let model: FakeModelServer;
  let github: FakeGitHub;
  let api: TestApi & { queue: () => Queue };
  const script: ScriptStep[] = [
    // job 1: edits and finishes
    { toolCalls: [{ name: 'replace_in_file', args: { path: 'docs/guides/install.mdx', oldText: OLD, newText: 'Run `npm install acme@2`.' } }] },
    { text: 'Bumped the install command.' },
    // job 1, follow-up
    (req) => {
      expect(req.lastUserText).toContain('Mention pnpm');
      return { toolCalls: [{ name: 'write_file', args: { path: 'docs/guides/pnpm.mdx', content: '# pnpm\n\n`pnpm add acme@2`\n' } }] };
    },
    { text: 'Added a pnpm page.' },
    // job 2: the provider keeps failing
    { fail: 500, times: 2 },
    // job 3 (recovered after a restart): nothing to change
    { text: 'Nothing to change.' },
  ];

  beforeAll(async () => {
    origin = createOriginRepo();
    model = await startOpenAiServer(script);
    github = await startGitHubServer();
    api = await startAgentApi(
      {
        QUIRE_AGENT_PROVIDER: 'openai',
        QUIRE_AGENT_BASE_URL: `${model.url}/v1`,
        QUIRE_AGENT_API_KEY: 'sk-api-test',
        QUIRE_AGENT_MODELS: 'small-model,large-model',
        QUIRE_AGENT_MAX_RETRIES: '1',
        QUIRE_AGENT_MAX_JOBS_PER_HOUR: '3',
        QUIRE_FORGE: 'github',
        QUIRE_GITHUB_API_URL: github.url,
        QUIRE_GITHUB_TOKEN: 'ghp_api_test',
      },
      origin.url,
    );
  });
  afterAll(async () => {
    await api?.close();
    await github?.close();
    origin?.cleanup();
    await model?.close();
  });

  const base = () => `/v2/agent/${api.project.id}/job`;
  let jobId = '';

  it('creates a job that runs to a pull request', async () => {
    const created = await api.fetch(base(), { method: 'POST', json: { prompt: 'Bump the install command to acme@2' } });
    expect(created.status).toBe(201);
    const job = await created.json() as AgentJob;
    jobId = job.id;
    expect(job).toMatchObject({ status: 'active', model: 'small-model', prLink: null, archivedAt: null, source: { repository: origin.url, ref: `quire/agent-${job.id}` } });
    expect(Object.keys(job).sort()).toEqual(['archivedAt', 'createdAt', 'id', 'model', 'prLink', 'source', 'status']);

    const done = await settle(api, `${base()}/${jobId}`);
    expect(done).toMatchObject({ status: 'completed', prLink: `${github.url}/acme/docs/pull/1` });
    expect(github.pulls[0]).toMatchObject({ head: `quire/agent-${jobId}`, base: 'main' });
    expect(origin.show(`quire/agent-${jobId}`, 'docs/guides/install.mdx')).toContain('acme@2');

    const transcript = await (await api.fetch(`${base()}/${jobId}/messages`)).json() as AgentTranscript;
    expect(transcript).toMatchObject({ jobId, status: 'completed', failureReason: null });
    expect(transcript.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'result']);
    expect(transcript.messages[0].content).toEqual({ turn: 1, text: 'Bump the install command to acme@2' });
    expect(JSON.stringify(transcript)).not.toMatch(/sk-api-test|ghp_api_test/);
  });

  it('follows up on the completed job: same branch, same pull request; 409 while active', async () => {
    const res = await api.fetch(`${base()}/${jobId}/message`, { method: 'POST', json: { prompt: 'Mention pnpm' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: jobId, status: 'active', prLink: null });
    const again = await api.fetch(`${base()}/${jobId}/message`, { method: 'POST', json: { prompt: 'And yarn' } });
    expect(again.status).toBe(409);
    const archiveActive = await api.fetch(`${base()}/${jobId}/archive`, { method: 'POST' });
    expect(archiveActive.status).toBe(409);
    expect((await archiveActive.json() as { error: string }).error).toMatch(/active/);

    const done = await settle(api, `${base()}/${jobId}`);
    expect(done).toMatchObject({ status: 'completed', prLink: `${github.url}/acme/docs/pull/1` });
    expect(github.pulls).toHaveLength(1);
    expect(github.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(origin.show(`quire/agent-${jobId}`, 'docs/guides/pnpm.mdx')).toContain('pnpm add acme@2');
    expect(origin.show(`quire/agent-${jobId}`, 'docs/guides/install.mdx')).toContain('acme@2');
  });

  it('archives a completed job; an archived job takes no follow-up', async () => {
    const res = await api.fetch(`${base()}/${jobId}/archive`, { method: 'POST' });
    expect(res.status).toBe(200);
    const archived = await res.json() as AgentJob;
    expect(archived.status).toBe('archived');
    expect(archived.archivedAt).not.toBeNull();
    expect(Date.parse(archived.archivedAt!)).toBeGreaterThan(Date.parse(archived.createdAt) - 1);
    const followUp = await api.fetch(`${base()}/${jobId}/message`, { method: 'POST', json: { prompt: 'Mention pnpm' } });
    expect(followUp.status).toBe(409);
    expect((await api.fetch(`${base()}/${jobId}/archive`, { method: 'POST' })).status).toBe(409);
  });

  it('fails a job whose provider keeps answering 500, with the reason in the transcript', async () => {
    const created = await (await api.fetch(base(), { method: 'POST', json: { prompt: 'Fix typos', model: 'large-model' } })).json() as AgentJob;
    expect(created.model).toBe('large-model');
    const done = await settle(api, `${base()}/${created.id}`);
    expect(done).toMatchObject({ status: 'failed', prLink: null });
    const transcript = await (await api.fetch(`${base()}/${created.id}/messages`)).json() as AgentTranscript;
    expect(transcript.failureReason).toMatch(/Model provider \(openai\) answered HTTP 500 after 2 attempts/);
    expect(transcript.messages.at(-1)).toMatchObject({ role: 'error' });
    expect((await api.fetch(`${base()}/${created.id}/message`, { method: 'POST', json: { prompt: 'retry' } })).status).toBe(409);
    const archived = await api.fetch(`${base()}/${created.id}/archive`, { method: 'POST' });
    expect((await archived.json() as AgentJob).status).toBe('archived');
  });

  it('resumes a job left active by a previous process', async () => {
    const job = await insertAgentJobRecord(api.store, { projectId: api.project.id, prompt: 'Check the docs', model: 'small-model' });
    const settings = agentSettingsFromConfig(api.config);
    await recoverActiveAgentJobs(api.store, api.queue(), settings, createLogger('silent'));
    const done = await settle(api, `${base()}/${job.id}`);
    expect(done).toMatchObject({ status: 'completed', prLink: null });
  });

  it('answers 429 with Retry-After past the hourly limit of the project', async () => {
    // Three jobs exist for this project within the hour (the limit is 3).
    const res = await api.fetch(base(), { method: 'POST', json: { prompt: 'One more' } });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await res.json() as { error: string }).error).toMatch(/limit of 3 agent jobs per hour/);
  });

  it('rejects bad requests: 400 prompt or model, 404 project or job', async () => {
    const post = (path: string, json: unknown, key?: string) => api.fetch(path, { method: 'POST', json, key });
    const empty = await post(base(), { prompt: '  ' });
    expect(empty.status).toBe(400);
    expect((await empty.json() as { error: string }).error).toMatch(/prompt/);
    expect((await post(base(), {})).status).toBe(400);
    const badModel = await post(base(), { prompt: 'x', model: 'gpt-9' });
    expect(badModel.status).toBe(400);
    expect((await badModel.json() as { error: string }).error).toBe('model "gpt-9" is not allowed; allowed models: small-model, large-model');
    const unknown = await post('/v2/agent/prj_missing/job', { prompt: 'x' });
    expect(unknown.status).toBe(404);
    const foreign = await post(`/v2/agent/${api.otherProject.id}/job`, { prompt: 'x' });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(await (await post('/v2/agent/prj_missing/job', { prompt: 'x' })).json());
    expect((await post(`${base()}/aj_missing/message`, { prompt: 'x' })).status).toBe(404);
    expect((await api.fetch(`${base()}/aj_missing/archive`, { method: 'POST' })).status).toBe(404);
    expect((await api.fetch(`${base()}/aj_missing/messages`)).status).toBe(404);
    expect((await api.fetch(`${base()}/${jobId}/messages`, { key: api.otherKey })).status).toBe(404);
  });
});

describe('agent job API without a model provider', () => {
  let origin: OriginRepo;
  let api: TestApi;
  beforeAll(async () => {
    origin = createOriginRepo();
    api = await startAgentApi({}, origin.url);
  });
  afterAll(async () => {
    await api?.close();
    origin?.cleanup();
  });

  it('answers 503 and creates no job', async () => {
    const res = await api.fetch(`/v2/agent/${api.project.id}/job`, { method: 'POST', json: { prompt: 'Do something' } });
    expect(res.status).toBe(503);
    expect((await res.json() as { error: string }).error).toMatch(/No model provider is configured/);
    expect(await countAgentJobsSince(api.store.db, api.project.id, '1970-01-01T00:00:00.000Z')).toBe(0);
  });

  it('answers 403 when the organization has the agent feature turned off', async () => {
    await updateOrganizationFeatures(api.store.db, api.orgId, ['static-export']);
    const res = await api.fetch(`/v2/agent/${api.project.id}/job`, { method: 'POST', json: { prompt: 'Do something' } });
    expect(res.status).toBe(403);
    expect((await res.json() as { error: string }).error).toMatch(/agent feature/);
  });
});
