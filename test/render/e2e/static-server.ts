/**
 * A plain static file server on 127.0.0.1 (node:http + fs) for the exported site:
 * no rewrites, no redirects, 404.html for missing files — what a simple static host
 * does. Optionally serves the site under a sub-path to prove relative links work.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.wasm': 'application/wasm', '.xml': 'application/xml', '.txt': 'text/plain',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveStatic(dir: string, prefix = '/'): Promise<StaticServer> {
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const send = async (file: string, status: number) => {
      res.writeHead(status, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(await readFile(file));
    };
    if (!path.startsWith(prefix)) return send(join(dir, '404.html'), 404);
    let file = normalize(join(dir, path.slice(prefix.length)));
    if (!file.startsWith(dir + sep) && file !== dir) return send(join(dir, '404.html'), 404);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      await stat(file);
      await send(file, 200);
    } catch {
      await send(join(dir, '404.html'), 404); // no such file: the site's 404 page, as a static host answers
    }
  };
  // A failure to answer (no 404.html) ends the connection, which the browser test sees.
  const server: Server = createServer((req, res) => void answer(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
