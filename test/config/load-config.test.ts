/** loadConfig: where a bad value came from is named, and nothing is silently dropped. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';

describe('loadConfig', () => {
  it('takes a postgres:// or postgresql:// database URL', () => {
    expect(loadConfig({ env: { QUIRE_DATABASE_URL: 'postgres://q:q@db:5432/quire' } }).databaseUrl).toBe('postgres://q:q@db:5432/quire');
    expect(loadConfig({ env: { QUIRE_DATABASE_URL: 'postgresql://db/quire' } }).databaseUrl).toBe('postgresql://db/quire');
    expect(loadConfig({ env: {} }).databaseUrl).toBeUndefined();
  });

  it('refuses another kind of database URL instead of falling back to SQLite', () => {
    expect(() => loadConfig({ env: { QUIRE_DATABASE_URL: 'mysql://q:q@db/quire' } })).toThrow(
      /databaseUrl \(from QUIRE_DATABASE_URL\): expected a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  });
});
