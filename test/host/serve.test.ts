import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../src/host/host.js';
import { hashedName } from '../../src/render/theme/content-hash.js';
import { captureLogger, hostConfig, makeBundle, request, startBundleServer, type BundleServer } from './helpers.js';

const text = (s: string): string => s + ' lorem ipsum dolor sit amet'.repeat(80);
const BIG = randomBytes(300 * 1024);
const APP_JS = text('console.log("app");');
/** Named after its content, as the export names its own assets. */
const APP = hashedName('assets/app.js', APP_JS);
const SITE = {
  'index.html': text('<!doctype html><title>Home</title><h1>Home</h1>'),
  'about.html': '<h1>About page</h1>',
  'about/index.html': '<h1>About folder index</h1>',
  'guides/intro.html': text('<h1>Intro</h1>'),
  'guides/index.html': '<h1>Guides</h1>',
  'docs/only.html': '<h1>Only</h1>',
  [APP]: APP_JS,
  'assets/old.3f2a9c1d.js': 'looks hashed, is not',
  'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  'images/diagram.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'data.json': '{"a":1}',
  'feed.xml': '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
  'big.bin': BIG,
  '404.html': '<h1>Page not found</h1>',
  'redirects.json': JSON.stringify([
    { source: '/old', destination: '/guides/intro', permanent: true },
    { source: '/temp', destination: '/about', permanent: false },
    { source: '/v1/:slug*', destination: '/guides/:slug*', permanent: true },
    { source: '/ext/:id', destination: 'https://example.com/x/:id', permanent: true },
    { source: '/:a+/:b+/:c+/:d+/end', destination: '/deep/:d', permanent: false },
  ]),
};

