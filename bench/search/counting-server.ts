/**
 * The static server of bench:search: serves an export folder on 127.0.0.1 as a host
 * would (text types gzip-compressed when the browser accepts it, each file compressed
 * once) and counts the bytes of response bodies it sends, so the bench reads what one
 * query cost the browser over the wire.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json',
  '.css': 'text/css', '.wasm': 'application/wasm',
};
const TEXT = new Set(['.html', '.js', '.json', '.css']);

export interface CountingServer {
  url: string;
  bytes(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function serveCounting(dir: string): Promise<CountingServer> {
  let sent = 0;
  const zipped = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    void (async () => {
      const file = normalize(join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
      if (!file.startsWith(dir + sep)) return res.writeHead(404).end();
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch {
        // a missing file is a 404, as any static host answers
        return res.writeHead(404).end();
      }
      const ext = extname(file);
      const headers: Record<string, string> = { 'content-type': TYPES[ext] ?? 'application/octet-stream' };
      if (TEXT.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        let z = zipped.get(file);
        if (!z) zipped.set(file, (z = gzipSync(body, { level: 9 })));
        body = z;
        headers['content-encoding'] = 'gzip';
      }
      sent += body.length;
      res.writeHead(200, headers).end(body);
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    bytes: () => sent,
    reset: () => (sent = 0),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
