/**
 * `/mcp` of `quire host`: the site's MCP server over Streamable HTTP, stateless (a server
 * and transport per request, as the SDK recommends when no session state is kept), so
 * any number of agents and a bundle swap between two of their calls need nothing
 * special. What the tools read (agents.json, the search engine) is loaded once per site.
 * Bodies over 1 MiB are refused before parsing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AGENTS_INDEX, type AgentsIndex } from '../../render/agents/agents-index.js';
import type { Site } from '../site.js';
import { createDocsSearch, type DocsSearch } from './docs-search.js';
import { docsServer } from './docs-tools.js';

export const MCP_PATH = '/mcp';
const MAX_BODY = 1024 * 1024;

interface McpSite {
  index: AgentsIndex;
  search: DocsSearch;
}

const loaded = new WeakMap<Site, Promise<McpSite>>();

/** agents.json of the site; an export older than it gives an index with no pages (search still works). */
async function loadSite(site: Site): Promise<McpSite> {
  const file = site.file(AGENTS_INDEX);
  const index: AgentsIndex = file ? JSON.parse(await readFile(file.identity.abs, 'utf8')) as AgentsIndex : { format: 1, name: 'Documentation', languages: [], versions: [], pages: [] };
  return { index, search: createDocsSearch(site, index) };
}

function rpcError(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new RangeError('body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function handleMcp(req: IncomingMessage, res: ServerResponse, site: Site | null): Promise<void> {
  if (!site) return rpcError(res, 503, 'The documentation site is not ready yet');
  if (req.method !== 'POST') {
    // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
    res.setHeader('Allow', 'POST');
    return rpcError(res, 405, 'Method not allowed: send JSON-RPC messages with POST');
  }
  let body: unknown;
  try {
    body = await readBody(req);
  } catch (err) {
    return rpcError(res, err instanceof RangeError ? 413 : 400, err instanceof RangeError ? 'Request body over 1 MiB' : 'Request body is not JSON');
  }
  let known = loaded.get(site);
  if (!known) {
    known = loadSite(site);
    loaded.set(site, known);
    known.catch(() => loaded.delete(site)); // the next request tries again; this one reports it
  }
  const { index, search } = await known;
  const server = docsServer(site, index, search);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
