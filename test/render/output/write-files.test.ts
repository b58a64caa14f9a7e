/**
 * writeOutputFiles: contents in memory and copies land where they belong, the tracker
 * learns each file written (with its size and mtime) and skips those it says the folder
 * holds, and the event loop gets a turn between written files (search shards are written
 * while a render thread waits for its next task).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeOutputFiles, type OutputContent, type WriteTracker } from '../../../src/render/output/write-files.js';
import { tempDir, type TempDir } from '../site/make-site.js';
import { like } from '../../helpers/like.js';

function recordingTracker(same: Set<string>) {
  const recorded = new Map<string, { key: string; size: number; mtimeMs: number }>();
  const copied: string[] = [];
  const tracker: WriteTracker = {
    sameFile: async (path) => same.has(path),
    fileWritten: async (path) => void copied.push(path),
    recordFile: (path, key, file) => void recorded.set(path, { key, ...file }),
  };
  return { tracker, recorded, copied };
}

describe('writeOutputFiles', () => {
  let tmp: TempDir | undefined;
  afterEach(() => tmp?.cleanup());

  it('writes contents and copies, tells the tracker, and skips what the folder holds', async () => {
    tmp = tempDir('quire-write-');
    const out = join(tmp.path, 'out');
    const source = join(tmp.path, 'logo.svg');
    writeFileSync(source, '<svg/>');
    const files = new Map<string, OutputContent>([
      ['search/terms.0a1b2c3d.json', new Uint8Array([1, 2, 3])],
      ['sitemap.xml', '<urlset/>'],
      ['kept.txt', 'not written'],
      ['images/logo.svg', { copyFrom: source }],
    ]);
    const { tracker, recorded, copied } = recordingTracker(new Set(['kept.txt']));
    await writeOutputFiles(out, files, tracker);

    expect([...readFileSync(join(out, 'search/terms.0a1b2c3d.json'))]).toEqual([1, 2, 3]);
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toBe('<urlset/>');
    expect(readFileSync(join(out, 'images/logo.svg'), 'utf8')).toBe('<svg/>');
    expect(() => statSync(join(out, 'kept.txt'))).toThrow();
    expect(copied).toEqual(['images/logo.svg']);
    expect([...recorded.keys()].sort()).toEqual(['search/terms.0a1b2c3d.json', 'sitemap.xml']);
    const s = statSync(join(out, 'sitemap.xml'));
    expect(recorded.get('sitemap.xml')).toEqual({ key: like.stringMatching(/^[0-9a-f]{64}$/), size: s.size, mtimeMs: s.mtimeMs });
  });

  it('makes a made content only when it writes the file, keyed by its own key', async () => {
    tmp = tempDir('quire-write-');
    const out = join(tmp.path, 'out');
    const made: string[] = [];
    const content = (name: string, key: string): OutputContent => ({ key, make: async () => (made.push(name), `module ${name}`) });
    const files = new Map<string, OutputContent>([
      ['assets/lib/a.js', content('a', 'a@1')],
      ['assets/lib/b.js', content('b', 'b@1')],
    ]);
    const { tracker, recorded } = recordingTracker(new Set(['assets/lib/b.js']));
    await writeOutputFiles(out, files, tracker);
    // b is in the folder already: never made, never written
    expect(made).toEqual(['a']);
    expect(readFileSync(join(out, 'assets/lib/a.js'), 'utf8')).toBe('module a');
    expect(() => statSync(join(out, 'assets/lib/b.js'))).toThrow();
    expect(recorded.get('assets/lib/a.js')?.key).toBe('made:a@1');
    // without a tracker every file is made and written
    await writeOutputFiles(join(tmp.path, 'plain'), files);
    expect(made).toEqual(['a', 'a', 'b']);
    expect(readFileSync(join(tmp.path, 'plain', 'assets/lib/b.js'), 'utf8')).toBe('module b');
  });

  it('writes a made content given as chunks as their bytes one after the other, past a thousand chunks', async () => {
    tmp = tempDir('quire-write-');
    // 2,500 chunks of varied sizes, some empty, with multi-byte characters: more than one system call's worth.
    const chunks = Array.from({ length: 2500 }, (_, i) => Buffer.from(i % 7 === 0 ? '' : `entry ${i} é ${'x'.repeat(i % 13)}\n`));
    const files = new Map<string, OutputContent>([['llms-full.txt', { key: 'k', make: async () => chunks }]]);
    const { tracker, recorded } = recordingTracker(new Set());
    await writeOutputFiles(tmp.path, files, tracker);
    const expected = Buffer.concat(chunks);
    expect(readFileSync(join(tmp.path, 'llms-full.txt')).equals(expected)).toBe(true);
    expect(recorded.get('llms-full.txt')).toMatchObject({ key: 'made:k', size: expected.length });
    // Written again over a longer file of the previous export: truncated to the new bytes.
    writeFileSync(join(tmp.path, 'llms-full.txt'), Buffer.alloc(expected.length * 2, 1));
    await writeOutputFiles(tmp.path, files);
    expect(readFileSync(join(tmp.path, 'llms-full.txt')).equals(expected)).toBe(true);
  });

  it('lets the event loop run between the files it writes', async () => {
    tmp = tempDir('quire-write-');
    const files = new Map<string, OutputContent>(Array.from({ length: 50 }, (_, i) => [`shard/f${i}`, `content ${i}`] as [string, OutputContent]));
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    await writeOutputFiles(tmp.path, files);
    ticking = false;
    expect(readFileSync(join(tmp.path, 'shard/f49'), 'utf8')).toBe('content 49');
    expect(turns).toBeGreaterThanOrEqual(45);
  });
});
