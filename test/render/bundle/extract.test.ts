import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidError } from '../../../src/core/errors.js';
import { extractBundle } from '../../../src/render/bundle/extract.js';
import type { BundleLimits } from '../../../src/render/bundle/verify.js';
import { manifestEntry, manifestFor, writeArchive, writeBundle, type CraftedEntry } from './craft-archive.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-extract-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const FILES = { 'index.html': '<h1>Home</h1>', 'guides/a.html': '<h1>A</h1>' };
const good = (): CraftedEntry[] => {
  const m = manifestFor(FILES);
  return [manifestEntry(m), { name: 'guides/a.html', body: FILES['guides/a.html'] }, { name: 'index.html', body: FILES['index.html'] }];
};

/** Extracts `entries` and expects a refusal matching `message`, with nothing left behind. */
async function expectRefused(entries: CraftedEntry[], message: RegExp, limits?: BundleLimits): Promise<void> {
  const archive = join(dir, 'bundle.tar.gz');
  await writeArchive(archive, entries);
  const err = await extractBundle(archive, join(dir, 'out', 'site'), limits).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(InvalidError);
  expect((err as Error).message).toMatch(message);
  // neither the destination nor a temp folder remains
  expect(await readdir(join(dir, 'out'))).toEqual([]);
  expect((await readdir(dir)).sort()).toEqual(['bundle.tar.gz', 'out']);
}

describe('extractBundle', () => {
  it('extracts a well-formed bundle, folder entries included', async () => {
    const archive = join(dir, 'ok.tar.gz');
    const entries = good();
    entries.splice(1, 0, { name: 'guides/', type: 'directory' });
    await writeArchive(archive, entries);
    const manifest = await extractBundle(archive, join(dir, 'site'));
    expect(manifest.files.map((f) => f.path)).toEqual(['guides/a.html', 'index.html']);
    expect((await readdir(join(dir, 'site'))).sort()).toEqual(['guides', 'index.html', 'quire-manifest.json']);
  });

  it('refuses path traversal', async () => {
    await expectRefused([...good(), { name: '../evil.html', body: 'x' }], /"\.\." segment/);
    await expectRefused([...good(), { name: 'guides/../../evil.html', body: 'x' }], /"\.\." segment/);
    const m = manifestFor({ '../evil.html': 'x' });
    await expectRefused([manifestEntry(m), { name: '../evil.html', body: 'x' }], /manifest lists an unsafe path "\.\.\/evil\.html"/);
  });

  it('refuses absolute paths, backslashes and drive letters', async () => {
    await expectRefused([...good(), { name: '/tmp/evil.html', body: 'x' }], /absolute path/);
    await expectRefused([...good(), { name: 'a\\..\\evil.html', body: 'x' }], /backslash/);
    await expectRefused([...good(), { name: 'C:evil.html', body: 'x' }], /drive letter/);
  });

  it('refuses symbolic links, hard links, devices and fifos', async () => {
    await expectRefused([...good(), { name: 'passwd', type: 'symlink', linkname: '/etc/passwd' }], /"passwd" is a symbolic link \(to "\/etc\/passwd"\)/);
    await expectRefused([...good(), { name: 'hard', type: 'link', linkname: 'index.html' }], /"hard" is a hard link/);
    await expectRefused([...good(), { name: 'tty', type: 'character-device' }], /"tty" is a character device/);
    await expectRefused([...good(), { name: 'disk', type: 'block-device' }], /"disk" is a block device/);
    await expectRefused([...good(), { name: 'pipe', type: 'fifo' }], /"pipe" is a fifo/);
  });

  it('refuses more entries, bytes or bigger files than the limits', async () => {
    await expectRefused(good(), /more than the limit of 2 entries/, { maxEntries: 2 });
    await expectRefused(good(), /add up to 23 bytes, more than the limit of 20/, { maxBytes: 20 });
    await expectRefused(good(), /"index.html" has 13 bytes, more than the limit of 12/, { maxFileBytes: 12 });
    // entries that are not in the manifest count as well
    const folders = Array.from({ length: 5 }, (_, i) => ({ name: `d${i}/`, type: 'directory' as const }));
    await expectRefused([...good(), ...folders], /more than 4 entries/, { maxEntries: 4 });
  });

  it('refuses a gzip bomb by its compression ratio', async () => {
    const zeros = Buffer.alloc(16 * 1024 * 1024);
    const m = manifestFor({ 'zeros.bin': zeros });
    await expectRefused([manifestEntry(m), { name: 'zeros.bin', body: zeros }], /compression ratio above 200:1/);
  });

  it('refuses a file altered after the manifest was written', async () => {
    const m = manifestFor(FILES);
    await expectRefused([manifestEntry(m), { name: 'guides/a.html', body: '<h1>B</h1>' }, { name: 'index.html', body: FILES['index.html'] }], /"guides\/a.html" does not match its sha256/);
    await expectRefused([manifestEntry(m), { name: 'guides/a.html', body: '<h1>AA</h1>' }, { name: 'index.html', body: FILES['index.html'] }], /"guides\/a.html" has 11 bytes, the manifest says 10/);
  });

  it('refuses a missing manifest, a manifest not first, files outside or missing from it, duplicates', async () => {
    await expectRefused([{ name: 'index.html', body: 'x' }], /first entry must be quire-manifest.json.*missing manifest/);
    const [manifest, a, index] = good();
    await expectRefused([a, manifest, index], /first entry must be quire-manifest.json/);
    await expectRefused([manifest, a], /1 file\(s\) of the manifest are missing from the archive, e.g. "index.html"/);
    await expectRefused([manifest, a, index, { name: 'extra.js', body: 'x' }], /"extra.js" is not listed in the manifest/);
    await expectRefused([manifest, a, index, index], /duplicate entry "index.html"/);
    await expectRefused([{ name: 'quire-manifest.json', body: '{"formatVersion":2}' }], /invalid at formatVersion/);
    await expectRefused([], /missing manifest/);
  });

  it('refuses what is not a gzip\'d tar and an existing destination', async () => {
    const archive = join(dir, 'bundle.tar.gz');
    await writeFile(archive, 'not gzip at all');
    const err = await extractBundle(archive, join(dir, 'out')).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/not a valid gzip'd tar archive/);
    expect(await readdir(dir)).toEqual(['bundle.tar.gz']);

    await writeBundle(archive, FILES);
    await extractBundle(archive, join(dir, 'site'));
    await expect(extractBundle(archive, join(dir, 'site'))).rejects.toThrow(/folder is not empty/);
  });
});
