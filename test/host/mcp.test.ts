/**
 * The MCP endpoint of `quire host`, end to end: the multilingual, versioned fixture is
 * exported, packed and served by a real host on loopback, and an MCP client from the
 * SDK (Streamable HTTP) connects to `/mcp`, lists the tools, searches (with language and
 * version filters), reads a page as Markdown and lists the navigation. Turned off by
 * `mcp.enabled: false`, `/mcp` is no endpoint at all.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../src/host/host.js';
import { exportSite } from '../../src/render/export-site.js';
import { packBundle } from '../../src/render/bundle/pack.js';
import { FIXTURES } from '../render/site/make-site.js';
import { request as send } from 'node:http';
import { captureLogger, hostConfig, request, startBundleServer, type BundleServer } from './helpers.js';
import { mcpAccess } from '../../src/host/mcp/mcp-access.js';

const TOOLS_LIST = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';

/** A JSON-RPC POST to /mcp with the headers given (Host and Origin as a browser or a proxy would send them). */
function post(baseUrl: string, headers: Record<string, string>, body = TOOLS_LIST): Promise<{ status: number; json: unknown }> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = send({ host: u.hostname, port: u.port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON: the test sees the text
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    // The server may answer (413, 403) before the whole body is sent.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    req.end(body);
  });
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 200 && (await request(url, '/readyz')).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
}

let dir: string;
let bundles: BundleServer;
let host: RunningHost;
let client: Client;

type ToolText = { content: { type: string; text: string }[]; isError?: boolean };
const call = async (name: string, args: Record<string, unknown>): Promise<ToolText> => (await client.callTool({ name, arguments: args })) as ToolText;
const textOf = (r: ToolText) => r.content.map((c) => c.text).join('\n');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-mcp-'));
  const site = join(dir, 'site');
  await exportSite({ root: join(FIXTURES, 'multilingual'), outDir: site, workers: 0 });
  await packBundle({ siteDir: site, outFile: join(dir, 'site.tar.gz'), jobId: 'se_mcp000000000000', domain: 'docs.example.com', version: null, createdAt: '2026-11-01T10:00:00.000Z', engineVersion: 'test' });
  bundles = await startBundleServer();
  bundles.publish('mcp', join(dir, 'site.tar.gz'));
  host = await startHost(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('mcp') }), { logger: captureLogger().logger });
  client = new Client({ name: 'quire-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${host.url}/mcp`)));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await host?.close();
  await bundles?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('MCP endpoint', () => {
  it('lists three read-only tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['list_navigation', 'read_page', 'search_docs']);
    for (const t of tools) expect(t.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
    const search = tools.find((t) => t.name === 'search_docs')!;
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(['query', 'language', 'version', 'limit']);
    expect(JSON.stringify(search.inputSchema)).toContain('en, fr, jp');
  });

  it('searches with the site index, within a language and a version', async () => {
    const all = textOf(await call('search_docs', { query: 'quickstart' }));
    expect(all).toContain('page: quickstart ');
    expect(all).toContain('page: v1/quickstart ');
    const v1 = textOf(await call('search_docs', { query: 'quickstart', version: 'v1', language: 'en' }));
    expect(v1.split('\n')[0]).toBe('1. Quickstart v1 (en, v1)');
    expect(v1).not.toContain('page: quickstart ');
    expect(v1).not.toContain('fr/');
    const fr = textOf(await call('search_docs', { query: 'Livrez', language: 'fr' }));
    expect(fr).toContain('page: fr/guides/deploy  (fr/guides/deploy.md');
    expect(textOf(await call('search_docs', { query: 'Livrez', language: 'en' }))).toBe('No page matches "Livrez".');
  });

  it('reads a page as Markdown, by path, .md path or URL', async () => {
    const page = textOf(await call('read_page', { page: 'guides/deploy' }));
    expect(page).toBe('# Deploy\n\n## Ship\n\nShip it.\n');
    expect(textOf(await call('read_page', { page: `${host.url}/fr/guides/deploy.md#livrer` }))).toContain('Livrez.');
    const missing = await call('read_page', { page: 'nope' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('No page "nope"');
  });

  it('lists the navigation of one language and version', async () => {
    const nav = textOf(await call('list_navigation', { language: 'fr', version: 'v2' }));
    expect(nav).toContain('# fr / v2');
    expect(nav).toContain('- Démarrer\n  - [');
    expect(nav).toContain('(fr/guides/deploy.md)');
    expect(nav).not.toContain('(guides/deploy.md)');
    expect(nav).not.toContain('v1/');
  });

  it('refuses GET and bodies that are not JSON', async () => {
    const get = await request(host.url, '/mcp');
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const bad = await post(host.url, {}, 'not json');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' } });
    const big = await post(host.url, {}, `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"${'x'.repeat(1024 * 1024)}"}}`);
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ error: { message: 'Payload Too Large: Request body must not exceed 1048576 bytes' } });
  });

  it('refuses a browser page on another origin and a Host it is not reached by (DNS rebinding), before reading the body', async () => {
    const port = new URL(host.url).port;
    const evilOrigin = await post(host.url, { origin: `http://rebind.example:${port}` });
    expect(evilOrigin.status).toBe(403);
    expect(evilOrigin.json).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: `Invalid Origin header: http://rebind.example:${port}` }, id: null });
    const evilHost = await post(host.url, { host: `rebind.example:${port}` }, 'not even JSON');
    expect(evilHost.status).toBe(403);
    expect(evilHost.json).toMatchObject({ error: { message: `Invalid Host header: rebind.example:${port}` } });
    expect((await post(host.url, { origin: 'null' })).status).toBe(403);
    // The docs opened on this machine, and an agent that sends no Origin, are served.
    for (const headers of [{ origin: `http://localhost:${port}`, host: `localhost:${port}` }, { origin: `http://127.0.0.1:${port}` }, {}] as Record<string, string>[]) {
      const ok = await post(host.url, headers);
      expect(ok.status, JSON.stringify(headers)).toBe(200);
      expect((ok.json as { result: { tools: unknown[] } }).result.tools).toHaveLength(3);
    }
  });

  it('answers requests at once from servers built once per site', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => call('search_docs', { query: i % 2 ? 'Deploy' : 'Quickstart', limit: 1 })));
    answers.forEach((a, i) => expect(textOf(a)).toMatch(i % 2 ? /^1\. Deploy/ : /^1\. Quickstart/));
    // Given back and taken again: still one answer per request.
    for (let i = 0; i < 3; i++) expect((await post(host.url, {})).status).toBe(200);
  });
});

