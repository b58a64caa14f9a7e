import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ForbiddenError, InvalidError, UnavailableError } from '../../src/core/errors.js';
import { fetchBundle, redactBundleUrl } from '../../src/host/fetch-bundle.js';
import { captureLogger } from './helpers.js';

let dir: string;
let server: Server | null = null;
let hits = 0;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-fetch-'));
  hits = 0;
});
afterEach(async () => {
  if (server) await new Promise<void>((r) => { server!.close(() => r()); server!.closeAllConnections(); });
  server = null;
  await rm(dir, { recursive: true, force: true });
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer((req, res) => {
    hits++;
    handler!(req, res);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/bundle.tar.gz?expires=1&signature=secret`;
}

const opts = (over: Partial<Parameters<typeof fetchBundle>[2]> = {}) => ({ timeoutMs: 2000, retries: 2, backoffMs: 10, maxBytes: 1024 * 1024, logger: captureLogger().logger, ...over });

describe('fetchBundle', () => {
  it('streams the archive to disk and returns its sha256 and size', async () => {
    const url = await serve((_req, res) => res.end('archive bytes'));
    const out = join(dir, 'b.tar.gz');
    const fetched = await fetchBundle(url, out, opts());
    expect(fetched).toEqual({ sizeBytes: 13, sha256: createHash('sha256').update('archive bytes').digest('hex') });
    expect(await readFile(out, 'utf8')).toBe('archive bytes');
  });

  it('gives up on a stalled body after the timeout, retrying first', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial'); // then silence
    });
    const log = captureLogger();
    const err = await fetchBundle(url, join(dir, 'b.tar.gz'), opts({ timeoutMs: 300, retries: 1, logger: log.logger })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect((err as Error).message).toBe('bundle download timed out (no data for 300 ms)');
    expect(hits).toBe(2);
    expect(log.lines.filter((l) => l.msg === 'bundle download failed, retrying')).toHaveLength(1);
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops a download in progress when aborted (the host shutting down)', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial');
    });
    const stop = new AbortController();
    const pending = fetchBundle(url, join(dir, 'b.tar.gz'), opts({ timeoutMs: 60_000, retries: 5, signal: stop.signal }));
    while (hits === 0) await new Promise((r) => setTimeout(r, 10));
    stop.abort();
    await expect(pending).rejects.toThrow('bundle download stopped: the host is shutting down');
    expect(hits).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not retry a 403 and names the error of the answer', async () => {
    const url = await serve((_req, res) => res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"Link expired"}'));
    const err = await fetchBundle(url, join(dir, 'b.tar.gz'), opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForbiddenError);
    expect((err as Error).message).toBe('bundle download answered 403: Link expired (expired or altered link?)');
    expect(hits).toBe(1);
  });

  it('refuses an archive larger than maxBytes, declared or streamed', async () => {
    const declared = await serve((_req, res) => res.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000)));
    await expect(fetchBundle(declared, join(dir, 'b.tar.gz'), opts({ maxBytes: 1000 }))).rejects.toThrow(/bundle is 5000 bytes, more than limits.maxArchiveBytes \(1000\)/);
    await new Promise<void>((r) => { server!.close(() => r()); server!.closeAllConnections(); });
    const chunked = await serve((_req, res) => {
      res.writeHead(200);
      res.end(Buffer.alloc(5000));
    });
    const err = await fetchBundle(chunked, join(dir, 'b.tar.gz'), opts({ maxBytes: 1000 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidError);
    expect(await readdir(dir)).toEqual([]);
  });

  it('copies file: links and absolute paths (air-gapped copies), and keeps signatures out of logs', async () => {
    await writeFile(join(dir, 'src.tar.gz'), 'local');
    expect((await fetchBundle(pathToFileURL(join(dir, 'src.tar.gz')).href, join(dir, 'a'), opts())).sizeBytes).toBe(5);
    expect((await fetchBundle(join(dir, 'src.tar.gz'), join(dir, 'b'), opts())).sizeBytes).toBe(5);
    await expect(fetchBundle(join(dir, 'none.tar.gz'), join(dir, 'c'), opts())).rejects.toThrow(/does not exist/);
    expect(redactBundleUrl('https://q.example.com/v1/static-export/bundles/se_1.tar.gz?expires=1&signature=abc')).toBe('https://q.example.com/v1/static-export/bundles/se_1.tar.gz?…');
  });
});
