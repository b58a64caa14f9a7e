/** Random identifiers and secrets: base62 and hex, from the system's CSPRNG. */
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` uniformly random base62 characters (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** `prefix_` followed by 16 random hex characters, e.g. `se_3f2a9c1e0b7d4a65`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomHex(8)}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
