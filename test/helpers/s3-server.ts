/**
 * A throwaway S3-compatible server for tests and benchmarks: `s3rver` (npm) on a free
 * loopback port, storing objects in its own temp folder, with one bucket created. Its
 * only account is `S3RVER`/`S3RVER`; it checks link expiry but not SigV4 signatures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface S3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

// s3rver ships no type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export async function startS3Server(bucket = 'quire-test'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'quire-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
