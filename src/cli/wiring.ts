/**
 * Which route modules and background parts `quire serve` starts, given the config.
 * Each job kind plugs in here as it lands.
 */
import { createAgentWiring } from '../agent/agent-wiring.js';
import type { RouteModule } from '../api/app.js';
import type { AppDeps } from '../api/deps.js';
import type { QuireConfig } from '../config/schema.js';
import type { Logger } from '../core/logger.js';
import type { QueueConfig } from '../queue/config.js';
import { openQueue } from '../queue/open-queue.js';
import type { Store } from '../store/types.js';

export interface ServiceWiring {
  modules: RouteModule[];
  onStoreReady?: (store: Store, deps: AppDeps) => Promise<{ close(): Promise<void> } | void>;
}

/** The queue driver for this config: pg-boss on PostgreSQL unless set, else local. */
export function queueConfigFor(config: QuireConfig): QueueConfig {
  const isPostgres = !!config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl);
  const driver = config.queue.driver ?? (isPostgres ? 'pg-boss' : 'local');
  if (driver === 'pg-boss') return { driver, connectionString: config.databaseUrl ?? '' };
  return { driver: 'local' };
}

export function serviceModules(config: QuireConfig, logger: Logger): ServiceWiring {
  const agent = createAgentWiring();
  return {
    modules: [agent.routes],
    // One queue per process, shared by every job kind; workers only when enabled.
    onStoreReady: async (store, deps) => {
      const queue = openQueue(queueConfigFor(config), store, logger);
      await queue.start();
      await agent.attach(store, deps, queue);
      return { close: () => queue.stop({ graceMs: config.shutdownGraceSeconds * 1000 }) };
    },
  };
}
