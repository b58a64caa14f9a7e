/**
 * The media store of a cache folder pruned: records past their age go, then the oldest
 * while the blobs add up to more than the cap; a blob goes when no record names it, but
 * not while it may be being written (younger than an hour); an export that claimed a
 * blob keeps its copy whatever a prune removes meanwhile, and a blob pruned between
 * lookup and claim is fetched again instead of failing the export.
 */
import { existsSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaStore } from '../../../src/render/media/media-store.js';
import { pruneMediaStore } from '../../../src/render/media/media-prune.js';
import { MediaFetcher } from '../../../src/render/media/fetch-media.js';
import { tempDir, type TempDir } from '../site/make-site.js';

const DAY = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 10, 27, 12);
const meta = { type: 'image/png', ext: 'png' };

let tmp: TempDir;
beforeEach(() => {
  tmp = tempDir('quire-media-prune-');
});
afterEach(() => tmp.cleanup());

/** A store whose clock reads `at`; files written by it get that mtime too, as if written then. */
async function putAt(dir: string, at: number, url: string, body: string): Promise<string> {
  const entry = await new MediaStore(dir, 7 * DAY, () => at).put(url, Buffer.from(body), meta);
  const blob = join(dir, 'blobs', entry.sha256);
  utimesSync(blob, new Date(at), new Date(at));
  return entry.sha256;
}

const blobsIn = (dir: string) => readdirSync(join(dir, 'blobs')).sort();

describe('pruneMediaStore', () => {
  it('removes records past their age and blobs no record names, keeping shared and fresh ones', async () => {
    const dir = join(tmp.path, 'media');
    const old = await putAt(dir, NOW - 9 * DAY, 'https://a.example/old.png', 'old bytes');
    const shared = await putAt(dir, NOW - 8 * DAY, 'https://a.example/shared-old.png', 'shared bytes');
    await putAt(dir, NOW - DAY, 'https://b.example/shared-new.png', 'shared bytes');
    const fresh = await putAt(dir, NOW - DAY, 'https://a.example/fresh.png', 'fresh bytes');
    // A blob just written by an export whose record is not there yet, and a temp file a crash left.
    writeFileSync(join(dir, 'blobs', 'f'.repeat(64)), 'being written');
    utimesSync(join(dir, 'blobs', 'f'.repeat(64)), new Date(NOW - 60_000), new Date(NOW - 60_000));
    writeFileSync(join(dir, 'blobs', `${'e'.repeat(64)}.1.1.tmp`), 'crashed');
    utimesSync(join(dir, 'blobs', `${'e'.repeat(64)}.1.1.tmp`), new Date(NOW - 2 * 3600_000), new Date(NOW - 2 * 3600_000));

    const result = await pruneMediaStore(dir, { maxAgeMs: 7 * DAY, maxBytes: 1 << 30 }, { now: NOW });
    expect(result).toEqual({ records: 2, blobs: 2, bytes: 'old bytes'.length + 'crashed'.length });
    expect(blobsIn(dir)).toEqual([shared, fresh, 'f'.repeat(64)].sort());
    expect(await new MediaStore(dir, 7 * DAY, () => NOW).lookup('https://b.example/shared-new.png')).toMatchObject({ sha256: shared });
    expect(await new MediaStore(dir, 30 * DAY, () => NOW).lookup('https://a.example/shared-old.png')).toBeUndefined();
    expect(existsSync(join(dir, 'blobs', old))).toBe(false);
  });

  it('keeps the store under its size, the files fetched longest ago going first', async () => {
    const dir = join(tmp.path, 'media');
    const a = await putAt(dir, NOW - 3 * DAY, 'https://a.example/1.png', 'x'.repeat(400));
    const b = await putAt(dir, NOW - 2 * DAY, 'https://a.example/2.png', 'y'.repeat(400));
    const c = await putAt(dir, NOW - DAY, 'https://a.example/3.png', 'z'.repeat(400));
    expect(await pruneMediaStore(dir, { maxAgeMs: 7 * DAY, maxBytes: 1000 }, { now: NOW })).toEqual({ records: 1, blobs: 1, bytes: 400 });
    expect(blobsIn(dir)).toEqual([b, c].sort());
    expect(blobsIn(dir)).not.toContain(a);
  });

  it('runs at most once an hour unless forced', async () => {
    const dir = join(tmp.path, 'media');
    await putAt(dir, NOW - 9 * DAY, 'https://a.example/old.png', 'old');
    await pruneMediaStore(dir, { maxAgeMs: 7 * DAY, maxBytes: 1 << 30 }, { now: NOW });
    await putAt(dir, NOW - 9 * DAY, 'https://a.example/old2.png', 'old 2');
    expect(await pruneMediaStore(dir, { maxAgeMs: 7 * DAY, maxBytes: 1 << 30 }, { now: NOW + 60_000 })).toEqual({ records: 0, blobs: 0, bytes: 0 });
    expect((await pruneMediaStore(dir, { maxAgeMs: 7 * DAY, maxBytes: 1 << 30 }, { now: NOW + 2 * 3600_000 })).records).toBe(1);
  });
});

describe('an export reading the store while another prunes it', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  beforeEach(async () => {
    hits = 0;
    server = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'image/png' }).end('png bytes');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(() => new Promise<void>((r) => server.close(() => r())));

  const limits = { maxFileBytes: 4096, maxTotalBytes: 1 << 20, timeoutMs: 5000, concurrency: 2 };

  it('keeps its claimed copy when the store loses the blob', async () => {
    const dir = join(tmp.path, 'media');
    const fetcher = new MediaFetcher(new MediaStore(dir, 7 * DAY), join(tmp.path, 'claims'), limits, ['127.0.0.1']);
    const outcome = await fetcher.get(`${base}/a.png`);
    expect(outcome.ok).toBe(true);
    // A prune with no room at all, forced, empties the store...
    await pruneMediaStore(dir, { maxAgeMs: 7 * DAY, maxBytes: 1 }, { now: Date.now() + 2 * 3600_000, force: true });
    expect(blobsIn(dir)).toEqual([]);
    // ...and the export still copies the file it bundles.
    const [[, claimed]] = [...fetcher.files()];
    expect(readFileSync(claimed, 'utf8')).toBe('png bytes');
  });

  it('fetches again a URL whose blob went between its lookup and its claim', async () => {
    const dir = join(tmp.path, 'media');
    const first = new MediaFetcher(new MediaStore(dir, 7 * DAY), join(tmp.path, 'claims-1'), limits, ['127.0.0.1']);
    expect((await first.get(`${base}/a.png`)).ok).toBe(true);
    expect(hits).toBe(1);
    /** The real store, with another export's prune landing right after each lookup. */
    class PrunedAfterLookup extends MediaStore {
      override async lookup(url: string) {
        const found = await super.lookup(url);
        if (found) await pruneMediaStore(dir, { maxAgeMs: 7 * DAY, maxBytes: 1 }, { now: Date.now() + 2 * 3600_000, force: true });
        return found;
      }
    }
    const second = new MediaFetcher(new PrunedAfterLookup(dir, 7 * DAY), join(tmp.path, 'claims-2'), limits, ['127.0.0.1']);
    const outcome = await second.get(`${base}/a.png`);
    expect(outcome.ok).toBe(true);
    expect(hits).toBe(2);
    expect(second.stats).toMatchObject({ fetched: 1, cached: 0 });
    expect(readFileSync([...second.files().values()][0], 'utf8')).toBe('png bytes');
  });
});
