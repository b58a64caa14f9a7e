/**
 * Which extra route modules `quire serve` mounts, given the config: today the agent job
 * actions (create, follow-up, archive, transcript), which send runs to the process's
 * queue. Their worker runs with the other workers (src/workers.ts).
 */
import { agentRoutes } from '../agent/agent-wiring.js';
import type { RouteModule } from '../api/app.js';
import type { AppDeps } from '../api/deps.js';
import type { Store } from '../store/types.js';

export interface ServiceWiring {
  modules: RouteModule[];
  onStoreReady?: (store: Store, deps: AppDeps) => Promise<{ close(): Promise<void> } | void>;
}

export function serviceModules(): ServiceWiring {
  return { modules: [agentRoutes] };
}
