/**
 * The one way an export reaches another host (remote OpenAPI documents and their `$ref`s).
 * A tenant names the URL, so the URL is hostile: `http://127.0.0.1:9200/`, the cloud's
 * metadata address, a name whose DNS answer is private, a public host that redirects to
 * one of those.
 *
 * - http and https only; a host name is resolved once, every address it resolves to is
 *   checked, and the connection is made to the checked address (the request's `lookup`
 *   hands it over), so a second DNS answer cannot swap in another one;
 * - only public unicast addresses (ipaddr.js's `unicast` range, IPv4-mapped IPv6 taken as
 *   IPv4) are reached, unless the operator's allow-list names the host or a range that
 *   holds the address;
 * - redirects are followed by hand, each hop checked again; the body is cut off past
 *   `maxBytes` and the whole exchange past `timeoutMs`.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { parseAllowEntry } from './allow-entry.js';

// node:http through require, not an ESM import: building its ESM namespace reads every
// export, and the lazy ones load Node's bundled undici (~0.1 s of CPU against ~0.01 s). This
// module is loaded by the exports that fetch (remote OpenAPI documents, remote media).
const builtin = createRequire(import.meta.url);
const { request: httpRequest } = builtin('node:http') as typeof import('node:http');
const { request: httpsRequest } = builtin('node:https') as typeof import('node:https');

export interface FetchPolicy {
  /** Host names (exact, any case) and CIDR ranges (`10.0.0.0/8`, `::1/128`) that may be reached although not public. @default [] */
  allow?: string[];
  /** Largest body accepted, in bytes. @default 20 MiB */
  maxBytes?: number;
  /** Time for the whole exchange, redirects included. @default 20000 */
  timeoutMs?: number;
  /** @default 3 */
  maxRedirects?: number;
  /** The request's Accept header. @default documents first (JSON, YAML), then anything */
  accept?: string;
  /** Ends the request early (the export was cancelled); the timeout applies as well. */
  signal?: AbortSignal;
}

export interface FetchedBody {
  status: number;
  /** The URL the body came from, after redirects. */
  url: string;
  contentType: string | undefined;
  body: Buffer;
}

/**
 * Why a request did not get an answer: the policy refused it (`refused`), the host could
 * not be reached (`unreachable`: DNS, connection), it took too long (`timeout`), the body
 * went over the limit (`too-large`), the caller gave up (`cancelled`), or the URL or a
 * redirect was unusable (`invalid`).
 */
export type OutboundFailure = 'refused' | 'unreachable' | 'timeout' | 'too-large' | 'cancelled' | 'invalid';

/** A request the policy refused, or that failed: the message names the URL as written and why. */
export class OutboundFetchError extends Error {
  readonly reason: OutboundFailure;
  constructor(message: string, options?: { cause?: unknown; reason?: OutboundFailure }) {
    super(message, options);
    this.name = 'OutboundFetchError';
    this.reason = options?.reason ?? 'invalid';
  }
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

interface CompiledAllow {
  hosts: Set<string>;
  ranges: [Address, number][];
}

const compiled = new WeakMap<FetchPolicy, CompiledAllow>();

function allowOf(policy: FetchPolicy): CompiledAllow {
  let c = compiled.get(policy);
  if (!c) {
    c = { hosts: new Set(), ranges: [] };
    for (const entry of policy.allow ?? []) {
      const parsed = parseAllowEntry(entry);
      if ('host' in parsed) c.hosts.add(parsed.host);
      else c.ranges.push(parsed.range);
    }
    compiled.set(policy, c);
  }
  return c;
}

/** Why an address may not be reached (its range's name), or null when it may. */
export function refusedRange(address: string, policy: FetchPolicy = {}): string | null {
  let a: Address = ipaddr.parse(address);
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) a = (a as ipaddr.IPv6).toIPv4Address();
  for (const [net, bits] of allowOf(policy).ranges) {
    if (net.kind() === a.kind() && a.match(net, bits)) return null;
  }
  const range = a.range();
  return range === 'unicast' ? null : range;
}

