/**
 * Opens the queue and blob ports from the resolved configuration: the drivers are
 * picked once here (embedded: local queue + fs blobs; scale-out: pg-boss + s3).
 */
import { hostname } from 'node:os';
import { openBlobStore } from './blobs/open-blob-store.js';
import type { BlobStore, FsBlobConfig } from './blobs/types.js';
import type { QuireConfig } from './config/schema.js';
import { InvalidError } from './core/errors.js';
import type { Logger } from './core/logger.js';
import type { QueueConfig } from './queue/config.js';
import { openQueue } from './queue/open-queue.js';
import type { Queue } from './queue/types.js';
import { isPostgresUrl } from './store/open-store.js';
import type { Store } from './store/types.js';

export function queueConfigOf(config: QuireConfig): QueueConfig {
  const driver = config.queue.driver ?? (isPostgresUrl(config.databaseUrl) ? 'pg-boss' : 'local');
  const abandoned = config.queue.abandonedAfterSeconds;
  if (driver === 'pg-boss') {
    if (!isPostgresUrl(config.databaseUrl)) throw new InvalidError('queue.driver pg-boss needs QUIRE_DATABASE_URL to be a postgres:// URL');
    // A dead worker's job comes back after its heartbeat lapses plus one monitor round.
    return {
      driver,
      connectionString: config.databaseUrl,
      schema: config.databaseSchema === 'public' ? 'pgboss' : `${config.databaseSchema}_pgboss`,
      heartbeatSeconds: Math.max(10, Math.floor(abandoned / 2)),
      monitorIntervalSeconds: Math.max(5, Math.floor(abandoned / 4)),
    };
  }
  return { driver: 'local', instanceId: hostname(), leaseMs: Math.min(30_000, Math.floor((abandoned * 1000) / 2)) };
}

export function openQueueFor(config: QuireConfig, store: Store, logger: Logger): Queue {
  return openQueue(queueConfigOf(config), store, logger);
}

export function openBlobsFor(config: QuireConfig): BlobStore {
  if (config.blobs.driver === 's3') {
    const s3 = config.blobs.s3;
    if (!s3) throw new InvalidError('blobs.driver s3 needs QUIRE_S3_BUCKET (and usually QUIRE_S3_ENDPOINT, credentials)');
    return openBlobStore(
      {
        driver: 's3',
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        publicEndpoint: s3.publicEndpoint,
        forcePathStyle: s3.forcePathStyle,
        credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
        prefix: s3.prefix,
      },
      { dataDir: config.dataDir },
    );
  }
  // A getter: with port 0 the public URL is only known once the server listens.
  const fs: FsBlobConfig = {
    driver: 'fs',
    signingSecret: config.signingSecret,
    get publicUrl() {
      return config.publicUrl;
    },
  };
  return openBlobStore(fs, { dataDir: config.dataDir });
}
