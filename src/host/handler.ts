/**
 * The request handler of `quire host`: health and readiness probes, the 503 page while
 * static export is disabled or no verified site is in place yet, and for the current
 * site: traversal refusal, redirects, clean URLs (`path` and `path/` to `path.html` or
 * `path/index.html`), a page's Markdown version for `Accept: text/markdown`, files, and
 * `404.html` with status 404, and the MCP endpoint at `/mcp`. No directory listings.
 * The site is read once per request, so a swap never changes a request half-way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { MANIFEST_NAME } from '../render/bundle/manifest.js';
import { serveFile } from './serve-file.js';
import { wantsMarkdown } from './agent-links.js';
import { handleMcp, MCP_PATH } from './mcp/mcp-endpoint.js';
import type { McpAccess } from './mcp/mcp-access.js';
import type { Site, SiteFile } from './site.js';

export interface HostState {
  /** `disabled`: staticExport.enabled is false; `waiting`: no verified site yet. */
  mode: 'disabled' | 'waiting' | 'serving';
  site: Site | null;
}

export interface HandlerOptions {
  permanentRedirectStatus: 301 | 308;
  accessLog: boolean;
  logger: Logger;
  /** Answer MCP at `/mcp` (mcp/mcp-endpoint.ts), to the Host and Origin values given; false: off. */
  mcp: McpAccess | false;
}

export function createRequestHandler(state: () => HostState, opts: HandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (opts.accessLog) {
      const started = process.hrtime.bigint();
      res.on('finish', () => opts.logger.info({ method: req.method, url: req.url, status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }, 'request'));
    }
    const fail = (err: unknown): void => {
      opts.logger.error({ err, url: req.url }, 'request failed');
      if (!res.headersSent) plain(res, 500, 'Internal Server Error');
      else res.destroy();
    };
    try {
      // Synchronous for files already in memory: no promise on the hot path.
      handle(req, res, state(), opts)?.catch(fail);
    } catch (err) {
      fail(err);
    }
  };
}

function handle(req: IncomingMessage, res: ServerResponse, state: HostState, opts: HandlerOptions): void | Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  if (rawPath === '/healthz') return json(res, 200, { status: 'ok' });
  if (rawPath === '/readyz') {
    const site = state.site;
    if (site) return json(res, 200, { ready: true, jobId: site.manifest.jobId, version: site.manifest.version, bundleSha256: site.id });
    return json(res, 503, { ready: false, reason: state.mode === 'disabled' ? 'static export is disabled' : 'no verified site yet' });
  }
  if (rawPath === MCP_PATH && opts.mcp && state.mode !== 'disabled') return handleMcp(req, res, state.site, opts.mcp);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return plain(res, 405, 'Method Not Allowed');
  }
  const site = state.site;
  if (state.mode === 'disabled') return unavailable(res, 'This site is not available', 'Static export is disabled for this deployment.');
  if (!site) {
    res.setHeader('Retry-After', '5');
    return unavailable(res, 'Site not ready', 'The documentation site is being prepared. Try again shortly.');
  }
  const path = decodePath(rawPath);
  if (path === null) return plain(res, 400, 'Bad Request');

  const redirect = site.redirects.match(path, query);
  if (redirect) {
    res.setHeader('Location', redirect.location);
    return plain(res, redirect.permanent ? opts.permanentRedirectStatus : 307, `Redirecting to ${redirect.location}`);
  }
  const found = resolveFile(site, path);
  // A page asked for as Markdown (`Accept: text/markdown`, as agents do) gets its `.md` version.
  const file = found?.markdown && wantsMarkdown(req.headers.accept) ? site.file(found.markdown) ?? found : found;
  if (file) return serveFile(req, res, site, file);
  const notFound = site.file('404.html');
  if (notFound) return serveFile(req, res, site, notFound, 404);
  return plain(res, 404, 'Not Found');
}

/**
 * Decodes a request path; null when it is malformed or tries to leave the site
 * (`..`, `.` or empty segments once decoded, backslashes, NUL).
 */
function decodePath(raw: string): string | null {
  if (!raw.startsWith('/')) return null;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null; // malformed percent-encoding: no such page (404), not a server error
  }
  // Control characters (CR, LF, DEL...) have no place in a page path, and none may reach a header.
  if (path.includes('\\') || /[\u0000-\u001f\u007f]/.test(path)) return null;
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const s = segments[i];
    if (s === '..' || s === '.' || (s === '' && i < segments.length - 1)) return null;
  }
  return path;
}

function resolveFile(site: Site, path: string): SiteFile | undefined {
  const rel = path.slice(1);
  if (rel === '') return site.file('index.html');
  if (rel === MANIFEST_NAME) return undefined;
  if (rel.endsWith('/')) {
    const base = rel.slice(0, -1);
    return site.file(`${base}/index.html`) ?? site.file(`${base}.html`);
  }
  return site.file(rel) ?? site.file(`${rel}.html`) ?? site.file(`${rel}/index.html`);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function unavailable(res: ServerResponse, title: string, message: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${message}</p></body></html>\n`;
  res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(html) });
  res.end(html);
}
