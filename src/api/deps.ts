/** What the HTTP layer and the workers are given at start-up: the resolved config and the ports. */
import type { Logger } from 'pino';
import type { BlobStore } from '../blobs/types.js';
import type { KeyUsageRecorder } from '../core/api-keys.js';
import type { QuireConfig } from '../config/schema.js';
import type { Queue } from '../queue/types.js';
import type { Store } from '../store/types.js';

export interface AppDeps {
  config: QuireConfig;
  store: Store;
  logger: Logger;
  usage: KeyUsageRecorder;
  queue: Queue;
  blobs: BlobStore;
}
