/** Link signing: the HMAC format, constant-time checks, and the generated secret. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidError } from '../../src/core/errors.js';
import { buildSignedUrl, checkSignedRequest, loadOrCreateSigningSecret, parseSigningSecret, signLink, verifyLink } from '../../src/blobs/sign-link.js';

const SECRET = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
const PATH = '/v1/static-export/bundles/se_1/bundle.tar.gz';
const EXPIRES = 1_800_000_000;

describe('signLink / verifyLink', () => {
  it('is HMAC-SHA256 (hex) over path, newline, expiry', () => {
    // Computed independently: python3 hmac.new(bytes(range(32)), PATH + "\n1800000000", sha256)
    expect(signLink({ path: PATH, expires: EXPIRES, secret: SECRET })).toBe('81160f8d81550024ebc4fbed5d9f14aa76bd22e4ad8baa8e4e9734ad0a4006cd');
  });

  it('accepts an authentic link until it expires, then says expired', () => {
    const signature = signLink({ path: PATH, expires: EXPIRES, secret: SECRET });
    expect(verifyLink({ path: PATH, expires: EXPIRES, signature, secret: SECRET, now: new Date((EXPIRES - 1) * 1000) })).toEqual({ ok: true });
    expect(verifyLink({ path: PATH, expires: EXPIRES, signature, secret: SECRET, now: new Date(EXPIRES * 1000) })).toEqual({ ok: false, reason: 'expired' });
  });

  it('says invalid for any alteration, whatever the length of the signature', () => {
    const signature = signLink({ path: PATH, expires: EXPIRES, secret: SECRET });
    const now = new Date((EXPIRES - 10) * 1000);
    const cases = [
      { path: `${PATH}x`, expires: EXPIRES, signature },
      { path: PATH, expires: EXPIRES + 1, signature },
      { path: PATH, expires: EXPIRES, signature: signature.toUpperCase().replace(/^./, (c) => (c === 'F' ? 'E' : 'F')) },
      { path: PATH, expires: EXPIRES, signature: signature.slice(2) },
      { path: PATH, expires: EXPIRES, signature: `${signature}00` },
      { path: PATH, expires: EXPIRES, signature: '' },
      { path: PATH, expires: EXPIRES, signature: 'not hex at all' },
    ];
    for (const c of cases) expect(verifyLink({ ...c, secret: SECRET, now }), JSON.stringify(c)).toEqual({ ok: false, reason: 'invalid' });
    // An altered but expired link is refused as invalid, not as expired.
    expect(verifyLink({ path: PATH, expires: EXPIRES + 1, signature, secret: SECRET, now: new Date((EXPIRES + 100) * 1000) })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts exactly one spelling of a link: 64 lower-case hex digits, a canonical expiry, each parameter once', () => {
    const signature = signLink({ path: PATH, expires: EXPIRES, secret: SECRET });
    const now = new Date((EXPIRES - 10) * 1000);
    const request = `${PATH}?expires=${EXPIRES}&signature=${signature}`;
    expect(checkSignedRequest(request, SECRET, now)).toEqual({ ok: true, key: 'se_1/bundle.tar.gz' });
    for (const altered of [
      request.replace(signature, `${signature}0`),
      request.replace(signature, signature.toUpperCase()),
      request.replace(`expires=${EXPIRES}`, `expires=0${EXPIRES}`),
      request.replace(`expires=${EXPIRES}`, `expires=+${EXPIRES}`),
      request.replace(`expires=${EXPIRES}`, `expires=${EXPIRES}.0`),
      `${request}&expires=${EXPIRES}`,
      `${request}&signature=${signature}`,
    ]) expect(checkSignedRequest(altered, SECRET, now), altered).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an authentic signature whose expiry lies further ahead than links are ever minted for (7 days)', () => {
    const now = new Date(1_700_000_000 * 1000);
    const inCap = 1_700_000_000 + 604_800;
    const pastCap = inCap + 1;
    expect(verifyLink({ path: PATH, expires: inCap, signature: signLink({ path: PATH, expires: inCap, secret: SECRET }), secret: SECRET, now })).toEqual({ ok: true });
    expect(verifyLink({ path: PATH, expires: pastCap, signature: signLink({ path: PATH, expires: pastCap, secret: SECRET }), secret: SECRET, now })).toEqual({ ok: false, reason: 'invalid' });
    const never = 999_999_999_999;
    expect(checkSignedRequest(`${PATH}?expires=${never}&signature=${signLink({ path: PATH, expires: never, secret: SECRET })}`, SECRET, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('checks whole request URLs, including percent-encoded keys', () => {
    const url = new URL(buildSignedUrl('https://q.example.com/base/', 'se_1/bundle.tar.gz', EXPIRES, SECRET));
    expect(url.pathname).toBe(`/base${PATH}`);
    const request = `${PATH}${url.search}`;
    const now = new Date((EXPIRES - 10) * 1000);
    expect(checkSignedRequest(request, SECRET, now)).toEqual({ ok: true, key: 'se_1/bundle.tar.gz' });
    expect(checkSignedRequest(request.replace('se_1/', 'se_1%2F'), SECRET, now)).toEqual({ ok: true, key: 'se_1/bundle.tar.gz' });
    expect(checkSignedRequest(request.replace('bundles/', 'bundles/%2E%2E/'), SECRET, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSignedRequest(request.replace('se_1', '%E0%A4%A'), SECRET, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSignedRequest(request.replace(/expires=\d+/, 'expires=1e9'), SECRET, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkSignedRequest(request, SECRET, new Date(EXPIRES * 1000))).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('signing secret', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'quire-secret-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is generated once (32 random bytes, owner-only file) and then reused', () => {
    const first = loadOrCreateSigningSecret(dataDir);
    expect(first).toHaveLength(32);
    const file = join(dataDir, 'secrets', 'link-signing.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'secrets')).mode & 0o077).toBe(0);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(loadOrCreateSigningSecret(dataDir).equals(first)).toBe(true);
    const otherDir = mkdtempSync(join(tmpdir(), 'quire-secret-'));
    expect(loadOrCreateSigningSecret(otherDir).equals(first)).toBe(false);
    rmSync(otherDir, { recursive: true, force: true });
  });

  it('accepts a configured secret of at least 32 bytes', () => {
    expect(parseSigningSecret('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(parseSigningSecret('a passphrase that is long enough!!')).toHaveLength(34);
    expect(() => parseSigningSecret('short')).toThrow(InvalidError);
  });
});
