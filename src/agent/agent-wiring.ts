/**
 * Plugs agent jobs into `quire serve`: the action routes (create, follow-up, archive,
 * transcript) and, when this process runs workers, the agent worker with its start-up
 * recovery. Settings are read from the resolved config the service is given.
 */
import type { RouteModule } from '../api/app.js';
import type { AppDeps } from '../api/deps.js';
import { agentJobActionRoutes } from '../api/agent-jobs.js';
import type { Queue } from '../queue/types.js';
import type { Store } from '../store/types.js';
import type { AgentServiceDeps } from './agent-job-service.js';
import { resolveAgentSettings, type AgentSettings } from './agent-settings.js';
import { startAgentWorker } from './agent-worker.js';
import { loadSiteValidator } from './load-site-validator.js';
import type { SiteValidator } from './site-check.js';

export interface AgentWiringOptions {
  /** Overrides the export engine's validator (tests); default: found at run time. */
  validateSite?: SiteValidator | null;
  /** Folder for workspaces. @default os.tmpdir() */
  workRoot?: string;
}

export interface AgentWiring {
  routes: RouteModule;
  /** Call once the store and queue are open, before the routes are built. */
  attach(store: Store, deps: AppDeps, queue: Queue): Promise<void>;
}

export function agentSettingsFromConfig(config: AppDeps['config'], workRoot?: string): AgentSettings {
  return resolveAgentSettings(config.agent, config.forge, config.git, workRoot);
}

export function createAgentWiring(options: AgentWiringOptions = {}): AgentWiring {
  let service: AgentServiceDeps | undefined;
  return {
    routes: (app) =>
      agentJobActionRoutes(() => {
        if (!service) throw new Error('agent wiring used before attach()');
        return service;
      })(app),
    async attach(store, deps, queue) {
      const settings = agentSettingsFromConfig(deps.config, options.workRoot);
      service = { store, queue, settings: settings.service };
      if (!deps.config.workers.enabled) return;
      const validateSite = options.validateSite !== undefined ? options.validateSite : await loadSiteValidator();
      await startAgentWorker({ store, queue, settings, logger: deps.logger, concurrency: deps.config.workers.agentConcurrency, validateSite });
    },
  };
}
