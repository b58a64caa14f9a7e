/**
 * Admin API keys: `svc_` + 40 random base62 characters. Only the SHA-256 of a key is
 * stored and looked up, so keys are compared through their hash and a database leak
 * reveals none. A key's principal is kept for a couple of seconds after it was read
 * (see PrincipalCache); last use is recorded in batches, not on every request.
 */
import crypto from 'node:crypto';
import type { Store } from '../store/types.js';
import * as records from '../store/records/api-keys.js';
import type { ApiKeyRecord, Scope } from '../store/records/api-keys.js';
import { findOrganization } from '../store/records/organizations.js';
import { InvalidError, NotFoundError, UnauthorizedError } from './errors.js';
import { newId, nowIso, randomBase62 } from './ids.js';
import { noteIgnored } from './ignored-errors.js';

export type { Scope };
export const KEY_PATTERN = /^svc_[0-9A-Za-z]{32,}$/;
export const ALL_SCOPES: readonly Scope[] = ['read', 'write'];

export function hashKey(key: string): string {
  // crypto.hash (Node >= 20.12) is the one-shot form: no Hash object per key read.
  return crypto.hash('sha256', key, 'hex');
}

/** Parses `90d`, `12h`, `30m` or an ISO date into an expiry time. */
export function parseExpiry(value: string, now = new Date()): string {
  const m = /^(\d+)([dhm])$/.exec(value.trim());
  if (m) {
    const n = Number(m[1]);
    if (n <= 0) throw new InvalidError(`Invalid expiry "${value}": must be positive`);
    const ms = n * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm'];
    const at = new Date(now.getTime() + ms);
    // Dates end at year 275760: a longer duration has no date to expire at.
    if (Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999) throw new InvalidError(`Invalid expiry "${value}": too far in the future (the latest is the year 9999)`);
    return at.toISOString();
  }
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidError(`Invalid expiry "${value}": use a duration like 90d, 12h, 30m or an ISO date`);
  }
  if (date <= now) throw new InvalidError(`Invalid expiry "${value}": it is in the past`);
  if (date.getUTCFullYear() > 9999) throw new InvalidError(`Invalid expiry "${value}": too far in the future (the latest is the year 9999)`);
  return date.toISOString();
}

export function parseScopes(value: string | string[]): Scope[] {
  const list = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean);
  for (const s of list) {
    if (!ALL_SCOPES.includes(s as Scope)) throw new InvalidError(`Invalid scope "${s}": expected read or write`);
  }
  if (list.length === 0) throw new InvalidError('At least one scope is needed: read, write');
  return [...new Set(list as Scope[])].sort();
}

export interface CreateKeyOptions {
  orgId: string;
  name?: string;
  /** @default ['read', 'write'] */
  scopes?: Scope[];
  /** ISO time; none when omitted. */
  expiresAt?: string | null;
}

export interface CreatedKey {
  id: string;
  /** The key itself: shown once, never stored. */
  key: string;
  orgId: string;
  scopes: Scope[];
  expiresAt: string | null;
}

export async function createApiKey(store: Store, options: CreateKeyOptions): Promise<CreatedKey> {
  if (!(await findOrganization(store.db, options.orgId))) throw new NotFoundError(`Organization not found: ${options.orgId}`);
  const key = `svc_${randomBase62(40)}`;
  const scopes = options.scopes ?? ['read', 'write'];
  const rec = await records.insertApiKey(store.db, {
    id: newId('key'),
    orgId: options.orgId,
    name: options.name ?? null,
    hash: hashKey(key),
    prefix: key.slice(0, 8),
    scopes,
    expiresAt: options.expiresAt ?? null,
    revokedAt: null,
    lastUsedAt: null,
    createdAt: nowIso(),
  });
  return { id: rec.id, key, orgId: rec.orgId, scopes: rec.scopes, expiresAt: rec.expiresAt };
}

export async function revokeApiKey(store: Store, id: string): Promise<void> {
  const existing = await records.findApiKey(store.db, id);
  if (!existing) throw new NotFoundError(`API key not found: ${id}`);
  await records.revokeApiKey(store.db, id, nowIso());
  // After the write: a lookup that read the key before it still cannot cache it (see set()).
  principalCacheOf(store).invalidate();
}

/** Who is calling: resolved from a valid key. */
export interface Principal {
  keyId: string;
  orgId: string;
  scopes: Scope[];
}

