/**
 * Wires one agent job for a runtime test: a real origin repository, a fake model server
 * of the chosen protocol playing the script, the fake GitHub (or the plain git forge),
 * in-memory job records, and the real providers, forges, workspace and loop.
 */
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createForge } from '../../../src/agent/forges/create-forge.js';
import { createModelProvider } from '../../../src/agent/providers/create-provider.js';
import type { ProviderProtocol } from '../../../src/agent/providers/types.js';
import { DEFAULT_AGENT_LIMITS, type AgentLimits } from '../../../src/agent/run-agent.js';
import { runAgentJob } from '../../../src/agent/run-job.js';
import type { SiteValidator } from '../../../src/agent/site-check.js';
import type { AgentJobDeps, AgentJobOutcome } from '../../../src/agent/types.js';
import { agentBranchName } from '../../../src/agent/workspace.js';
import { startAnthropicServer } from '../servers/anthropic-server.js';
import { startGitHubServer, type FakeGitHub } from '../servers/github-server.js';
import type { FakeModelServer, ScriptStep } from '../servers/scripted-model.js';
import { startOpenAiServer } from '../servers/openai-server.js';
import { createOriginRepo, type OriginRepo } from './git-fixture.js';
import { createMemoryRecords, type MemoryRecords } from './memory-records.js';

export interface HarnessOptions {
  protocol?: ProviderProtocol;
  script: ScriptStep[];
  /** `git-push-only`: the plain git forge with no URL template (the default settings). */
  forge?: 'github' | 'git' | 'git-push-only';
  limits?: Partial<AgentLimits>;
  timeLimitMs?: number;
  validateSite?: SiteValidator | null;
  maxRetries?: number;
}

export interface Harness {
  jobId: string;
  branch: string;
  origin: OriginRepo;
  model: FakeModelServer<MessageCreateParamsNonStreaming | ChatCompletionCreateParamsNonStreaming>;
  github: FakeGitHub;
  records: MemoryRecords;
  deps: AgentJobDeps;
  /** Where workspaces are made: `../../` from one lands inside the fixture folder. */
  workRoot: string;
  run(turn?: number): Promise<AgentJobOutcome>;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const protocol = options.protocol ?? 'openai';
  const origin = createOriginRepo();
  const model = protocol === 'openai' ? await startOpenAiServer(options.script) : await startAnthropicServer(options.script);
  const github = await startGitHubServer();
  const jobId = 'job1';
  const branch = agentBranchName(jobId);
  const workRoot = path.join(origin.dir, 'workspaces', 'inner');
  mkdirSync(workRoot, { recursive: true });
  const records = createMemoryRecords([
    { id: jobId, status: 'active', prompt: 'Update the install command to acme@2', repository: origin.url, baseRef: 'main', branch, model: 'test-model', prLink: null, docsPath: 'docs' },
  ]);
  const deps: AgentJobDeps = {
    records,
    provider: await createModelProvider({
      protocol,
      baseURL: protocol === 'openai' ? `${model.url}/v1` : model.url,
      apiKey: 'sk-test-secret',
      maxRetries: options.maxRetries ?? 2,
    }),
    forge: await createForge(
      options.forge === 'git'
        ? { kind: 'git', prUrlTemplate: 'https://git.example.com/{repo}/compare/{base}...{branch}' }
        : options.forge === 'git-push-only'
          ? { kind: 'git' }
          : { kind: 'github', githubApiUrl: github.url, githubToken: 'ghp_testtoken' },
    ),
    config: {
      limits: { ...DEFAULT_AGENT_LIMITS, ...options.limits },
      timeLimitMs: options.timeLimitMs ?? 60_000,
      author: { name: 'Quire Agent', email: 'agent@quire.test' },
      workRoot,
    },
    validateSite: options.validateSite ?? null,
  };
  return {
    jobId,
    branch,
    origin,
    model,
    github,
    records,
    deps,
    workRoot,
    run: (turn) => runAgentJob({ jobId, turn }, deps),
    async close() {
      await github.close();
      origin.cleanup();
      await model.close(); // rethrows a failed expectation of the script
    },
  };
}
