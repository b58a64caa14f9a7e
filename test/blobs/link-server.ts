/**
 * A minimal HTTP server that serves fs-driver links the way Quire's bundle route does
 * (check the link, 403 when refused, stream the blob), so the conformance suite can
 * download fs and s3 links alike with a plain HTTP client.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../src/blobs/types.js';

export interface LinkServer {
  url: string;
  stop(): Promise<void>;
}

export async function startLinkServer(getStore: () => BlobStore): Promise<LinkServer> {
  const server: Server = createServer((req, res) => {
    const store = getStore();
    const check = store.checkLink?.(req.url ?? '/');
    if (!check?.ok) {
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `Link ${check?.reason ?? 'invalid'}` }));
      return;
    }
    store
      .read(check.key)
      .then((body) => {
        res.writeHead(200, { 'content-type': 'application/gzip' });
        return pipeline(body, res);
      })
      .catch(() => res.writeHead(404).end()); // the blob is not there: the answer a real link server gives
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
