/**
 * Test helpers for `quire host`: bundles packed from small in-memory sites, a bundle
 * server on 127.0.0.1 that hands them out through signed-looking links (and can answer
 * 403 as an expired link does), a logger whose JSON lines the test can read, and a
 * config with test-friendly defaults.
 */
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { createServer, request as send, type Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { resolveHostConfig, type HostConfig } from '../../src/host/config.js';
import { packBundle, type PackedBundle } from '../../src/render/bundle/pack.js';

export async function writeSite(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [path, body] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), body);
  }
}

/** Packs `files` as a site into `outFile`. */
export async function makeBundle(workDir: string, name: string, files: Record<string, string | Buffer>, version: string | null = null): Promise<PackedBundle & { file: string }> {
  const siteDir = join(workDir, `${name}-site`);
  await writeSite(siteDir, files);
  const file = join(workDir, `${name}.tar.gz`);
  const packed = await packBundle({ siteDir, outFile: file, jobId: `se_${name.padEnd(16, '0').slice(0, 16)}`, domain: 'docs.example.com', version, createdAt: '2026-11-01T10:00:00.000Z', engineVersion: 'test' });
  return { ...packed, file };
}

export interface BundleServer {
  /** A signed-looking link to the archive currently published under `name`. */
  link(name: string): string;
  publish(name: string, file: string): void;
  /** Every request from now on answers 403 `{error}`, as an expired link does. */
  expire(): void;
  /** The next `n` requests answer 503, as a struggling server does. */
  failNext(n: number): void;
  requests: number;
  close(): Promise<void>;
}

export async function startBundleServer(): Promise<BundleServer> {
  const files = new Map<string, string>();
  let expired = false;
  let failures = 0;
  const api: BundleServer = {
    requests: 0,
    link: (name) => `${base}/v1/static-export/bundles/${name}.tar.gz?expires=${Math.floor(Date.now() / 1000) + 3600}&signature=${'ab'.repeat(32)}`,
    publish: (name, file) => void files.set(name, file),
    expire: () => void (expired = true),
    failNext: (n) => void (failures = n),
    close: () => new Promise((r) => { server.close(() => r()); server.closeAllConnections(); }),
  };
  const server: Server = createServer((req, res) => {
    api.requests++;
    const name = /^\/v1\/static-export\/bundles\/([^/?]+)\.tar\.gz\?/.exec(req.url ?? '')?.[1];
    const file = name ? files.get(name) : undefined;
    if (failures > 0) {
      failures--;
      return void res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Try later' }));
    }
    if (expired) return void res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Link expired' }));
    if (!file) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
    void stat(file).then((st) => {
      res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': st.size });
      createReadStream(file).pipe(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

export interface CapturedLogger {
  logger: Logger;
  lines: { level: number; msg: string; [k: string]: unknown }[];
  messages(): string[];
}

export function captureLogger(): CapturedLogger {
  const lines: CapturedLogger['lines'] = [];
  const sink = new Writable({
    write(chunk: Buffer, _e, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as CapturedLogger['lines'][number]);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines, messages: () => lines.map((l) => `${l.msg} ${typeof l.reason === 'string' ? l.reason : ''}`) };
}

export function hostConfig(cacheDir: string, over: { bundleUrl?: string; version?: string | null; enabled?: boolean; raw?: Record<string, unknown> } = {}): HostConfig {
  return resolveHostConfig({
    staticExport: { enabled: over.enabled ?? true, bundleUrl: over.bundleUrl, version: over.version ?? null },
    port: 0,
    cacheDir,
    fetch: { retries: 1, backoffMs: 10, timeoutMs: 5000 },
    ...over.raw,
  }, cacheDir).config;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with node:http, the path sent exactly as given (no normalisation, no decompression, no redirects). */
export function request(baseUrl: string, path: string, opts: { method?: string; headers?: Record<string, string>; agent?: Agent } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const u = new URL(baseUrl);
    const req = send({ host: u.hostname, port: u.port, path, method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
