/**
 * The site config kept in the cache folder (cache/config-cache.ts): taken again while
 * docs.json and the files its `$ref`s name hold, read again when one of them changes or
 * appears, and never kept when the folder has no readable config (that error is thrown
 * again each time); what it returns is what loadSiteConfig returns.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedSiteConfig } from '../../../src/render/cache/config-cache.js';
import { loadSiteConfig } from '../../../src/render/config/load-site-config.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

describe('config cache', () => {
  let tmp: TempDir;
  let root: string;
  let cacheDir: string;

  beforeEach(() => {
    tmp = tempDir('quire-config-cache-');
    root = join(tmp.path, 'site');
    cacheDir = join(tmp.path, 'cache');
    writeFiles(root, {
      'docs.json': JSON.stringify({ name: 'Refs', colors: { primary: 12 }, navigation: { $ref: './nav.json' } }),
      'nav.json': JSON.stringify({ groups: [{ group: 'Start', pages: ['index'] }] }),
      'index.mdx': '# Home\n',
    });
  });
  afterEach(() => tmp.cleanup());

  const both = async () => [await cachedSiteConfig(root, cacheDir), await loadSiteConfig(root)] as const;

  it('keeps the config, its diagnostics and the hashes of docs.json and its $ref targets, and takes it again', async () => {
    const [first, cold] = await both();
    expect(first).toEqual(cold);
    // colors.primary is no colour: reported with its path, from the cache as on a cold read
    expect(first.diagnostics.some((d) => d.file === 'docs.json' && d.path?.includes('primary'))).toBe(true);
    const kept = JSON.parse(readFileSync(join(cacheDir, 'site-config.json'), 'utf8')) as { reads: Record<string, string>; config: { name: string } };
    expect(Object.keys(kept.reads).sort()).toEqual(['docs.json', 'nav.json']);

    // A marker written into the kept config shows that the next read takes it.
    kept.config.name = 'FROM THE CACHE';
    writeFileSync(join(cacheDir, 'site-config.json'), JSON.stringify(kept));
    expect((await cachedSiteConfig(root, cacheDir)).config.name).toBe('FROM THE CACHE');
  });

  it('reads the config again when docs.json or a $ref target changes, and throws again when there is none', async () => {
    await both();
    writeFileSync(join(root, 'nav.json'), JSON.stringify({ groups: [{ group: 'Renamed', pages: ['index'] }] }));
    let [warm, cold] = await both();
    expect(JSON.stringify(warm.config.navigation)).toContain('Renamed');
    expect(warm).toEqual(cold);

    // The $ref target goes: the cold read reports it, the cached one must too.
    rmSync(join(root, 'nav.json'));
    [warm, cold] = await both();
    expect(cold.diagnostics.some((d) => d.message.includes('./nav.json'))).toBe(true);
    expect(warm).toEqual(cold);

    writeFileSync(join(root, 'docs.json'), JSON.stringify({ name: 'Plain', navigation: { groups: [{ group: 'G', pages: ['index'] }] } }));
    [warm, cold] = await both();
    expect(warm.config.name).toBe('Plain');
    expect(warm).toEqual(cold);

    // No config at all: the error each time, nothing served from the cache.
    rmSync(join(root, 'docs.json'));
    await expect(cachedSiteConfig(root, cacheDir)).rejects.toThrow(/neither a docs.json nor a mint.json/);
    // A mint.json appears: read (the missing docs.json was an input too).
    writeFileSync(join(root, 'mint.json'), JSON.stringify({ name: 'Legacy', navigation: [{ group: 'G', pages: ['index'] }] }));
    [warm, cold] = await both();
    expect(warm.config.source).toBe('mint.json');
    expect(warm).toEqual(cold);
  });
});
