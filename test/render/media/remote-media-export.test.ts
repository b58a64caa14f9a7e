/**
 * Remote media in a real export against real HTTP servers on loopback. The guarded
 * fetcher refuses loopback, so the tests open 127.0.0.1 by the operator's allow-list
 * (`fetchAllow`), as an operator opens an internal host; a second server on 127.0.0.2
 * stands for an internal address that stays closed: it must never be asked, neither
 * directly nor through a redirect. Air-gapped: what can be fetched is bundled and the
 * references rewritten, a re-export takes it from the cache, the rest (too big, wrong
 * type, 404, blocked, redirected to an internal address) is a diagnostic with file, line
 * and URL, replaced so no output file loads anything from another host; an SVG with a
 * script is bundled without it. Cloud keeps references by default and bundles on request.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { Diagnostic, ExportOptions, ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';
import { MediaFetcher } from '../../../src/render/media/fetch-media.js';
import { MediaStore } from '../../../src/render/media/media-store.js';
import { like } from '../../helpers/like.js';

// A 1x1 PNG, a tiny MP4 header and JPEG start: real signatures, not checked by the export (the declared type is).
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');
const MP4 = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.from('isom0000020069736f6d', 'utf8')]);
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" onload="alert(1)"><script>alert(document.cookie)</script><rect width="4" height="4" fill="#0a0"/></svg>';

let open: Server;
let closed: Server;
let base: string;
let internal: string;
const hits = new Map<string, number>();
let closedHits = 0;
let tmp: TempDir;

function serve(server: Server, host: string): Promise<number> {
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as { port: number }).port)));
}

beforeAll(async () => {
  open = createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (type: string, body: Buffer | string) => res.writeHead(200, { 'content-type': type }).end(body);
    if (path === '/diagram.png') send('image/png', PNG);
    else if (path === '/badge.svg') send('image/svg+xml; charset=utf-8', SVG);
    else if (path === '/clip.mp4') send('video/mp4', MP4);
    else if (path === '/poster.jpg') send('image/jpeg', JPEG);
    else if (path === '/big.png') send('image/png', Buffer.alloc(8192, 1));
    else if (path === '/page.png') send('text/html; charset=utf-8', '<script>alert(1)</script>');
    else if (path === '/to-internal.png') res.writeHead(302, { location: `${internal}/secret.png` }).end();
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  closed = createServer((_req, res) => {
    closedHits++;
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  base = `http://127.0.0.1:${await serve(open, '127.0.0.1')}`;
  internal = `http://127.0.0.2:${await serve(closed, '127.0.0.2')}`;
  tmp = tempDir('quire-remote-media-');
  writeFiles(join(tmp.path, 'docs'), {
    'docs.json': JSON.stringify({ name: 'Media', logo: `${base}/badge.svg`, favicon: `${base}/diagram.png`, navigation: { groups: [{ group: 'Docs', pages: ['index', 'broken', 'video'] }] } }),
    'index.mdx': [
      '---',
      'title: Home',
      '---',
      '',
      `![Architecture diagram](${base}/diagram.png)`,
      '',
      `<img src="${base}/badge.svg" alt="Build status" />`,
      '',
      `<Card title="Card" img="${base}/diagram.png">Text</Card>`,
      '',
      "import Shared from '/snippets/shared.mdx';",
      '',
      '<Shared />',
      '',
    ].join('\n'),
    'snippets/shared.mdx': `Shared text.\n\n![Gone](${base}/gone.png)\n`,
    'broken.mdx': [
      '---',
      'title: Broken',
      '---',
      '',
      `![Too big](${base}/big.png)`,
      '',
      `![Wrong type](${base}/page.png)`,
      '',
      `![Missing](${base}/missing.png)`,
      '',
      `![Internal](${internal}/secret.png)`,
      '',
      `<img src="${base}/to-internal.png" alt="Redirected" />`,
      '',
    ].join('\n'),
    'video.mdx': [
      '---',
      'title: Video',
      '---',
      '',
      `<video controls poster="${base}/poster.jpg" src="${base}/clip.mp4"></video>`,
      '',
      `<video controls><source src="${base}/clip.mp4" type="video/mp4" /></video>`,
      '',
    ].join('\n'),
  });
});

afterAll(async () => {
  await Promise.all([open, closed].map((s) => new Promise<void>((r) => s.close(() => r()))));
  tmp.cleanup();
});

const root = () => join(tmp.path, 'docs');
const run = (out: string, options: Partial<ExportOptions> = {}) =>
  exportSite({ root: root(), outDir: join(tmp.path, out), fetchAllow: ['127.0.0.1'], workers: 0, ...options, remoteMedia: { maxFileBytes: 4096, ...options.remoteMedia } });
const read = (out: string, file: string) => readFileSync(join(tmp.path, out, file), 'utf8');
const mediaWarnings = (report: ExportReport) => report.diagnostics.filter((d) => /^remote /.test(d.message));

/** Every src/poster of every output HTML file that points at another host. */
function remoteReferences(out: string): string[] {
  const dir = join(tmp.path, out);
  const found: string[] = [];
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'))) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/\b(?:src|poster|href)="((?:https?:)?\/\/[^"]*)"/g)) if (!m[0].startsWith('href') || /\.(png|svg|ico)"/.test(m[0])) found.push(`${f}: ${m[1]}`);
  }
  return found;
}

