/**
 * Which route modules and background parts `quire serve` starts, given the config.
 * Each job kind plugs in here as it lands.
 */
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
  return { modules: [] };
}
