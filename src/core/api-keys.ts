/**
 * Admin API keys: `svc_` + 40 random base62 characters. Only the SHA-256 of a key is
 * stored and looked up, so keys are compared through their hash and a database leak
 * reveals none. Last use is recorded in batches, not on every request.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../store/types.js';
import * as records from '../store/records/api-keys.js';
import type { ApiKeyRecord, Scope } from '../store/records/api-keys.js';
import { findOrganization } from '../store/records/organizations.js';
import { InvalidError, NotFoundError, UnauthorizedError } from './errors.js';
import { newId, nowIso, randomBase62 } from './ids.js';

export type { Scope };
export const KEY_PATTERN = /^svc_[0-9A-Za-z]{32,}$/;
export const ALL_SCOPES: readonly Scope[] = ['read', 'write'];

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Parses `90d`, `12h`, `30m` or an ISO date into an expiry time. */
export function parseExpiry(value: string, now = new Date()): string {
  const m = /^(\d+)([dhm])$/.exec(value.trim());
  if (m) {
    const n = Number(m[1]);
    if (n <= 0) throw new InvalidError(`Invalid expiry "${value}": must be positive`);
    const ms = n * { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm'];
    return new Date(now.getTime() + ms).toISOString();
  }
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidError(`Invalid expiry "${value}": use a duration like 90d, 12h, 30m or an ISO date`);
  }
  if (date <= now) throw new InvalidError(`Invalid expiry "${value}": it is in the past`);
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
}

/** Who is calling: resolved from a valid key. */
export interface Principal {
  keyId: string;
  orgId: string;
  scopes: Scope[];
}

/**
 * Checks an `Authorization` header value and returns the key's principal. Every
 * failure is the same 401 so callers learn nothing about which keys exist.
 */
export async function authenticate(store: Store, header: string | undefined, now = Date.now()): Promise<Principal> {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m || !KEY_PATTERN.test(m[1]!)) throw new UnauthorizedError();
  const rec: ApiKeyRecord | undefined = await records.findApiKeyByHash(store.db, hashKey(m[1]!));
  if (!rec || rec.revokedAt || (rec.expiresAt && Date.parse(rec.expiresAt) <= now)) throw new UnauthorizedError();
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
      this.timer = setTimeout(() => void this.flush().catch(() => undefined), this.intervalMs);
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