let dir: string;
let bundles: BundleServer;
let host: RunningHost;
const log = captureLogger();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-serve-'));
  const bundle = await makeBundle(dir, 'site', SITE);
  bundles = await startBundleServer();
  bundles.publish('se_serve', bundle.file);
  host = await startHost(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_serve') }), { logger: log.logger });
});
afterAll(async () => {
  await host?.close();
  await bundles?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('quire host serving', () => {
  it('answers the probes and serves the site with content types', async () => {
    expect((await request(host.url, '/healthz')).status).toBe(200);
    const ready = await request(host.url, '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString())).toMatchObject({ ready: true, jobId: 'se_site000000000000' });
    const cases: [string, string][] = [
      ['/', 'text/html; charset=utf-8'],
      [`/${APP}`, 'text/javascript; charset=utf-8'],
      ['/assets/logo.png', 'image/png'],
      ['/images/diagram.svg', 'image/svg+xml'],
      ['/data.json', 'application/json; charset=utf-8'],
      ['/big.bin', 'application/octet-stream'],
    ];
    for (const [path, type] of cases) {
      const res = await request(host.url, path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // SVG and XML run script when opened on their own: the answer forbids it (a second fence behind the export's sanitizer).
    const svg = await request(host.url, '/images/diagram.svg');
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox");
    expect((await request(host.url, '/feed.xml')).headers['content-security-policy']).toBe(svg.headers['content-security-policy']);
    for (const path of ['/', '/assets/logo.png', '/data.json']) expect((await request(host.url, path)).headers['content-security-policy'], path).toBeUndefined();
    expect((await request(host.url, '/assets/logo.png')).body.equals(SITE['assets/logo.png'])).toBe(true);
    expect((await request(host.url, '/big.bin')).body.equals(BIG)).toBe(true);
    expect((await request(host.url, '/')).body.toString()).toBe(SITE['index.html']);
  });

  it('resolves extensionless paths and trailing slashes', async () => {
    expect((await request(host.url, '/about')).body.toString()).toBe('<h1>About page</h1>');
    expect((await request(host.url, '/about/')).body.toString()).toBe('<h1>About folder index</h1>');
    expect((await request(host.url, '/guides')).body.toString()).toBe('<h1>Guides</h1>');
    expect((await request(host.url, '/guides/')).body.toString()).toBe('<h1>Guides</h1>');
    expect((await request(host.url, '/guides/intro')).body.toString()).toBe(SITE['guides/intro.html']);
    expect((await request(host.url, '/guides/intro/')).body.toString()).toBe(SITE['guides/intro.html']);
    expect((await request(host.url, '/guides/intro.html?x=1')).status).toBe(200);
  });

  it('answers redirects from redirects.json, wildcards and query included', async () => {
    const old = await request(host.url, '/old');
    expect(old.status).toBe(308);
    expect(old.headers.location).toBe('/guides/intro');
    const temp = await request(host.url, '/temp?ref=1');
    expect(temp.status).toBe(307);
    expect(temp.headers.location).toBe('/about?ref=1');
    expect((await request(host.url, '/v1/a/b')).headers.location).toBe('/guides/a/b');
    expect((await request(host.url, '/v1')).headers.location).toBe('/guides');
    expect((await request(host.url, '/ext/42')).headers.location).toBe('https://example.com/x/42');
  });

  it('answers a backtracking-prone rule against a long path at once, and stays responsive', async () => {
    const long = `/${Array.from({ length: 500 }, () => 'ab').join('/')}/x`;
    const [res, health] = await Promise.all([request(host.url, long), request(host.url, '/healthz')]);
    expect(res.status).toBe(404);
    expect(health.status).toBe(200);
    const hit = await request(host.url, '/1/2/3/4/end');
    expect(hit.status).toBe(307);
    expect(hit.headers.location).toBe('/deep/4');
  });

  it('answers 400, never 500, for paths with control characters or bad encodings; valid UTF-8 redirects', async () => {
    for (const path of ['/v1/a%0d%0aSet-Cookie:%20x=1', '/v1/%7F', '/v1/%ZZ', '/v1/%E2%82', '/v1/a%00b']) {
      const res = await request(host.url, path);
      expect(res.status, path).toBe(400);
      expect(res.headers['set-cookie'], path).toBeUndefined();
    }
    const euro = await request(host.url, '/v1/%E2%82%AC');
    expect(euro.status).toBe(308);
    expect(euro.headers.location).toBe('/guides/%E2%82%AC');
  });

  it('serves 404.html with status 404 and lists no folders', async () => {
    for (const path of ['/nope', '/docs/', '/docs', '/assets/', '/quire-manifest.json']) {
      const res = await request(host.url, path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString(), path).toBe('<h1>Page not found</h1>');
    }
  });

  it('refuses path traversal', async () => {
    for (const path of ['/..%2f..%2fetc/passwd', '/../../etc/passwd', '/assets/..%2F..%2F..%2Fetc%2Fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/a%5c..%5cb', '/x%00.html', '/%E0%A4%A']) {
      const res = await request(host.url, path);
      expect(res.status, path).toBe(400);
      expect(res.body.toString()).not.toContain('root:');
    }
  });

  it('caches files named after their content for a year and revalidates HTML and the rest with ETag and 304', async () => {
    const asset = await request(host.url, `/${APP}`);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // An author's file under assets/, or a name that only looks hashed, may change with the next bundle.
    expect((await request(host.url, '/assets/logo.png')).headers['cache-control']).toBe('no-cache');
    expect((await request(host.url, '/assets/old.3f2a9c1d.js')).headers['cache-control']).toBe('no-cache');
    const page = await request(host.url, '/guides/intro');
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await request(host.url, '/guides/intro', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await request(host.url, '/guides/intro', { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    const br = await request(host.url, '/guides/intro', { headers: { 'accept-encoding': 'br' } });
    expect((await request(host.url, '/guides/intro', { headers: { 'if-none-match': br.headers.etag as string, 'accept-encoding': 'br' } })).status).toBe(304);
  });

  it('serves brotli and gzip variants, identity otherwise', async () => {
    const br = await request(host.url, '/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(SITE['index.html']);
    expect(br.body.length).toBeLessThan(SITE['index.html'].length / 2);
    const gz = await request(host.url, `/${APP}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    const none = await request(host.url, '/', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(SITE['index.html']);
    // incompressible and tiny files have no variants
    expect((await request(host.url, '/assets/logo.png', { headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD without a body and Range requests with 206 or 416', async () => {
    const head = await request(host.url, '/big.bin', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(BIG.length));
    expect(head.body.length).toBe(0);
    const part = await request(host.url, '/big.bin', { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${BIG.length}`);
    expect(part.body.equals(BIG.subarray(100, 200))).toBe(true);
    const tail = await request(host.url, '/guides/intro', { headers: { range: 'bytes=-5', 'accept-encoding': 'br' } });
    expect(tail.status).toBe(206);
    expect(tail.headers['content-encoding']).toBeUndefined();
    expect(tail.body.toString()).toBe(SITE['guides/intro.html'].slice(-5));
    const past = await request(host.url, '/big.bin', { headers: { range: `bytes=${BIG.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${BIG.length}`);
    const stale = await request(host.url, '/big.bin', { headers: { range: 'bytes=0-9', 'if-range': '"stale"' } });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(BIG.length);
    expect((await request(host.url, '/', { method: 'POST' })).status).toBe(405);
  });

  it('applies serve options of a reloaded config: 301 for permanent redirects, access log', async () => {
    const result = await host.reload(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('se_serve'), raw: { serve: { permanentRedirectStatus: 301, accessLog: true } } }));
    expect(result).toMatchObject({ updated: false, reason: 'bundle unchanged' });
    const old = await request(host.url, '/old');
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/guides/intro');
    await new Promise((r) => setTimeout(r, 50));
    expect(log.lines.some((l) => l.msg === 'request' && l.url === '/old' && l.status === 301)).toBe(true);
  });

  it('keeps one immutable folder per bundle in the cache', async () => {
    expect((await readdir(join(dir, 'cache'))).sort()).toEqual(['current.json', 'sites']);
    expect((await readdir(join(dir, 'cache', 'sites')))).toEqual([host.current()!.id]);
  });
});
