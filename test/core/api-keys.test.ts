/**
 * Authentication through the principal cache, on a real SQLite file: what is cached,
 * what is still checked on every request, and when a revocation takes effect.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRINCIPAL_TTL_MS, PrincipalCache, authenticate, createApiKey, principalCacheOf, revokeApiKey } from '../../src/core/api-keys.js';
import { UnauthorizedError } from '../../src/core/errors.js';
import { createOrganization } from '../../src/core/organizations.js';
import { openStore } from '../../src/store/open-store.js';
import type { ApiKeyRecord } from '../../src/store/records/api-keys.js';
import type { Store } from '../../src/store/types.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';

const T0 = Date.parse('2026-11-01T10:00:00.000Z');

let t: TestStore;
let orgId: string;
/** A second connection to the same file: what another process (`quire key revoke`) does. */
let other: Store;

beforeEach(async () => {
  t = await openTestStore('sqlite');
  orgId = (await createOrganization(t.store, { name: 'Acme' })).id;
  other = await openStore({ dataDir: t.dataDir, migrate: false });
});
afterEach(async () => {
  await other.close();
  await t.cleanup();
});

const bearer = (key: string) => `Bearer ${key}`;

describe('authenticate with the principal cache', () => {
  it('answers a key seen within the TTL from the cache, without waiting', async () => {
    const k = await createApiKey(t.store, { orgId, scopes: ['read'] });
    const first = authenticate(t.store, bearer(k.key), T0);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual({ keyId: k.id, orgId, scopes: ['read'] });
    // The second call is answered synchronously: a principal, not a promise.
    expect(authenticate(t.store, bearer(k.key), T0 + 1000)).toEqual({ keyId: k.id, orgId, scopes: ['read'] });
  });

  it('takes up to the TTL to notice a key revoked by another process', async () => {
    const k = await createApiKey(t.store, { orgId });
    await authenticate(t.store, bearer(k.key), T0);
    await revokeApiKey(other, k.id);
    // Another connection's write does not reach this process's cache...
    expect(authenticate(t.store, bearer(k.key), T0 + PRINCIPAL_TTL_MS - 1)).toMatchObject({ keyId: k.id });
    // ...but once the entry is older than the TTL the key is read again, and refused.
    await expect(Promise.resolve().then(() => authenticate(t.store, bearer(k.key), T0 + PRINCIPAL_TTL_MS))).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('refuses a key revoked through this store at once', async () => {
    const k = await createApiKey(t.store, { orgId });
    await authenticate(t.store, bearer(k.key), T0);
    await revokeApiKey(t.store, k.id);
    await expect(Promise.resolve().then(() => authenticate(t.store, bearer(k.key), T0 + 1))).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('checks the expiry of a cached key on every call', async () => {
    const expiresAt = new Date(T0 + 500).toISOString();
    const k = await createApiKey(t.store, { orgId, expiresAt });
    expect(await authenticate(t.store, bearer(k.key), T0)).toMatchObject({ keyId: k.id });
    expect(authenticate(t.store, bearer(k.key), T0 + 499)).toMatchObject({ keyId: k.id });
    expect(() => authenticate(t.store, bearer(k.key), T0 + 500)).toThrow(UnauthorizedError);
  });

  it('does not cache a key read before a revocation in this process', async () => {
    const k = await createApiKey(t.store, { orgId });
    // The read is under way (its answer not yet handled) when the cache is invalidated,
    // as revokeApiKey does after writing.
    const pending = authenticate(t.store, bearer(k.key), T0);
    principalCacheOf(t.store).invalidate();
    expect(await pending).toMatchObject({ keyId: k.id });
    await revokeApiKey(other, k.id);
    await expect(Promise.resolve().then(() => authenticate(t.store, bearer(k.key), T0 + 1))).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('never caches an unknown key, so a key created elsewhere works at once', async () => {
    const k = await createApiKey(other, { orgId });
    expect(await authenticate(t.store, bearer(k.key), T0)).toMatchObject({ keyId: k.id });
    const unknown = `svc_${'b'.repeat(40)}`;
    await expect(Promise.resolve().then(() => authenticate(t.store, bearer(unknown), T0))).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(Promise.resolve().then(() => authenticate(t.store, bearer(unknown), T0 + 1))).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('keeps one cache per store', () => {
    expect(principalCacheOf(t.store)).toBe(principalCacheOf(t.store));
    expect(principalCacheOf(other)).not.toBe(principalCacheOf(t.store));
  });
});

describe('PrincipalCache', () => {
  const rec = (id: string): ApiKeyRecord => ({
    id, orgId: 'org_a', name: null, hash: `h_${id}`, prefix: 'svc_abcd', scopes: ['read'], expiresAt: null, revokedAt: null, lastUsedAt: null, createdAt: '2026-11-01T00:00:00.000Z',
  });

  it('holds at most maxEntries keys, dropping the oldest', () => {
    const cache = new PrincipalCache(1000, 2);
    for (const id of ['a', 'b', 'c']) cache.set(`h_${id}`, rec(id), T0, cache.snapshot());
    expect(cache.get('h_a', T0)).toBeUndefined();
    expect(cache.get('h_b', T0)?.principal.keyId).toBe('b');
    expect(cache.get('h_c', T0)?.principal.keyId).toBe('c');
  });

  it('forgets entries after the TTL', () => {
    const cache = new PrincipalCache(1000);
    cache.set('h_a', rec('a'), T0, cache.snapshot());
    expect(cache.get('h_a', T0 + 999)?.principal.keyId).toBe('a');
    expect(cache.get('h_a', T0 + 1000)).toBeUndefined();
  });

  it('hands out principals no request can alter', () => {
    const cache = new PrincipalCache();
    cache.set('h_a', rec('a'), T0, cache.snapshot());
    const principal = cache.get('h_a', T0)!.principal;
    expect(() => principal.scopes.push('write')).toThrow(TypeError);
    expect(Object.isFrozen(principal)).toBe(true);
  });
});