describe('an air-gapped export of pages with media on other hosts', () => {
  let report: ExportReport;
  const cacheDir = () => join(tmp.path, 'cache');

  beforeAll(async () => {
    report = await run('air', { deployment: 'air-gapped', cacheDir: cacheDir(), workers: 1 });
  });

  it('bundles what it can fetch and rewrites the references to the bundled files', () => {
    const media = report.files.filter((f) => f.startsWith('assets/media/'));
    expect(media).toEqual([
      like.stringMatching(/^assets\/media\/badge\.[0-9a-f]{8}\.svg$/),
      like.stringMatching(/^assets\/media\/clip\.[0-9a-f]{8}\.mp4$/),
      like.stringMatching(/^assets\/media\/diagram\.[0-9a-f]{8}\.png$/),
      like.stringMatching(/^assets\/media\/poster\.[0-9a-f]{8}\.jpg$/),
    ]);
    const png = media.find((f) => f.endsWith('.png'))!;
    expect(readFileSync(join(tmp.path, 'air', png))).toEqual(PNG);
    const index = read('air', 'index.html');
    expect(index).toContain(`<img src="${png}" alt="Architecture diagram" loading="lazy">`);
    expect(index).toContain(`<img class="q-card-img" src="${png}" alt="" loading="lazy">`);
    expect(index).toMatch(/<img src="assets\/media\/badge\.[0-9a-f]{8}\.svg" alt="Build status">/);
    expect(index).toContain(`<link rel="icon" href="${png}">`);
    const video = read('air', 'video.html');
    expect(video).toMatch(/<video controls poster="assets\/media\/poster\.[0-9a-f]{8}\.jpg" src="assets\/media\/clip\.[0-9a-f]{8}\.mp4"><\/video>/);
    expect(video).toMatch(/<source src="assets\/media\/clip\.[0-9a-f]{8}\.mp4" type="video\/mp4">/);
    expect(report.features['remote-media']).toEqual({ included: true, reason: like.stringMatching(/^4 file\(s\), \d+ bytes from other hosts in the bundle \(\d+ fetched, 0 from the cache\); 6 reference\(s\) not bundled/) });
  });

  it('fetches each URL once, however many pages use it', () => {
    expect(hits.get('/diagram.png')).toBe(1);
    expect(hits.get('/clip.mp4')).toBe(1);
  });

  it('bundles an SVG without its script and handler, and says what it removed, attributes too', () => {
    const svg = read('air', report.files.find((f) => f.endsWith('.svg'))!);
    expect(svg).toBe('<svg viewBox="0 0 4 4" xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4" fill="#0a0"></rect></svg>');
    expect(report.diagnostics).toContainEqual({ severity: 'warning', file: 'index.mdx', line: 7, message: like.stringContaining(`remote image ${base}/badge.svg is an SVG file; <script>, onload= removed from it (`) });
  });

  it('reports every reference it could not bundle with its file, line and URL, and why', () => {
    const replaced = 'replaced by its alt text, so the page makes no request to another host';
    const expected: [string, number, string, string][] = [
      ['broken.mdx', 5, `${base}/big.png`, 'it is larger than the limit of 4 KB per file'],
      ['broken.mdx', 7, `${base}/page.png`, 'its type is text/html, not an image, video or audio type'],
      ['broken.mdx', 9, `${base}/missing.png`, 'the host answered HTTP 404'],
      ['broken.mdx', 11, `${internal}/secret.png`, 'it is refused: its address is in a loopback range that exports may not reach'],
      ['broken.mdx', 13, `${base}/to-internal.png`, `it (redirected to ${internal}/secret.png) is refused: its address is in a loopback range`],
      ['snippets/shared.mdx', 3, `${base}/gone.png`, 'the host answered HTTP 404'],
    ];
    const warnings = mediaWarnings(report).filter((d) => d.message.includes('not bundled'));
    expect(warnings).toHaveLength(expected.length);
    for (const [file, line, url, why] of expected) {
      const d = warnings.find((w: Diagnostic) => w.file === file && w.line === line);
      expect(d?.message, `${file}:${line}`).toContain(`remote image ${url} was not bundled: ${why}`);
      expect(d?.message).toContain(replaced);
    }
  });

  it('never asks the internal address, directly or through a redirect', () => {
    expect(closedHits).toBe(0);
    expect(hits.get('/to-internal.png')).toBe(1);
  });

  it("points the pages' Markdown versions at the bundled images, and drops the others to their alt text", () => {
    const png = report.files.find((f) => /^assets\/media\/diagram\.[0-9a-f]{8}\.png$/.test(f))!;
    const index = read('air', 'index.md');
    expect(index).toContain(`![Architecture diagram](${png})`);
    expect(index).toMatch(/!\[Build status\]\(assets\/media\/badge\.[0-9a-f]{8}\.svg\)/);
    // The snippet's image could not be fetched: its alt text stays, as in the HTML.
    expect(index).toContain('Gone');
    expect(index).not.toContain(base);
    const broken = read('air', 'broken.md');
    for (const alt of ['Too big', 'Wrong type', 'Missing', 'Internal']) expect(broken).toContain(alt);
    expect(broken).not.toContain('127.0.0.');
    expect(broken).not.toContain('![');
  });

  it('leaves no reference to another host in any page, and shows the alt text instead', () => {
    expect(remoteReferences('air')).toEqual([]);
    const broken = read('air', 'broken.html');
    for (const alt of ['Too big', 'Wrong type', 'Missing', 'Internal', 'Redirected']) expect(broken).toContain(`<span class="q-media-alt">${alt}</span>`);
    expect(broken).not.toContain('127.0.0.');
  });

  it('takes the files from the cache on a re-export, into the same folder and into a new one', async () => {
    const before = new Map(hits);
    const again = await run('air', { deployment: 'air-gapped', cacheDir: cacheDir() });
    const fresh = await run('air-2', { deployment: 'air-gapped', cacheDir: cacheDir() });
    for (const path of ['/diagram.png', '/badge.svg', '/clip.mp4', '/poster.jpg']) expect(hits.get(path), path).toBe(before.get(path));
    expect(again.features['remote-media']?.reason).toMatch(/^4 file\(s\), \d+ bytes from other hosts in the bundle \(\d+ fetched, 4 from the cache\)/);
    for (const r of [again, fresh]) expect(r.files.filter((f) => f.startsWith('assets/media/'))).toEqual(report.files.filter((f) => f.startsWith('assets/media/')));
    for (const out of ['air', 'air-2']) {
      expect(remoteReferences(out)).toEqual([]);
      expect(read(out, 'index.html')).toBe(read('air', 'index.html'));
      // A page from the page cache that has remote media keeps its Markdown version too.
      expect(read(out, 'index.md')).toBe(read('air', 'index.md'));
    }
    expect(mediaWarnings(again)).toEqual(mediaWarnings(report));
  });

  it('fetches an SVG again when its cached copy was cleaned by another engine, whose sanitizer may have kept more', async () => {
    // An older engine's record: no sanitizedBy, and the blob holding what that sanitizer let through.
    const urls = readdirSync(cacheDir(), { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)urls\/[0-9a-f]{64}\.json$/.test(f));
    const svgRecords = urls.map((f) => join(cacheDir(), f)).filter((f) => (JSON.parse(readFileSync(f, 'utf8')) as { type: string }).type === 'image/svg+xml');
    expect(svgRecords).toHaveLength(1);
    const record = JSON.parse(readFileSync(svgRecords[0], 'utf8')) as { sanitizedBy?: string; sha256: string; size: number };
    expect(record.sanitizedBy).toEqual(like.any(String));
    const blob = join(svgRecords[0], '../../blobs', record.sha256);
    writeFileSync(blob, SVG);
    delete record.sanitizedBy;
    writeFileSync(svgRecords[0], JSON.stringify({ ...record, size: Buffer.byteLength(SVG) }));
    const before = hits.get('/badge.svg') ?? 0;
    const again = await run('air-3', { deployment: 'air-gapped', cacheDir: cacheDir() });
    expect(hits.get('/badge.svg')).toBe(before + 1);
    expect(read('air-3', again.files.find((f) => f.endsWith('.svg'))!)).toBe('<svg viewBox="0 0 4 4" xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4" fill="#0a0"></rect></svg>');
  });
});

