/** What the HTTP layer is given at start-up: the resolved config and the ports. */
import type { Logger } from 'pino';
import type { KeyUsageRecorder } from '../core/api-keys.js';
import type { QuireConfig } from '../config/schema.js';
import type { Store } from '../store/types.js';

export interface AppDeps {
  config: QuireConfig;
  store: Store;
  logger: Logger;
  usage: KeyUsageRecorder;
}
