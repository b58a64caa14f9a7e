/**
 * Plugs agent jobs into the service: the action routes (create, follow-up, archive,
 * transcript) on the process's queue, and the agent worker module that `quire serve`
 * (embedded mode) and `quire worker` (scale-out) run with their other workers.
 */
import type { RouteModule } from '../api/app.js';
import type { AppDeps } from '../api/deps.js';
import { agentJobActionRoutes } from '../api/agent-jobs.js';
import { resolveAgentSettings, type AgentSettings } from './agent-settings.js';
import { startAgentWorker } from './agent-worker.js';
import { loadSiteValidator } from './load-site-validator.js';

export function agentSettingsFromConfig(config: AppDeps['config'], workRoot?: string): AgentSettings {
  return resolveAgentSettings(config.agent, config.forge, config.git, workRoot);
}

/** The agent job action routes; they send runs to `deps.queue`. */
export const agentRoutes: RouteModule = (app, deps) => {
  const service = { store: deps.store, queue: deps.queue, settings: agentSettingsFromConfig(deps.config).service };
  agentJobActionRoutes(() => service)(app);
};

/** Runs agent jobs from the queue in this process (a no-op without a model provider). */
export const agentWorker = async (deps: AppDeps): Promise<void> => {
  await startAgentWorker({
    store: deps.store,
    queue: deps.queue,
    settings: agentSettingsFromConfig(deps.config),
    logger: deps.logger,
    concurrency: deps.config.workers.agentConcurrency,
    validateSite: await loadSiteValidator(),
  });
};