/** Resolves the URL's host and checks every address; returns the one to connect to. */
async function checkedAddress(url: URL, written: string, policy: FetchPolicy): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const byName = allowOf(policy).hosts.has(host);
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch (err) {
      throw new OutboundFetchError(`${written} could not be fetched: the host ${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'DNS error'})`, { reason: 'unreachable' });
    }
  }
  if (addresses.length === 0) throw new OutboundFetchError(`${written} could not be fetched: the host ${host} does not resolve`, { reason: 'unreachable' });
  if (!byName) {
    for (const a of addresses) {
      const range = refusedRange(a.address, policy);
      if (range) {
        throw new OutboundFetchError(
          `${written} is refused: ${host === a.address ? 'its address' : `${host} resolves to ${a.address}, which`} is in a ${range} range that exports may not reach (the operator can allow it with QUIRE_EXPORT_FETCH_ALLOW)`,
          { reason: 'refused' },
        );
      }
    }
  }
  return addresses[0];
}

function exchange(url: URL, target: { address: string; family: number }, policy: Required<Omit<FetchPolicy, 'signal'>>, signal: AbortSignal, written: string): Promise<{ res: IncomingMessage; body: Buffer }> {
  // Hands the checked address to the connection, whatever the request asks the resolver.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options && typeof options === 'object' && options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', lookup, signal, headers: { accept: policy.accept, 'user-agent': 'Quire export' } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      // Refused here and the exchange dropped. Not through req.destroy(error): a body that had
      // already arrived whole would then still end (cut short) and the error go unheard.
      const tooLarge = () => {
        over = true;
        reject(new OutboundFetchError(`${written} is refused: its body is larger than ${policy.maxBytes} bytes`, { reason: 'too-large' }));
        res.destroy();
        req.destroy();
      };
      if (Number(res.headers['content-length']) > policy.maxBytes) return tooLarge();
      res.on('data', (chunk: Buffer) => {
        if (over) return;
        size += chunk.length;
        if (size > policy.maxBytes) return tooLarge();
        chunks.push(chunk);
      });
      res.on('end', () => {
        if (!over) resolve({ res, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** GETs `written` under the policy (see the module comment). Any status is returned; refusals and failures throw. */
export async function guardedFetch(written: string, options: FetchPolicy = {}): Promise<FetchedBody> {
  const { signal: cancel, ...rest } = options;
  const policy: Required<Omit<FetchPolicy, 'signal'>> = { allow: [], maxBytes: 20 * 1024 * 1024, timeoutMs: 20_000, maxRedirects: 3, accept: 'application/json, application/yaml, text/yaml, */*', ...rest };
  allowOf(options); // an unusable allow-list entry fails here, naming it
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
  let url: URL;
  try {
    url = new URL(written);
  } catch (err) {
    throw new OutboundFetchError(`${written} is not a URL`, { cause: err });
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundFetchError(`${written} is refused: only http and https URLs are fetched${hop ? ` (a redirect led to ${url.protocol})` : ''}`);
    const target = await checkedAddress(url, hop ? `${written} (redirected to ${url.href})` : written, options);
    let answer: { res: IncomingMessage; body: Buffer };
    try {
      answer = await exchange(url, target, policy, signal, written);
    } catch (err) {
      if (err instanceof OutboundFetchError) throw err;
      if (cancel?.aborted) throw new OutboundFetchError(`${written} was not fetched: the export was cancelled`, { reason: 'cancelled' });
      if (signal.aborted) throw new OutboundFetchError(`${written} could not be fetched: no complete answer within ${policy.timeoutMs / 1000} s`, { reason: 'timeout' });
      throw new OutboundFetchError(`${written} could not be fetched: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { reason: 'unreachable' });
    }
    const { res, body } = answer;
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if ([301, 302, 303, 307, 308].includes(status) && location) {
      if (hop >= policy.maxRedirects) throw new OutboundFetchError(`${written} could not be fetched: more than ${policy.maxRedirects} redirects`);
      url = new URL(location, url);
      continue;
    }
    return { status, url: url.href, contentType: res.headers['content-type'], body };
  }
}