describe('MCP behind its public URL', () => {
  it('accepts the Host and Origin of publicUrl, and no look-alike', async () => {
    const pub = await startHost(hostConfig(join(dir, 'cache-pub'), { bundleUrl: bundles.link('mcp'), raw: { publicUrl: 'https://docs.example.com' } }), { logger: captureLogger().logger });
    try {
      await waitReady(pub.url);
      const ok = await post(pub.url, { host: 'docs.example.com', origin: 'https://docs.example.com' });
      expect(ok.status).toBe(200);
      expect((await post(pub.url, { host: 'docs.example.com:443' })).status).toBe(200);
      expect((await post(pub.url, { host: 'docs.example.com', origin: 'https://docs.example.com.rebind.example' })).status).toBe(403);
      expect((await post(pub.url, { host: 'docs.example.com', origin: 'http://docs.example.com' })).status).toBe(403);
      expect((await post(pub.url, { host: 'docs.example.com.rebind.example' })).status).toBe(403);
    } finally {
      await pub.close();
    }
  });
});

describe('mcpAccess', () => {
  it('takes the listen address and the public URL', () => {
    expect(mcpAccess(undefined, '127.0.0.1', 8080)).toEqual({
      allowedHosts: ['localhost:8080', '127.0.0.1:8080', '[::1]:8080'],
      allowedOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080'],
    });
    expect(mcpAccess('https://docs.example.com/', '10.0.0.5', 80).allowedHosts).toEqual(['docs.example.com', 'docs.example.com:443', 'localhost:80', '127.0.0.1:80', '[::1]:80', '10.0.0.5:80']);
    expect(mcpAccess(undefined, 'fd00::5', 8080).allowedHosts).toContain('[fd00::5]:8080');
    expect(mcpAccess(undefined, 'fd00::5', 8080).allowedOrigins).toContain('http://[fd00::5]:8080');
    expect(mcpAccess('http://docs.internal:8080', '0.0.0.0', 8080)).toMatchObject({ allowedHosts: ['docs.internal:8080', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080'] });
  });

  it('checks only Origin when listening on every interface without a public URL, and says so', () => {
    const open = mcpAccess(undefined, '0.0.0.0', 8080);
    expect(open.allowedHosts).toEqual([]);
    expect(open.allowedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
    expect(open.hostUnchecked).toMatch(/set publicUrl \(QUIRE_HOST_PUBLIC_URL\)/);
  });
});

describe('MCP turned off', () => {
  it('leaves /mcp to the site when mcp.enabled is false', async () => {
    const off = await startHost(hostConfig(join(dir, 'cache-off'), { bundleUrl: bundles.link('mcp'), raw: { mcp: { enabled: false } } }), { logger: captureLogger().logger });
    try {
      const res = await fetch(`${off.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
      expect(res.status).toBe(405);
      expect((await request(off.url, '/mcp')).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
