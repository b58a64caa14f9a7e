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
import { captureLogger, hostConfig, request, startBundleServer, type BundleServer } from './helpers.js';

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
    const bad = await fetch(`${host.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ jsonrpc: '2.0', error: { message: 'Request body is not JSON' } });
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
