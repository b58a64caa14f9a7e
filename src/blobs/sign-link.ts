/**
 * Links Quire serves itself (fs blob driver): `<publicUrl>/v1/static-export/bundles/<key>
 * ?expires=<unix seconds>&signature=<hex>`, where the signature is HMAC-SHA256 over
 * `path + "\n" + expires` with a secret only the service knows. Checking is strict and
 * constant time: the signature must be exactly 64 lower-case hex digits and `expires` a
 * canonical integer (no sign, no leading zero), so no second spelling of a link passes;
 * an expiry further ahead than the longest lifetime a link can be minted with (7 days)
 * is refused when checked too. An authentic link past its expiry is refused as
 * `expired`, anything else as `invalid`. The path signed is the route path (without the public URL's own path), so
 * links survive a reverse proxy that strips a prefix.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidError } from '../core/errors.js';
import { BUNDLE_LINK_PATH, isValidBlobKey, MAX_LINK_TTL_SECONDS, type LinkCheck } from './types.js';

const MIN_SECRET_BYTES = 32;

export interface SignLinkInput {
  /** URL path, e.g. `/v1/static-export/bundles/<key>`. */
  path: string;
  /** Expiry in Unix seconds. */
  expires: number;
  secret: Buffer;
}

/** HMAC-SHA256 (hex) over `path + "\n" + expires`. */
export function signLink({ path, expires, secret }: SignLinkInput): string {
  return createHmac('sha256', secret).update(`${path}\n${expires}`).digest('hex');
}

const SIGNATURE = /^[0-9a-f]{64}$/;
const EXPIRES = /^(?:0|[1-9][0-9]{0,11})$/;

/** Checks a signature (its exact form, then its value in constant time), then the expiry and the lifetime cap. */
export function verifyLink(input: SignLinkInput & { signature: string; now?: Date }): { ok: true } | { ok: false; reason: 'expired' | 'invalid' } {
  if (!SIGNATURE.test(input.signature)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signLink(input), 'hex');
  if (!timingSafeEqual(Buffer.from(input.signature, 'hex'), expected)) return { ok: false, reason: 'invalid' };
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (nowSeconds >= input.expires) return { ok: false, reason: 'expired' };
  // No link is minted for longer than the cap: one that claims to be is not Quire's.
  if (input.expires - nowSeconds > MAX_LINK_TTL_SECONDS) return { ok: false, reason: 'invalid' };
  return { ok: true };
}

/** The path a bundle link of `key` points at. */
export function bundleLinkPath(key: string): string {
  return `${BUNDLE_LINK_PATH}${key}`;
}

/** A complete signed URL for `key`, valid until `expires` (Unix seconds). */
export function buildSignedUrl(publicUrl: string, key: string, expires: number, secret: Buffer): string {
  const path = bundleLinkPath(key);
  const signature = signLink({ path, expires, secret });
  return `${publicUrl.replace(/\/+$/, '')}${path}?expires=${expires}&signature=${signature}`;
}

/**
 * Checks a request's path and query (as `request.url` gives them) and returns the blob
 * key, or why the link is refused. The bundle route stays a thin wrapper around this.
 */
export function checkSignedRequest(pathAndQuery: string, secret: Buffer, now?: Date): LinkCheck {
  let url: URL;
  try {
    url = new URL(pathAndQuery, 'http://quire.invalid');
  } catch {
    return { ok: false, reason: 'invalid' }; // a request path that is no URL is a link refused, not a failure
  }
  if (!url.pathname.startsWith(BUNDLE_LINK_PATH)) return { ok: false, reason: 'invalid' };
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(BUNDLE_LINK_PATH.length));
  } catch {
    return { ok: false, reason: 'invalid' }; // malformed percent-encoding: refused like any altered link
  }
  const expiresText = url.searchParams.get('expires') ?? '';
  const signature = url.searchParams.get('signature') ?? '';
  if (!isValidBlobKey(key) || !EXPIRES.test(expiresText) || url.searchParams.getAll('expires').length !== 1 || url.searchParams.getAll('signature').length !== 1) {
    return { ok: false, reason: 'invalid' };
  }
  const result = verifyLink({ path: bundleLinkPath(key), expires: Number(expiresText), signature, secret, now });
  return result.ok ? { ok: true, key } : result;
}

/** Turns a configured secret (hex of at least 32 bytes, or any string of 32+ bytes) into a key. */
export function parseSigningSecret(secret: string | Buffer): Buffer {
  const bytes = Buffer.isBuffer(secret) ? secret : /^(?:[0-9a-f]{2}){32,}$/i.test(secret) ? Buffer.from(secret, 'hex') : Buffer.from(secret, 'utf8');
  if (bytes.length < MIN_SECRET_BYTES) throw new InvalidError(`The link signing secret must have at least ${MIN_SECRET_BYTES} bytes`);
  return bytes;
}

/**
 * The link signing secret of this data directory: read from
 * `<dataDir>/secrets/link-signing.key`, or generated there (32 random bytes, hex, mode
 * 0600 in a 0700 folder) on first start. Several processes starting at once agree on
 * one secret: the file is linked into place exclusively and a loser reads the winner's.
 */
export function loadOrCreateSigningSecret(dataDir: string): Buffer {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, 'link-signing.key');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!existsSync(file)) {
    // Written aside, then linked into place: a reader never sees a half-written file.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, `${randomBytes(MIN_SECRET_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temp);
    }
  }
  // A copy restored from a backup may have lost its mode: keep it owner-only.
  chmodSync(file, 0o600);
  return parseSigningSecret(readFileSync(file, 'utf8').trim());
}
