/**
 * `/mcp` of `quire host`: the site's MCP server over Streamable HTTP, stateless (a
 * transport per request, as the SDK requires when no session state is kept), so any
 * number of agents and a bundle swap between two of their calls need nothing special.
 * What the tools read (agents.json, the search engine) is loaded once per site, and the
 * servers with their tool schemas are built once per site too: the SDK connects a server
 * to one transport at a time, so each request takes an idle one (or builds one when all
 * are busy) and gives it back once closed. The servers keep no state of a client between
 * requests (the tools read only the bundle). The SDK's transport checks `Host` and
 * `Origin` against DNS rebinding (mcp-access.ts) before it reads the body, and refuses
 * bodies over 1 MiB.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AGENTS_INDEX, type AgentsIndex } from '../../render/agents/agents-index.js';
import type { Site } from '../site.js';
import { createDocsSearch } from './docs-search.js';
import { docsServer } from './docs-tools.js';
import type { McpAccess } from './mcp-access.js';

export const MCP_PATH = '/mcp';
const MAX_BODY = 1024 * 1024;
/** Idle servers kept per site; more requests at once build more, dropped when given back. */
const MAX_IDLE = 8;

interface McpSite {
  /** Builds a server over the site's index and search engine. */
  build(): McpServer;
  idle: McpServer[];
}

const loaded = new WeakMap<Site, Promise<McpSite>>();

/** agents.json of the site; an export older than it gives an index with no pages (search still works). */
async function loadSite(site: Site): Promise<McpSite> {
  const file = site.file(AGENTS_INDEX);
  const index: AgentsIndex = file ? JSON.parse(await readFile(file.identity.abs, 'utf8')) as AgentsIndex : { format: 1, name: 'Documentation', languages: [], versions: [], pages: [] };
  const search = createDocsSearch(site, index);
  return { build: () => docsServer(site, index, search), idle: [] };
}

function rpcError(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

export async function handleMcp(req: IncomingMessage, res: ServerResponse, site: Site | null, access: McpAccess): Promise<void> {
  if (!site) return rpcError(res, 503, 'The documentation site is not ready yet');
  if (req.method !== 'POST') {
    // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
    res.setHeader('Allow', 'POST');
    return rpcError(res, 405, 'Method not allowed: send JSON-RPC messages with POST');
  }
  let known = loaded.get(site);
  if (!known) {
    known = loadSite(site);
    loaded.set(site, known);
    known.catch(() => loaded.delete(site)); // the next request tries again; this one reports it
  }
  const mcp = await known;
  const server = mcp.idle.pop() ?? mcp.build();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY,
    // The SDK's own check (marked deprecated in favour of Express middleware, which this
    // plain node:http server does not use, and which checks Host only).
    enableDnsRebindingProtection: true,
    allowedHosts: access.allowedHosts,
    allowedOrigins: access.allowedOrigins,
  });
  res.on('close', () => {
    // Closing the server ends its transport; then it may serve another request.
    void server.close().then(() => {
      if (mcp.idle.length < MAX_IDLE) mcp.idle.push(server);
    });
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}
