import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../src/host/host.js';
import { manifestEntry, manifestFor, writeArchive, type CraftedEntry } from '../render/bundle/craft-archive.js';
import { captureLogger, hostConfig, makeBundle, request, startBundleServer, type BundleServer } from './helpers.js';

let dir: string;
let bundles: BundleServer;
const hosts: RunningHost[] = [];
const start = async (...args: Parameters<typeof startHost>): Promise<RunningHost> => {
  const host = await startHost(...args);
  hosts.push(host);
  return host;
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-host-'));
  bundles = await startBundleServer();
});
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  await bundles.close();
  await rm(dir, { recursive: true, force: true });
});

const SITE_A = { 'index.html': '<h1>Version A</h1>', 'assets/app.11111111.css': 'a{}', 'big.bin': randomBytes(4 * 1024 * 1024) };
const SITE_B = { 'index.html': '<h1>Version B</h1>', 'assets/app.22222222.css': 'b{}', 'big.bin': randomBytes(4 * 1024 * 1024) };

describe('quire host bundle lifecycle', () => {
  it('serves a bundle fetched through its link, retrying a 503', async () => {
    bundles.publish('se_a', (await makeBundle(dir, 'a', SITE_A, '2026-11-01')).file);
    bundles.failNext(1);
    const log = captureLogger();
    const host = await start(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_a'), version: '2026-11-01' }), { logger: log.logger });
    expect((await request(host.url, '/')).body.toString()).toBe('<h1>Version A</h1>');
    expect(JSON.parse((await request(host.url, '/readyz')).body.toString())).toMatchObject({ ready: true, version: '2026-11-01' });
    expect(bundles.requests).toBe(2);
    expect(log.messages().some((m) => m.startsWith('bundle download failed, retrying bundle download answered 503: Try later'))).toBe(true);
    // the signature of the presigned link never reaches the log
    expect(JSON.stringify(log.lines)).not.toContain('signature=');
  });

  it('refuses a bundle whose version differs from the pinned one', async () => {
    bundles.publish('se_a', (await makeBundle(dir, 'a', SITE_A, '2026-11-01')).file);
    const log = captureLogger();
    const host = await start(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_a'), version: '2026-12-24' }), { logger: log.logger });
    expect((await request(host.url, '/readyz')).status).toBe(503);
    const page = await request(host.url, '/');
    expect(page.status).toBe(503);
    expect(page.body.toString()).not.toContain('Version A');
    const result = await host.reload();
    expect(result.updated).toBe(false);
    expect(result.reason).toBe('bundle version "2026-11-01" does not match the pinned version "2026-12-24" (staticExport.version); bundle refused');
    expect(log.messages().some((m) => m.includes('"2026-11-01" does not match the pinned version "2026-12-24"'))).toBe(true);
    expect(await readdir(join(dir, 'cache', 'sites'))).toEqual([]);
  });

  it('refuses crafted archives, keeping the last good site and nothing of theirs', async () => {
    bundles.publish('se_a', (await makeBundle(dir, 'a', SITE_A)).file);
    const host = await start(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_a'), raw: { limits: { maxEntries: 10, maxBytes: 10 * 1024 * 1024 } } }), { logger: captureLogger().logger });
    const goodId = host.current()!.id;
    const files = { 'index.html': '<h1>Evil</h1>' };
    const m = manifestFor(files);
    const crafted: [string, CraftedEntry[], RegExp][] = [
      ['traversal', [manifestEntry(m), { name: 'index.html', body: files['index.html'] }, { name: '../../escape.html', body: 'x' }], /"\.\." segment/],
      ['absolute', [manifestEntry(m), { name: 'index.html', body: files['index.html'] }, { name: '/tmp/abs.html', body: 'x' }], /absolute path/],
      ['symlink', [manifestEntry(m), { name: 'index.html', type: 'symlink', linkname: '/etc/passwd' }], /symbolic link/],
      ['hardlink', [manifestEntry(m), { name: 'index.html', type: 'link', linkname: '/etc/passwd' }], /hard link/],
      ['entries', [manifestEntry(m), { name: 'index.html', body: files['index.html'] }, ...Array.from({ length: 12 }, (_, i) => ({ name: `d${i}/`, type: 'directory' as const }))], /more than 10 entries/],
      ['bytes', [manifestEntry(manifestFor({ 'index.html': Buffer.alloc(11 * 1024 * 1024) })), { name: 'index.html', body: Buffer.alloc(11 * 1024 * 1024) }], /more than the limit of 10485760/],
      ['altered', [manifestEntry(m), { name: 'index.html', body: '<h1>Evi!</h1>' }], /does not match its sha256/],
    ];
    for (const [name, entries, reason] of crafted) {
      const file = join(dir, `${name}.tar.gz`);
      await writeArchive(file, entries);
      bundles.publish(name, file);
      const result = await host.reload(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link(name), raw: { limits: { maxEntries: 10, maxBytes: 10 * 1024 * 1024 } } }));
      expect(result.updated, name).toBe(false);
      expect(result.reason, name).toMatch(reason);
      expect((await request(host.url, '/')).body.toString(), name).toBe('<h1>Version A</h1>');
      expect(await readdir(join(dir, 'cache', 'sites')), name).toEqual([goodId]);
    }
    expect(await readdir(dir)).not.toContain('escape.html');
  });

  it('serves nothing of a refused bundle at first start', async () => {
    const m = manifestFor({ 'index.html': 'x' });
    await writeArchive(join(dir, 'evil.tar.gz'), [manifestEntry(m), { name: 'index.html', type: 'symlink', linkname: '/etc/passwd' }]);
    bundles.publish('evil', join(dir, 'evil.tar.gz'));
    const log = captureLogger();
    const host = await start(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('evil') }), { logger: log.logger });
    expect((await request(host.url, '/readyz')).status).toBe(503);
    const page = await request(host.url, '/');
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    expect(log.lines.find((l) => l.msg === 'bundle update failed and no verified site is available')?.reason).toMatch(/"index.html" is a symbolic link/);
    expect(await readdir(join(dir, 'cache', 'sites'))).toEqual([]);
  });

  it('keeps trying while no site is in place, and serves once the bundle can be fetched', async () => {
    bundles.publish('se_a', (await makeBundle(dir, 'a', SITE_A)).file);
    bundles.failNext(4); // the first start (two attempts) and the first recheck fail
    const log = captureLogger();
    const host = await start(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_a'), raw: { fetch: { retries: 1, backoffMs: 10, recheckMs: 100 } } }), { logger: log.logger });
    for (let i = 0; i < 600 && (await request(host.url, '/readyz')).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await request(host.url, '/')).body.toString()).toBe('<h1>Version A</h1>');
    expect(bundles.requests).toBe(5);
    expect(log.lines.filter((l) => l.msg === 'no verified site yet: fetching again later').map((l) => l.inMs)).toEqual([100, 200]);
  });

  it('reinstalls a damaged cached site instead of serving it', async () => {
    bundles.publish('se_a', (await makeBundle(dir, 'a', SITE_A)).file);
    const config = hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_a') });
    const first = await start(config, { logger: captureLogger().logger });
    const id = first.current()!.id;
    await first.close();
    hosts.splice(0);
    await rm(join(dir, 'cache', 'sites', id, 'site', 'index.html'));

    const log = captureLogger();
    const second = await start(config, { logger: log.logger });
    expect(log.lines.find((l) => l.msg === 'cached site not usable')?.reason).toBe(`cached site ${id} is damaged: index.html is missing or has the wrong size`);
    expect((await request(second.url, '/')).body.toString()).toBe('<h1>Version A</h1>');
    expect(log.lines.find((l) => l.msg === 'site ready')).toMatchObject({ bundleSha256: id, reused: false });
  });

  it('serves the cached site when the link has expired or the network is gone at a later start', async () => {
    bundles.publish('se_a', (await makeBundle(dir, 'a', SITE_A)).file);
    const config = hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_a') });
    const first = await start(config, { logger: captureLogger().logger });
    await first.close();
    hosts.splice(0);

    bundles.expire();
    const log = captureLogger();
    const second = await start(config, { logger: log.logger });
    expect((await request(second.url, '/readyz')).status).toBe(200);
    expect((await request(second.url, '/')).body.toString()).toBe('<h1>Version A</h1>');
    const warning = log.lines.find((l) => l.msg.startsWith('bundle link unusable'));
    expect(warning?.reason).toBe('bundle download answered 403: Link expired (expired or altered link?)');
    expect(warning?.level).toBe(40);
    await second.close();
    hosts.splice(0);

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const offline = hostConfig(join(dir, 'cache'), { bundleUrl: `http://127.0.0.1:${deadPort}/bundle.tar.gz?signature=x` });
    const third = await start(offline, { logger: log.logger });
    expect((await request(third.url, '/')).body.toString()).toBe('<h1>Version A</h1>');
    expect(log.lines.some((l) => l.msg.startsWith('bundle link unusable') && /ECONNREFUSED/.test(String(l.reason)))).toBe(true);
  });

  it('serves a plain 503 page and fetches nothing when static export is disabled', async () => {
    bundles.publish('se_a', (await makeBundle(dir, 'a', SITE_A)).file);
    const host = await start(hostConfig(join(dir, 'cache'), { enabled: false, bundleUrl: bundles.link('se_a') }), { logger: captureLogger().logger });
    const page = await request(host.url, '/');
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body.toString()).toContain('Static export is disabled');
    expect((await request(host.url, '/readyz')).status).toBe(503);
    expect((await request(host.url, '/healthz')).status).toBe(200);
    expect(bundles.requests).toBe(0);
  });

  it('swaps to a new bundle under load with zero failed requests', async () => {
    bundles.publish('se_a', (await makeBundle(dir, 'a', SITE_A)).file);
    bundles.publish('se_b', (await makeBundle(dir, 'b', SITE_B)).file);
    const host = await start(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_a') }), { logger: captureLogger().logger });
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });

    // A request for a big file that is still being read when the swap happens.
    const slow = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      import('node:http').then(({ get }) => get(`${host.url}/big.bin`, resolve).on('error', reject), reject);
    });
    slow.pause();

    let running = true;
    const failures: string[] = [];
    const seen = new Set<string>();
    let count = 0;
    const loop = async (): Promise<void> => {
      while (running) {
        const res = await request(host.url, '/', { agent }).catch((err: Error) => ({ status: 0, body: Buffer.from(err.message), headers: {} }));
        count++;
        const body = res.body.toString();
        if (res.status !== 200 || (body !== '<h1>Version A</h1>' && body !== '<h1>Version B</h1>')) failures.push(`${res.status} ${body}`);
        else seen.add(body);
        const css = await request(host.url, body.includes('B') ? '/assets/app.22222222.css' : '/assets/app.11111111.css', { agent }).catch(() => ({ status: 0 })); // a refused request is counted as a failure below
        if (css.status !== 200 && css.status !== 404) failures.push(`css ${css.status}`);
      }
    };
    const loops = Array.from({ length: 4 }, loop);
    while (count < 50) await new Promise((r) => setTimeout(r, 5));
    const result = await host.reload(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_b') }));
    const afterSwap = count;
    while (count < afterSwap + 50) await new Promise((r) => setTimeout(r, 5));
    running = false;
    await Promise.all(loops);
    agent.destroy();

    expect(result.updated).toBe(true);
    expect(failures).toEqual([]);
    expect([...seen].sort()).toEqual(['<h1>Version A</h1>', '<h1>Version B</h1>']);
    expect((await request(host.url, '/')).body.toString()).toBe('<h1>Version B</h1>');

    slow.resume();
    const chunks: Buffer[] = [];
    for await (const chunk of slow) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(SITE_A['big.bin'])).toBe(true);
    expect(await host.reload()).toMatchObject({ updated: false, reason: 'bundle unchanged' });
  });
});
