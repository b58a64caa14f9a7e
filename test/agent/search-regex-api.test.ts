/**
 * The agent's regex search through the API: the model asks `search_files` for `(a+)+$`
 * over a line of 34 `a` and `!` (minutes of backtracking for JavaScript's engine). The
 * search runs in linear time, `/healthz` keeps answering while the job runs, and the job
 * completes with the tool's answer handed back to the model.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createOriginRepo, type OriginRepo } from './helpers/git-fixture.js';
import { startOpenAiServer } from './servers/openai-server.js';
import type { FakeModelServer, ReceivedRequest } from './servers/scripted-model.js';
import { like } from '../helpers/like.js';

let origin: OriginRepo;
let model: FakeModelServer;
let api: TestApi;
const seen: ReceivedRequest[] = [];

beforeAll(async () => {
  origin = createOriginRepo();
  model = await startOpenAiServer([
    { toolCalls: [{ name: 'write_file', args: { path: 'docs/evil.mdx', content: `${'a'.repeat(34)}!\n` } }] },
    { toolCalls: [{ name: 'search_files', args: { query: '(a+)+$', regex: true } }, { name: 'search_files', args: { query: '(a)\\1', regex: true } }] },
    (req) => {
      seen.push(req);
      return { text: 'Searched.' };
    },
  ]);
  api = await startTestApi({
    repository: origin.url,
    env: { QUIRE_AGENT_PROVIDER: 'openai', QUIRE_AGENT_BASE_URL: `${model.url}/v1`, QUIRE_AGENT_API_KEY: 'sk-test', QUIRE_AGENT_MODELS: 'm', QUIRE_AGENT_VALIDATION_ROUNDS: '0', QUIRE_FORGE_PR_URL_TEMPLATE: 'https://git.example.com/{repo}/compare/{base}...{branch}' },
  });
});
afterAll(async () => {
  await api.close();
  await model.close();
  origin.cleanup();
});

it('runs a catastrophic pattern in linear time while the API keeps answering', async () => {
  const created = (await (await api.fetch(`/v2/agent/${api.project.id}/job`, { method: 'POST', json: { prompt: 'Find the a runs' } })).json()) as { id: string };
  const health: number[] = [];
  let job: { status: string } = { status: 'active' };
  for (let i = 0; i < 400 && job.status === 'active'; i++) {
    const h = await fetch(`${api.url}/healthz`, { signal: AbortSignal.timeout(5000) });
    health.push(h.status);
    job = (await (await api.fetch(`/v2/agent/${api.project.id}/job/${created.id}`)).json()) as { status: string };
    if (job.status === 'active') await new Promise((r) => setTimeout(r, 25));
  }
  const transcript = (await (await api.fetch(`/v2/agent/${api.project.id}/job/${created.id}/messages`)).json()) as { failureReason: string | null };
  expect(transcript.failureReason).toBeNull();
  expect(job.status).toBe('completed');
  expect(health.every((s) => s === 200)).toBe(true);
  expect(seen).toHaveLength(1);
  expect(seen[0].toolResults).toEqual([
    { content: 'No matches.', isError: false },
    { content: like.stringMatching(/^Error: invalid regular expression \(RE2 syntax: no backreferences or lookaround\): .*\\1/), isError: true },
  ]);
});
