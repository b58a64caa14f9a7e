/**
 * Agent jobs in scale-out mode: an API process with no workers (`serve --no-workers`)
 * and a separate worker process share PostgreSQL and the pg-boss queue. The API needs
 * the provider settings to accept a job (it checks the model, 503 without a provider);
 * the worker runs it to a pull request.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { createLogger } from '../../src/core/logger.js';
import { startService, type Service } from '../../src/service.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { pollUntil } from '../helpers/poll.js';
import { createOriginRepo, type OriginRepo } from './helpers/git-fixture.js';
import { startAnthropicServer } from './servers/anthropic-server.js';
import { startGitHubServer, type FakeGitHub } from './servers/github-server.js';
import type { FakeModelServer } from './servers/scripted-model.js';

let origin: OriginRepo;
let model: FakeModelServer;
let github: FakeGitHub;
let api: TestApi;
let worker: Service | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  origin = createOriginRepo();
  model = await startAnthropicServer([
    { toolCalls: [{ name: 'write_file', args: { path: 'docs/faq.mdx', content: '# FAQ\n' } }] },
    { text: 'Added a FAQ page.' },
  ]);
  github = await startGitHubServer();
  env = {
    QUIRE_AGENT_PROVIDER: 'anthropic',
    QUIRE_AGENT_BASE_URL: model.url,
    QUIRE_AGENT_MODELS: 'claude-test',
    QUIRE_AGENT_VALIDATION_ROUNDS: '0',
    QUIRE_FORGE: 'github',
    QUIRE_GITHUB_API_URL: github.url,
    QUIRE_GITHUB_TOKEN: 'ghp_scale',
  };
  api = await startTestApi({ dialect: 'postgres', repository: origin.url, env: { ...env, QUIRE_WORKERS: 'false' } });
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await github?.close();
  origin?.cleanup();
  await model?.close();
});

it('an API with no workers accepts the job, a worker process runs it', async () => {
  const created = await api.fetch(`/v2/agent/${api.project.id}/job`, { method: 'POST', json: { prompt: 'Add a FAQ page' } });
  expect(created.status).toBe(201);
  const job = (await created.json()) as { id: string; status: string };
  expect(job.status).toBe('active');
  // No worker yet: the job waits in the queue.
  await new Promise((r) => setTimeout(r, 500));
  expect(model.requests).toHaveLength(0);

  const config = loadConfig({
    env: { ...env, QUIRE_DATA_DIR: api.config.dataDir, QUIRE_DATABASE_URL: api.config.databaseUrl!, QUIRE_DATABASE_SCHEMA: api.config.databaseSchema, QUIRE_PORT: '0', QUIRE_BOOTSTRAP_DEMO: 'false' },
  });
  worker = await startService(config, { logger: createLogger('silent'), http: false });
  const done = await pollUntil(
    async () => (await (await api.fetch(`/v2/agent/${api.project.id}/job/${job.id}`)).json()) as { status: string; prLink: string | null },
    (j) => j.status !== 'active',
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  expect(done.status).toBe('completed');
  expect(done.prLink).toMatch(/^https?:\/\/.+\/pull\/\d+$/);
  expect(model.requests.length).toBe(2);
}, 120_000);
