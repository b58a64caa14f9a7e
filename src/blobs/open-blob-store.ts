/**
 * Picks the blob driver once at start-up: `fs` (a folder in the data directory, links
 * served and signed by Quire) for embedded mode, `s3` (a bucket, SigV4 links) for
 * scale-out mode.
 */
import { join } from 'node:path';
import { FsBlobStore } from './drivers/fs.js';
import { S3BlobStore } from './drivers/s3.js';
import { loadOrCreateSigningSecret, parseSigningSecret } from './sign-link.js';
import type { BlobConfig, BlobStore } from './types.js';

export interface OpenBlobStoreContext {
  /** QUIRE_DATA_DIR: default folder of fs blobs and of the generated signing secret. */
  dataDir: string;
}

export function openBlobStore(config: BlobConfig, context: OpenBlobStoreContext): BlobStore {
  if (config.driver === 's3') {
    const { driver: _driver, ...options } = config;
    return new S3BlobStore(options);
  }
  const secret = config.signingSecret === undefined ? loadOrCreateSigningSecret(context.dataDir) : parseSigningSecret(config.signingSecret);
  // publicUrl is read at each link: a server listening on port 0 learns its own only then.
  return new FsBlobStore({
    dir: config.dir ?? join(context.dataDir, 'bundles'),
    get publicUrl() {
      return config.publicUrl;
    },
    secret,
  });
}