describe('other modes', () => {
  it('keeps references as written in a cloud export by default, fetching nothing', async () => {
    const before = new Map(hits);
    const report = await run('cloud');
    expect(hits).toEqual(before);
    expect(mediaWarnings(report)).toEqual([]);
    expect(report.features['remote-media']).toBeUndefined();
    expect(read('cloud', 'index.html')).toContain(`<img src="${base}/diagram.png" alt="Architecture diagram" loading="lazy">`);
    expect(read('cloud', 'index.md')).toContain(`![Architecture diagram](${base}/diagram.png)`);
  });

  it('bundles in a cloud export on request, keeping what it could not fetch', async () => {
    const report = await run('cloud-bundle', { remoteMedia: { mode: 'bundle' } });
    expect(read('cloud-bundle', 'index.html')).toMatch(/<img src="assets\/media\/diagram\.[0-9a-f]{8}\.png" alt="Architecture diagram"/);
    expect(read('cloud-bundle', 'broken.html')).toContain(`<img src="${base}/missing.png" alt="Missing" loading="lazy">`);
    expect(read('cloud-bundle', 'broken.md')).toContain(`![Missing](${base}/missing.png)`);
    expect(read('cloud-bundle', 'index.md')).toMatch(/!\[Architecture diagram\]\(assets\/media\/diagram\.[0-9a-f]{8}\.png\)/);
    expect(report.diagnostics).toContainEqual({ severity: 'warning', file: 'broken.mdx', line: 9, message: `remote image ${base}/missing.png was not bundled: the host answered HTTP 404; the page still loads it from 127.0.0.1:${new URL(base).port}` });
    expect(closedHits).toBe(0);
  });

  it('omits every reference without a request when asked to', async () => {
    const before = new Map(hits);
    const report = await run('omit', { deployment: 'air-gapped', remoteMedia: { mode: 'omit' } });
    expect(hits).toEqual(before);
    expect(remoteReferences('omit')).toEqual([]);
    expect(report.files.filter((f) => f.startsWith('assets/media/'))).toEqual([]);
    expect(report.diagnostics).toContainEqual(like.objectContaining({ file: 'index.mdx', line: 5, message: like.stringContaining('remote media are left out of this export (remote media: omit)') }));
    expect(report.diagnostics).toContainEqual(like.objectContaining({ file: 'docs.json', path: 'logo.light', message: like.stringContaining(`logo.light ${base}/badge.svg was not bundled`) }));
  });

  it('refuses to keep remote references in an air-gapped export', async () => {
    await expect(run('refused', { deployment: 'air-gapped', remoteMedia: { mode: 'keep' } })).rejects.toThrow(/an air-gapped export cannot keep references to media on other hosts/);
  });
});

