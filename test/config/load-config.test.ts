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

  it('reads the render threads\' nice value from QUIRE_RENDER_NICE or a flag, 0 unless set, and refuses one out of 0-19', () => {
    expect(loadConfig({ env: {} }).exports.renderNice).toBe(0);
    expect(loadConfig({ env: { QUIRE_RENDER_NICE: '10' } }).exports.renderNice).toBe(10);
    expect(loadConfig({ env: { QUIRE_RENDER_NICE: '10' }, flags: { 'exports.renderNice': '19' } }).exports.renderNice).toBe(19);
    expect(() => loadConfig({ env: { QUIRE_RENDER_NICE: '20' } })).toThrow(/exports\.renderNice \(from QUIRE_RENDER_NICE\): from 0 \(normal priority\) to 19 \(lowest\)/);
    expect(() => loadConfig({ env: { QUIRE_RENDER_NICE: 'low' } })).toThrow(/exports\.renderNice \(from QUIRE_RENDER_NICE\)/);
  });

  it('reads the public S3 endpoint of bundle links beside the one Quire uses, and checks it is a URL', () => {
    const env = { QUIRE_BLOB_DRIVER: 's3', QUIRE_S3_BUCKET: 'b', QUIRE_S3_ENDPOINT: 'http://minio:9000' };
    const s3 = loadConfig({ env: { ...env, QUIRE_S3_PUBLIC_ENDPOINT: 'http://localhost:9000' } }).blobs.s3;
    expect(s3).toMatchObject({ endpoint: 'http://minio:9000', publicEndpoint: 'http://localhost:9000' });
    expect(loadConfig({ env }).blobs.s3?.publicEndpoint).toBeUndefined();
    expect(() => loadConfig({ env: { ...env, QUIRE_S3_PUBLIC_ENDPOINT: 'minio port 9000' } })).toThrow(/QUIRE_S3_PUBLIC_ENDPOINT/);
  });

  it('reads the remote media settings of exports, leaving the mode to the deployment when unset', () => {
    expect(loadConfig({ env: {} }).exports).toMatchObject({ mediaMaxFileMb: 25, mediaMaxTotalMb: 500 });
    expect(loadConfig({ env: {} }).exports.remoteMedia).toBeUndefined();
    const set = loadConfig({ env: { QUIRE_EXPORT_REMOTE_MEDIA: 'bundle', QUIRE_EXPORT_MEDIA_MAX_FILE_MB: '5', QUIRE_EXPORT_MEDIA_MAX_TOTAL_MB: '50' } }).exports;
    expect(set).toMatchObject({ remoteMedia: 'bundle', mediaMaxFileMb: 5, mediaMaxTotalMb: 50 });
    expect(() => loadConfig({ env: { QUIRE_EXPORT_REMOTE_MEDIA: 'fetch' } })).toThrow(/QUIRE_EXPORT_REMOTE_MEDIA/);
  });
});
