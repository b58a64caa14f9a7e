/**
 * Agent jobs as a feature: the `/v2/agent` routes (read, create, follow up, archive,
 * transcript), which send runs to the process's queue, and the worker that runs them
 * (a no-op without a model provider).
 */
import { resolveAgentSettings, type AgentSettings } from '../agent/agent-settings.js';
import { startAgentWorker } from '../agent/agent-worker.js';
import { loadSiteValidator } from '../agent/load-site-validator.js';
import { registerAgentJobRoutes } from '../api/agent-jobs.js';
import type { QuireConfig } from '../config/schema.js';
import type { Feature } from './feature.js';

export function agentSettingsFromConfig(config: QuireConfig, workRoot?: string): AgentSettings {
  return resolveAgentSettings(config.agent, config.forge, config.git, workRoot);
}

export const agentJobsFeature: Feature = {
  name: 'agent-jobs',
  routes(app, deps) {
    registerAgentJobRoutes(app, { store: deps.store, queue: deps.queue, settings: agentSettingsFromConfig(deps.config).service });
  },
  async worker(deps) {
    await startAgentWorker({
      store: deps.store,
      queue: deps.queue,
      settings: agentSettingsFromConfig(deps.config),
      logger: deps.logger,
      concurrency: deps.config.workers.agentConcurrency,
      validateSite: await loadSiteValidator(),
    });
  },
};
