/**
 * One entry of the outbound allow-list (`--fetch-allow`, `fetchAllow`): a host name or a CIDR
 * range (an address alone is its own range). In a module of its own so that the CLI and the
 * config schema check entries without loading the guarded fetcher (guarded-fetch.ts), which
 * brings Node's HTTP, HTTPS and DNS modules (~10 ms before `quire export` starts its thread).
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Parses an allow-list entry; throws a message naming it when it is neither a host name nor a CIDR range. */
export function parseAllowEntry(entry: string): { host: string } | { range: [Address, number] } {
  const e = entry.trim().toLowerCase();
  if (e.includes('/')) {
    try {
      return { range: ipaddr.parseCIDR(e) };
    } catch (err) {
      throw new Error(`"${entry}" is not a CIDR range such as 10.0.0.0/8 or fd00::/8`, { cause: err });
    }
  }
  if (ipaddr.isValid(e)) {
    const a = ipaddr.parse(e);
    return { range: [a, a.kind() === 'ipv4' ? 32 : 128] };
  }
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(e)) throw new Error(`"${entry}" is neither a host name nor a CIDR range`);
  return { host: e };
}

