/**
 * Who may call `/mcp`, against DNS rebinding (a web page whose host name is made to
 * point at the docs server, then calls it from the reader's browser): the `Host` and
 * `Origin` values the endpoint accepts, as the MCP specification asks of Streamable
 * HTTP servers. They come from the host's public URL (`publicUrl`, what readers and a
 * proxy in front use) and its listen address; the SDK's transport checks them (its
 * `allowedHosts`, `allowedOrigins`) and answers 403 otherwise. An MCP client that is not
 * a browser sends no `Origin` and passes; a browser always sends one with a POST.
 */
import { isIP } from 'node:net';

export interface McpAccess {
  /** `Host` values accepted (`docs.example.com`, `127.0.0.1:8080`); empty: not checked. */
  allowedHosts: string[];
  /** `Origin` values accepted when one is sent (`https://docs.example.com`). */
  allowedOrigins: string[];
  /** Why the `Host` header is not checked, for a warning at start-up. */
  hostUnchecked?: string;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || address === '127.0.0.1';
}

function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::' || address === '';
}

/**
 * The accepted values for a host listening on `address:port` (the address as configured,
 * the port as bound) and reached at `publicUrl` when one is configured.
 */
export function mcpAccess(publicUrl: string | undefined, address: string, port: number): McpAccess {
  const hosts = new Set<string>();
  const origins = new Set<string>();
  if (publicUrl) {
    const url = new URL(publicUrl);
    hosts.add(url.host);
    // A client may spell the default port out.
    if (!url.port) hosts.add(`${url.hostname}:${url.protocol === 'https:' ? 443 : 80}`);
    origins.add(url.origin);
  }
  // This machine may reach it by a loopback name whatever it listens on (the docs opened at
  // http://localhost:8080): a rebinding page's Host and Origin carry the page's own name.
  for (const name of LOOPBACK_NAMES) {
    hosts.add(`${name}:${port}`);
    origins.add(`http://${name}:${port}`);
  }
  let hostUnchecked: string | undefined;
  if (!isWildcard(address) && !isLoopback(address)) {
    // Reached at its listen address: a page served from it sends that as its Origin too.
    const host = `${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
    hosts.add(host);
    origins.add(`http://${host}`);
  } else if (isWildcard(address) && !publicUrl) {
    hostUnchecked = `the host listens on every interface (${address}) and no publicUrl is set, so the names it is reached by are unknown: /mcp checks Origin but not Host; set publicUrl (QUIRE_HOST_PUBLIC_URL) to check both`;
  }
  return { allowedHosts: hostUnchecked ? [] : [...hosts], allowedOrigins: [...origins], ...(hostUnchecked ? { hostUnchecked } : {}) };
}