describe('the media fetcher', () => {
  it('does not ask a host again in the same export once it could not be reached', async () => {
    const fetcher = new MediaFetcher(new MediaStore(join(tmp.path, 'store'), 60_000), join(tmp.path, 'claims'), { maxFileBytes: 4096, maxTotalBytes: 8192, timeoutMs: 5000, concurrency: 2 });
    // .invalid never resolves (RFC 2606).
    const first = await fetcher.get('https://media.quire-test.invalid/a.png');
    expect(first).toEqual({ ok: false, reason: like.stringMatching(/^it could not be fetched: the host media\.quire-test\.invalid does not resolve/) });
    expect(await fetcher.get('https://media.quire-test.invalid/b.png')).toEqual({ ok: false, reason: like.stringMatching(/^not fetched: an earlier request to media\.quire-test\.invalid in this export failed \(the host media\.quire-test\.invalid does not resolve/) });
    expect(await fetcher.get('ftp://example.com/a.png')).toEqual({ ok: false, reason: 'it is not an http(s) URL' });
  });

  it('keeps the files of one export within the total limit', async () => {
    const fetcher = new MediaFetcher(new MediaStore(join(tmp.path, 'store-total'), 60_000), join(tmp.path, 'claims-total'), { maxFileBytes: 4096, maxTotalBytes: 100, timeoutMs: 5000, concurrency: 1 }, ['127.0.0.1']);
    expect(await fetcher.get(`${base}/diagram.png`)).toMatchObject({ ok: true, size: PNG.length });
    expect(await fetcher.get(`${base}/badge.svg`)).toEqual({ ok: false, reason: "the export's media limit of 100 bytes is used up" });
    expect([...fetcher.files().keys()]).toEqual([like.stringMatching(/^assets\/media\/diagram\.[0-9a-f]{8}\.png$/)]);
  });
});
