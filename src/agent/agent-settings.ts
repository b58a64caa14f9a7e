/**
 * Turns the resolved `agent`, `forge` and `git` sections of Quire's configuration into
 * what the agent parts take: the API's settings, the provider and forge configs, and
 * the runtime config of a run.
 */
import type { ForgeConfig } from './forges/types.js';
import type { ProviderConfig } from './providers/types.js';
import type { AgentServiceSettings } from './agent-job-service.js';
import type { AgentRuntimeConfig } from './types.js';

/** The `agent` section as the config schema resolves it. */
export interface AgentConfigSection {
  provider?: 'openai' | 'anthropic';
  baseUrl?: string;
  apiKey?: string;
  models: string[];
  maxJobsPerProjectPerHour: number;
  maxSteps: number;
  maxTokens: number;
  maxOutputTokens: number;
  timeoutSeconds: number;
  validationRounds: number;
  maxRetries: number;
  requestTimeoutSeconds: number;
  authorName: string;
  authorEmail: string;
}

/** The `forge` section. */
export interface ForgeConfigSection {
  kind: 'github' | 'git';
  githubToken?: string;
  githubApiUrl?: string;
  prUrlTemplate?: string;
}

/** The `git` section (credentials for cloning and pushing). */
export interface GitConfigSection {
  token?: string;
  username?: string;
  sshKeyFile?: string;
}

export interface AgentSettings {
  service: AgentServiceSettings;
  /** Null when no provider is configured: the API answers 503 and no worker runs. */
  provider: ProviderConfig | null;
  forge: ForgeConfig;
  runtime: AgentRuntimeConfig;
}

export function resolveAgentSettings(agent: AgentConfigSection, forge: ForgeConfigSection, git: GitConfigSection, workRoot?: string): AgentSettings {
  const timeLimitMs = agent.timeoutSeconds * 1000;
  return {
    service: { provider: agent.provider ?? null, models: agent.models, maxJobsPerProjectPerHour: agent.maxJobsPerProjectPerHour, timeLimitMs },
    provider: agent.provider
      ? { protocol: agent.provider, baseURL: agent.baseUrl, apiKey: agent.apiKey, maxRetries: agent.maxRetries, requestTimeoutMs: agent.requestTimeoutSeconds * 1000 }
      : null,
    forge: { kind: forge.kind, githubToken: forge.githubToken, githubApiUrl: forge.githubApiUrl, prUrlTemplate: forge.prUrlTemplate },
    runtime: {
      limits: { maxSteps: agent.maxSteps, maxTokens: agent.maxTokens, maxOutputTokens: agent.maxOutputTokens, validationRounds: agent.validationRounds },
      timeLimitMs,
      author: { name: agent.authorName, email: agent.authorEmail },
      credentials: { token: git.token, username: git.username, sshKeyPath: git.sshKeyFile },
      workRoot,
    },
  };
}
