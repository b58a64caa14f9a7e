/**
 * Which extra route modules and background parts `quire serve` starts, given the
 * config: today the agent jobs (their routes, and their worker when this process runs
 * workers). They share the process's one queue from the service's ports.
 */
import { createAgentWiring } from '../agent/agent-wiring.js';
import type { RouteModule } from '../api/app.js';
import type { AppDeps } from '../api/deps.js';
import type { QuireConfig } from '../config/schema.js';
import type { Logger } from '../core/logger.js';
import type { Store } from '../store/types.js';

export interface ServiceWiring {
  modules: RouteModule[];
  onStoreReady?: (store: Store, deps: AppDeps) => Promise<{ close(): Promise<void> } | void>;
}

export function serviceModules(_config: QuireConfig, _logger: Logger): ServiceWiring {
  const agent = createAgentWiring();
  return {
    modules: [agent.routes],
    onStoreReady: async (store, deps) => {
      await agent.attach(store, deps, deps.queue);
    },
  };
}
