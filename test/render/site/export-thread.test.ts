/**
 * exportSiteInThread: the same report and the same files as exportSite run on the calling
 * thread (Twoslash pages typed, TypeScript let go after the last), progress relayed, bad input still an InvalidError, an abort rejected with its
 * reason, and an I/O error's code and syscall kept across the thread.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, InvalidError, NotFoundError } from '../../../src/core/errors.js';
import { exportSite } from '../../../src/render/export-site.js';
import { exportSiteInThread, rebuildError, threadError } from '../../../src/render/export-thread.js';
import type { ExportProgress } from '../../../src/render/types.js';
import { smallSite, tempDir, writeFiles, type TempDir } from './make-site.js';

function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.set(relative(dir, p), readFileSync(p, 'latin1'));
    }
  };
  walk(dir);
  return files;
}

describe('exportSiteInThread', () => {
  let tmp: TempDir;
  let site: string;
  beforeAll(() => {
    tmp = tempDir();
    site = join(tmp.path, 'site');
    smallSite(site);
    // Two Twoslash pages: rendered first, after which the render thread lets TypeScript go.
    writeFiles(site, {
      'typed.mdx': '---\ntitle: Typed\n---\n\n```ts twoslash\nconst size = "hi".length;\n```\n',
      'zz-typed-again.mdx': '---\ntitle: Again\n---\n\n```ts twoslash\nconst n = [1, 2].length;\n```\n',
    });
  });
  afterAll(() => tmp.cleanup());

  it('writes what exportSite writes and reports the same, with progress', async () => {
    const here = await exportSite({ root: site, outDir: join(tmp.path, 'here'), workers: 1 });
    const progress: ExportProgress[] = [];
    const there = await exportSiteInThread({ root: site, outDir: join(tmp.path, 'there'), workers: 1, onProgress: (p) => progress.push(p) });
    expect(there.pagesRendered).toBeGreaterThan(3);
    expect({ ...there, durationMs: 0 }).toEqual({ ...here, durationMs: 0 });
    expect(there.brokenLinks).toContainEqual(expect.objectContaining({ file: 'index.mdx', href: '/missing-page' }));
    const a = tree(join(tmp.path, 'here'));
    const b = tree(join(tmp.path, 'there'));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [p, text] of a) expect(b.get(p), p).toBe(text);
    expect(b.get('typed.html')).toContain('twoslash lsp');
    // Types from TypeScript in both (the two render first; then the render thread lets it go).
    expect(b.get('typed.html')).toMatch(/<code class="twoslash-popup-code">.*size.*number/);
    expect(b.get('zz-typed-again.html')).toMatch(/<code class="twoslash-popup-code">.*n.*number/);
    expect(progress[0]).toEqual({ phase: 'scan', pagesDone: 0, pagesTotal: 0 });
    expect(progress.at(-1)).toEqual({ phase: 'done', pagesDone: there.pagesRendered, pagesTotal: there.pagesRendered });
    expect(progress.filter((p) => p.phase === 'render').at(-1)?.pagesDone).toBe(there.pagesRendered);
  });

  it('rejects bad input with an InvalidError naming it', async () => {
    const err = await exportSiteInThread({ root: site, outDir: join(tmp.path, 'bad'), deployment: 'moon' as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidError);
    expect((err as InvalidError).status).toBe(400);
    expect((err as Error).message).toContain('unknown deployment "moon"');
  });

  it('rejects with the reason of an abort', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the test');
    const running = exportSiteInThread({ root: site, outDir: join(tmp.path, 'aborted'), signal: controller.signal, onProgress: (p) => p.phase === 'render' && controller.abort(reason) });
    await expect(running).rejects.toBe(reason);
    controller.abort(reason);
    await expect(exportSiteInThread({ root: site, outDir: join(tmp.path, 'aborted-before'), signal: controller.signal })).rejects.toBe(reason);
  });

  it('keeps what callers read of an error across the thread', () => {
    let io: unknown;
    try {
      readFileSync(join(tmp.path, 'no-such-file'));
    } catch (err) {
      io = err;
    }
    const back = rebuildError(threadError(io)) as NodeJS.ErrnoException;
    expect(back.message).toBe((io as Error).message);
    expect(back).toMatchObject({ code: 'ENOENT', syscall: 'open', errno: (io as NodeJS.ErrnoException).errno, path: join(tmp.path, 'no-such-file') });
    const missing = rebuildError(threadError(new NotFoundError('no such project')));
    expect(missing).toBeInstanceOf(AppError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', message: 'no such project' });
    expect(rebuildError(threadError('plain text'))).toMatchObject({ message: 'plain text' });
  });
});
