/**
 * The guarded fetcher against real HTTP servers on loopback: loopback is refused by
 * default (by address and by a name that resolves to it), the allow-list opens it, a
 * redirect from an allowed host to a refused one is refused, and the size and time
 * limits cut off what goes over them. The address rules for IPv4, IPv6 and IPv4-mapped
 * IPv6 are checked on their own.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, OutboundFetchError, refusedRange } from '../../src/core/guarded-fetch.js';
import { parseAllowEntry } from '../../src/core/allow-entry.js';

let server: Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/doc.json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"openapi":"3.1.0"}');
    else if (req.url === '/big') res.writeHead(200).end(Buffer.alloc(64 * 1024, 0x61));
    else if (req.url === '/small-over') res.writeHead(200).end(Buffer.alloc(1500, 0x61));
    else if (req.url === '/chunked-over') {
      res.writeHead(200);
      res.write(Buffer.alloc(800, 0x61));
      res.end(Buffer.alloc(800, 0x61));
    }
    else if (req.url === '/slow') {
      res.writeHead(200);
      res.write('{');
      setTimeout(() => res.end('}'), 3000).unref();
    } else if (req.url === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (req.url === '/to-file') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    else if (req.url === '/to-doc') res.writeHead(307, { location: '/doc.json' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const refusal = (p: Promise<unknown>) => p.then(() => 'fetched', (e: unknown) => (e instanceof OutboundFetchError ? e.message : `other: ${String(e)}`));

describe('guardedFetch', () => {
  it('refuses loopback by default, by address and by a name that resolves to it', async () => {
    expect(await refusal(guardedFetch(`${base}/doc.json`))).toBe(`${base}/doc.json is refused: its address is in a loopback range that exports may not reach (the operator can allow it with QUIRE_EXPORT_FETCH_ALLOW)`);
    expect(await refusal(guardedFetch(`http://localhost:${port}/doc.json`))).toMatch(/^http:\/\/localhost:\d+\/doc\.json is refused: localhost resolves to (127\.0\.0\.1|::1), which is in a loopback range/);
    expect(await refusal(guardedFetch('http://[::1]:9/'))).toMatch(/is refused: its address is in a loopback range/);
    expect(await refusal(guardedFetch('http://169.254.169.254/latest/meta-data/'))).toMatch(/is refused: its address is in a linkLocal range/);
  });

  it('fetches what the allow-list opens, by range or by host name', async () => {
    const byRange = await guardedFetch(`${base}/doc.json`, { allow: ['127.0.0.0/8'] });
    expect(byRange).toMatchObject({ status: 200, url: `${base}/doc.json`, contentType: 'application/json' });
    expect(byRange.body.toString()).toBe('{"openapi":"3.1.0"}');
    const byName = await guardedFetch(`http://localhost:${port}/to-doc`, { allow: ['localhost'] });
    expect(byName.body.toString()).toBe('{"openapi":"3.1.0"}');
  });

  it('checks every redirect again', async () => {
    expect(await refusal(guardedFetch(`${base}/to-metadata`, { allow: ['127.0.0.1'] }))).toBe(
      `${base}/to-metadata (redirected to http://169.254.169.254/latest/meta-data/) is refused: its address is in a linkLocal range that exports may not reach (the operator can allow it with QUIRE_EXPORT_FETCH_ALLOW)`,
    );
    expect(await refusal(guardedFetch(`${base}/to-file`, { allow: ['127.0.0.1'] }))).toMatch(/is refused: only http and https URLs are fetched \(a redirect led to file:\)/);
  });

  it('cuts off a body over the size limit and an answer over the time limit', async () => {
    expect(await refusal(guardedFetch(`${base}/big`, { allow: ['127.0.0.1'], maxBytes: 1000 }))).toBe(`${base}/big is refused: its body is larger than 1000 bytes`);
    // A body that arrives whole in one read, with and without a length: refused, never cut short and taken.
    for (const path of ['/small-over', '/chunked-over']) {
      expect(await refusal(guardedFetch(`${base}${path}`, { allow: ['127.0.0.1'], maxBytes: 1000 }))).toBe(`${base}${path} is refused: its body is larger than 1000 bytes`);
    }
    expect(await refusal(guardedFetch(`${base}/slow`, { allow: ['127.0.0.1'], timeoutMs: 300 }))).toBe(`${base}/slow could not be fetched: no complete answer within 0.3 s`);
  });

  it('refuses other schemes and names an unusable allow-list entry', async () => {
    expect(await refusal(guardedFetch('ftp://example.com/x'))).toMatch(/only http and https URLs are fetched/);
    expect(() => parseAllowEntry('10.0.0.0/99')).toThrow('"10.0.0.0/99" is not a CIDR range such as 10.0.0.0/8 or fd00::/8');
    expect(() => parseAllowEntry('bad host!')).toThrow('"bad host!" is neither a host name nor a CIDR range');
  });
});

describe('address rules', () => {
  it('lets only public unicast addresses through', () => {
    expect(refusedRange('93.184.216.34')).toBeNull();
    expect(refusedRange('2606:4700::1111')).toBeNull();
    for (const [address, range] of [
      ['127.0.0.1', 'loopback'], ['10.1.2.3', 'private'], ['172.16.0.1', 'private'], ['192.168.1.1', 'private'],
      ['169.254.169.254', 'linkLocal'], ['100.64.0.1', 'carrierGradeNat'], ['0.0.0.0', 'unspecified'], ['224.0.0.1', 'multicast'],
      ['::1', 'loopback'], ['fe80::1', 'linkLocal'], ['fd00::1', 'uniqueLocal'], ['::', 'unspecified'],
      ['::ffff:127.0.0.1', 'loopback'], ['::ffff:10.0.0.1', 'private'], ['::ffff:169.254.169.254', 'linkLocal'],
    ]) expect(refusedRange(address), address).toBe(range);
  });

  it('opens what an allow-list range holds, IPv4-mapped forms included', () => {
    expect(refusedRange('10.20.1.1', { allow: ['10.20.0.0/16'] })).toBeNull();
    expect(refusedRange('::ffff:10.20.1.1', { allow: ['10.20.0.0/16'] })).toBeNull();
    expect(refusedRange('10.21.1.1', { allow: ['10.20.0.0/16'] })).toBe('private');
    expect(refusedRange('fd00::5', { allow: ['fd00::/8'] })).toBeNull();
  });
});