/** How long a key's principal is used without reading the key again. */
export const PRINCIPAL_TTL_MS = 2000;

/** A principal as the cache holds it. */
export interface CachedPrincipal {
  principal: Principal;
  /** The key's own expiry (ms since the epoch), checked on every request; Infinity if none. */
  expiresAt: number;
  /** When this entry stops being used. */
  until: number;
}

/**
 * Principals of recently used keys, so a client polling with one key does not cost a
 * key lookup per request. authenticate() files them under the `Authorization` value
 * itself: a repeat caller then costs one map lookup, no parsing and no SHA-256. The key
 * is in this process's memory while its request is anyway; the cache keeps it at most
 * `ttlMs` longer and never writes it anywhere. Revoking a key through this process
 * (revokeApiKey on the same store) empties the cache at once, while a key revoked by
 * another process (`quire key revoke`, another `quire serve`) stops working here within
 * `ttlMs`. Only valid keys are cached, so a key created anywhere works at once.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, CachedPrincipal>();
  /** Bumped by invalidate(): a lookup started before it must not fill the cache. */
  private generation = 0;

  constructor(
    readonly ttlMs = PRINCIPAL_TTL_MS,
    private readonly maxEntries = 1000,
  ) {}

  get(id: string, now: number): CachedPrincipal | undefined {
    const entry = this.entries.get(id);
    if (entry && entry.until <= now) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  /** A token to pass to set(): it refuses entries read before the last invalidate(). */
  snapshot(): number {
    return this.generation;
  }

  set(id: string, rec: ApiKeyRecord, now: number, snapshot: number): void {
    if (snapshot !== this.generation) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, {
      // Shared by every request using the key until it expires: frozen so none can alter it.
      principal: Object.freeze({ keyId: rec.id, orgId: rec.orgId, scopes: Object.freeze([...rec.scopes]) as Scope[] }),
      expiresAt: rec.expiresAt ? Date.parse(rec.expiresAt) : Infinity,
      until: now + this.ttlMs,
    });
  }

  invalidate(): void {
    this.entries.clear();
    this.generation++;
  }
}

const caches = new WeakMap<Store, PrincipalCache>();

/** The principal cache of a store: one per store object, shared by everything using it. */
export function principalCacheOf(store: Store): PrincipalCache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new PrincipalCache()));
  return cache;
}

/**
 * Checks an `Authorization` header value and returns the key's principal. Every
 * failure is the same 401 so callers learn nothing about which keys exist.
 *
 * A key read within the last PRINCIPAL_TTL_MS is answered from the store's principal
 * cache without waiting: the principal itself rather than a promise (its expiry is
 * still checked against `now`). Otherwise the key is read and a promise returned.
 * @param cache the store's principal cache, for a caller that looked it up once.
 */
export function authenticate(store: Store, header: string | undefined, now = Date.now(), cache = principalCacheOf(store)): Principal | Promise<Principal> {
  if (!header) throw new UnauthorizedError();
  // Only a header that once carried a valid key is ever filed, so a hit needs no parsing.
  const cached = cache.get(header, now);
  if (cached) {
    if (cached.expiresAt <= now) throw new UnauthorizedError();
    return cached.principal;
  }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m || !KEY_PATTERN.test(m[1])) throw new UnauthorizedError();
  return readPrincipal(store, cache, header, hashKey(m[1]), now);
}

async function readPrincipal(store: Store, cache: PrincipalCache, header: string, hash: string, now: number): Promise<Principal> {
  const snapshot = cache.snapshot();
  const rec: ApiKeyRecord | undefined = await records.findApiKeyByHash(store.db, hash);
  if (!rec || rec.revokedAt || (rec.expiresAt && Date.parse(rec.expiresAt) <= now)) throw new UnauthorizedError();
  cache.set(header, rec, now, snapshot);
  return { keyId: rec.id, orgId: rec.orgId, scopes: rec.scopes };
}

/**
 * Records when keys were last used without a write per request: uses are collected in
 * memory and written at most once per interval, in one statement.
 */
export class KeyUsageRecorder {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Store,
    private readonly intervalMs = 60_000,
  ) {}

  record(keyId: string): void {
    this.pending.add(keyId);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush().catch((err: unknown) => noteIgnored('core.api-keys.record-usage', err)), this.intervalMs);
      this.timer.unref();
    }
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const ids = [...this.pending];
    this.pending.clear();
    await records.touchApiKeys(this.store.db, ids, nowIso());
  }
}
