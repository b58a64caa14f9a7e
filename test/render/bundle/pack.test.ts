import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidError } from '../../../src/core/errors.js';
import { extractBundle } from '../../../src/render/bundle/extract.js';
import { MANIFEST_NAME } from '../../../src/render/bundle/manifest.js';
import { packBundle, type PackBundleOptions } from '../../../src/render/bundle/pack.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-pack-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SITE: Record<string, string> = {
  'index.html': '<!doctype html><h1>Home</h1>',
  'guides/intro.html': '<h1>Intro</h1>'.repeat(200),
  'guides/index.html': '<h1>Guides</h1>',
  'assets/app.3f2a9c1d.css': 'body{color:red}',
  'redirects.json': '[]',
  [`deep/${'n'.repeat(120)}.html`]: 'a long path needs a pax header',
};

async function writeSite(root: string): Promise<void> {
  for (const [path, body] of Object.entries(SITE)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), body);
  }
}

function options(over: Partial<PackBundleOptions> = {}): PackBundleOptions {
  return {
    siteDir: join(dir, 'site'),
    outFile: join(dir, 'bundle.tar.gz'),
    jobId: 'se_0123456789abcdef',
    domain: 'docs.example.com',
    version: '2026-11-01',
    createdAt: '2026-11-01T10:00:00.000Z',
    engineVersion: '0.1.0',
    ...over,
  };
}

describe('packBundle', () => {
  it('writes the same bytes for the same site and options', async () => {
    await writeSite(join(dir, 'site'));
    const first = await packBundle(options({ outFile: join(dir, 'a.tar.gz') }));
    const second = await packBundle(options({ outFile: join(dir, 'b.tar.gz') }));
    const a = await readFile(join(dir, 'a.tar.gz'));
    const b = await readFile(join(dir, 'b.tar.gz'));
    expect(a.equals(b)).toBe(true);
    expect(first.sha256).toBe(second.sha256);
    expect(first.sha256).toBe(createHash('sha256').update(a).digest('hex'));
    expect(first.sizeBytes).toBe(a.length);
    // gzip header: magic, deflate, no flags, mtime 0
    expect([...a.subarray(0, 8)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]);
    // no temp file left beside the archive
    expect((await readdir(dir)).sort()).toEqual(['a.tar.gz', 'b.tar.gz', 'site']);
    const other = await packBundle(options({ outFile: join(dir, 'c.tar.gz'), version: '2026-11-02' }));
    expect(other.sha256).not.toBe(first.sha256);
  });

  it('lists every file sorted with size and sha256, and round-trips through extractBundle', async () => {
    await writeSite(join(dir, 'site'));
    const packed = await packBundle(options());
    expect(packed.manifest.files.map((f) => f.path)).toEqual(Object.keys(SITE).sort());
    expect(packed.manifest).toMatchObject({ formatVersion: 1, jobId: 'se_0123456789abcdef', domain: 'docs.example.com', version: '2026-11-01', engineVersion: '0.1.0' });
    const intro = packed.manifest.files.find((f) => f.path === 'guides/intro.html')!;
    expect(intro.size).toBe(SITE['guides/intro.html'].length);
    expect(intro.sha256).toBe(createHash('sha256').update(SITE['guides/intro.html']).digest('hex'));

    const manifest = await extractBundle(join(dir, 'bundle.tar.gz'), join(dir, 'out'));
    expect(manifest).toEqual(packed.manifest);
    for (const [path, body] of Object.entries(SITE)) expect(await readFile(join(dir, 'out', path), 'utf8')).toBe(body);
    expect(JSON.parse(await readFile(join(dir, 'out', MANIFEST_NAME), 'utf8'))).toEqual(packed.manifest);
  });

  it('refuses a site folder holding a symbolic link', async () => {
    await writeSite(join(dir, 'site'));
    await symlink('/etc/passwd', join(dir, 'site', 'passwd'));
    const err = await packBundle(options()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidError);
    expect((err as Error).message).toMatch(/passwd, which is not a regular file/);
    expect(await readdir(dir)).toEqual(['site']);
  });
});
