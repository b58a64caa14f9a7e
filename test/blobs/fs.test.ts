/**
 * The fs blob driver: the shared conformance suite (its links served by a small route
 * like Quire's), plus what only it does: confinement to its folder, atomic writes, and
 * refusal of altered links.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsBlobStore } from '../../src/blobs/drivers/fs.js';
import { openBlobStore } from '../../src/blobs/open-blob-store.js';
import { loadOrCreateSigningSecret } from '../../src/blobs/sign-link.js';
import type { BlobStore } from '../../src/blobs/types.js';
import { blobConformance } from './conformance.js';
import { startLinkServer } from './link-server.js';

blobConformance('fs', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-fs-blobs-'));
  // The link server asks for the store only when a request comes, after it exists.
  const server = await startLinkServer(() => store);
  const store: BlobStore = openBlobStore({ driver: 'fs', publicUrl: `${server.url}/` }, { dataDir });
  return {
    store,
    async cleanup() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe('fs blob driver', () => {
  let dataDir: string;
  let store: FsBlobStore;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'quire-fs-blobs-'));
    store = new FsBlobStore({ dir: join(dataDir, 'bundles'), publicUrl: 'https://quire.example.com', secret: loadOrCreateSigningSecret(dataDir) });
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps blobs inside its folder, leaves no temporary file and prunes emptied folders', async () => {
    const file = join(dataDir, 'src.bin');
    writeFileSync(file, 'bundle bytes');
    await store.put('2026-11-21/se_1/bundle.tar.gz', file);
    expect(readdirSync(join(dataDir, 'bundles', '2026-11-21', 'se_1'))).toEqual(['bundle.tar.gz']);
    await store.delete('2026-11-21/se_1/bundle.tar.gz');
    expect(readdirSync(join(dataDir, 'bundles'))).toEqual([]);
  });

  it('leaves the previous blob in place when a write fails', async () => {
    const file = join(dataDir, 'src.bin');
    writeFileSync(file, 'version 1');
    await store.put('b', file);
    await expect(store.put('b', join(dataDir, 'no-such-file'))).rejects.toThrow(/ENOENT/);
    expect((await store.stat('b'))?.size).toBe(9);
    expect(readdirSync(join(dataDir, 'bundles'))).toEqual(['b']);
  });

  it('mints links of the documented shape and accepts only unaltered, unexpired ones', async () => {
    const link = await store.presignGet('se_1/bundle.tar.gz', 600);
    const url = new URL(link.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://quire.example.com/v1/static-export/bundles/se_1/bundle.tar.gz');
    expect(url.searchParams.get('expires')).toBe(String(Date.parse(link.expiresAt) / 1000));
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    const pathAndQuery = `${url.pathname}${url.search}`;
    expect(store.checkLink(pathAndQuery)).toEqual({ ok: true, key: 'se_1/bundle.tar.gz' });

    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    const altered = [
      pathAndQuery.replace('se_1', 'se_2'),
      pathAndQuery.replace(`expires=${expires}`, `expires=${Number(expires) + 3600}`),
      pathAndQuery.replace(signature, flipped),
      pathAndQuery.replace(signature, signature.slice(0, 32)),
      pathAndQuery.replace(signature, 'zz'),
      url.pathname,
      pathAndQuery.replace('/bundles/', '/bundles/../'),
      pathAndQuery.replace('/v1/static-export/bundles/', '/v1/other/'),
    ];
    for (const request of altered) expect(store.checkLink(request), request).toEqual({ ok: false, reason: 'invalid' });
    expect(store.checkLink(pathAndQuery, new Date(Date.parse(link.expiresAt) + 1000))).toEqual({ ok: false, reason: 'expired' });

    // A link signed with another data directory's secret is refused.
    const otherDir = mkdtempSync(join(tmpdir(), 'quire-fs-blobs-'));
    const other = new FsBlobStore({ dir: otherDir, publicUrl: 'https://quire.example.com', secret: loadOrCreateSigningSecret(otherDir) });
    expect(other.checkLink(pathAndQuery)).toEqual({ ok: false, reason: 'invalid' });
    rmSync(otherDir, { recursive: true, force: true });
  });

  it('refuses an altered link over HTTP with 403', async () => {
    const server = await startLinkServer(() => served);
    const served = new FsBlobStore({ dir: join(dataDir, 'b2'), publicUrl: server.url, secret: loadOrCreateSigningSecret(dataDir) });
    try {
      const file = join(dataDir, 'src.bin');
      writeFileSync(file, 'bundle bytes');
      await served.put('se_3/bundle.tar.gz', file);
      const link = await served.presignGet('se_3/bundle.tar.gz', 600);
      expect((await fetch(link.url)).status).toBe(200);
      const response = await fetch(link.url.replace(/signature=[0-9a-f]/, 'signature=x'));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'Link invalid' });
    } finally {
      await server.stop();
    }
  });
});
