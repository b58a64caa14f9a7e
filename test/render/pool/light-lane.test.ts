/**
 * A cold export with enough light pages gives them a thread of their own beside the render
 * thread (pool/render-threads.ts isLightPage, WorkerPool.addLane): the files and the report
 * are those of an export on one render thread.
 */
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { LIGHT_LANE_PAGES } from '../../../src/render/pool/render-threads.js';
import { WorkerPool } from '../../../src/render/pool/worker-pool.js';
import { listFiles, smallSite, tempDir, writeFiles, type TempDir } from '../site/make-site.js';

describe.skipIf(availableParallelism() < 2)('the light pages thread', () => {
  let tmp: TempDir;
  let site: string;
  beforeAll(() => {
    tmp = tempDir();
    site = join(tmp.path, 'site');
    smallSite(site);
    const pages: Record<string, string> = {};
    for (let i = 0; i < LIGHT_LANE_PAGES + 10; i++) {
      pages[`light/p${i}.mdx`] = `---\ntitle: Light ${i}\n---\n\nSee [the next](/light/p${i + 1}) and <Note>note ${i}</Note>.\n\n\`\`\`json\n{"n": ${i}}\n\`\`\`\n`;
    }
    for (let i = 0; i < 6; i++) pages[`code/c${i}.mdx`] = `---\ntitle: Code ${i}\n---\n\n\`\`\`tsx\nexport const A${i} = () => <div className="a">{${i}}</div>;\n\`\`\`\n`;
    writeFiles(site, pages);
  });
  afterAll(() => tmp.cleanup());

  it('writes the files and the report of an export on one render thread', async () => {
    const lanes = vi.spyOn(WorkerPool.prototype, 'addLane');
    const one = await exportSite({ root: site, outDir: join(tmp.path, 'one'), workers: 1 });
    expect(lanes).not.toHaveBeenCalled();
    const laned = await exportSite({ root: site, outDir: join(tmp.path, 'laned') });
    // The light pages did get their thread (else this test would compare two one-thread exports).
    expect(lanes).toHaveBeenCalledTimes(1);
    lanes.mockRestore();
    expect(laned.pagesRendered).toBeGreaterThan(LIGHT_LANE_PAGES + 16);
    expect({ ...laned, durationMs: 0 }).toEqual({ ...one, durationMs: 0 });
    const files = listFiles(join(tmp.path, 'one'));
    expect(listFiles(join(tmp.path, 'laned'))).toEqual(files);
    const read = (dir: string, p: string) => readFileSync(join(tmp.path, dir, p), 'latin1');
    for (const p of files) expect(read('laned', p), p).toBe(read('one', p));
    expect(read('laned', 'code/c3.html')).toMatch(/data-lang="tsx"[^>]*><code><span class="line"><span class="l\d+ d\d+">/);
    expect(read('laned', 'light/p7.html')).toContain('Light 7');
  }, 120_000);
});
