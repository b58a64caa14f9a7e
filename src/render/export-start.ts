/**
 * The export's own resources around the export proper (export-run.ts): the page and
 * highlight caches, the working folder for fetched documents, the media store, the engine
 * code's hash; set up before it and torn down after it, in an order that lets no render thread
 * write to a pack that is closed. export-site.ts loads this module once the render threads started.
 */
import { join, resolve } from 'node:path';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { ExportOptions, ExportReport } from './types.js';
import type { RenderTask, RenderTaskResult } from './pool/render-task.js';
import type { WorkerPool } from './pool/worker-pool.js';
import { PageCache } from './cache/page-cache.js';
import { HighlightPacks } from './cache/highlight-pack.js';
import { primeEngineCode } from './cache/engine-code-memo.js';
import type { Outbound } from './openapi/read-document.js';
import { mediaStoreDir, RemoteMedia } from './media/remote-media.js';
import { checkOptions } from './export-options.js';
import { exportWith } from './export-run.js';

/** What export-site.ts settled before this module was loaded. */
export interface ExportStart {
  /** performance.now() when the export began. */
  started: number;
  root: string;
  outDir: string;
  cacheDir: string | undefined;
  /** Nothing cached from an earlier export: every page renders. */
  cold: boolean;
  /** Render threads started before this module was loaded (they load theirs meanwhile). */
  early: WorkerPool<RenderTask, RenderTaskResult> | undefined;
}

/** The export proper, once export-site.ts has started the render threads. */
export async function exportStarted(options: ExportOptions, { started, root, outDir, cacheDir, cold, early }: ExportStart): Promise<ExportReport> {
  await checkOptions(options);
  const deployment = options.deployment ?? 'cloud';
  // Before the first cache key (the config's, in the scan): taken from the cache folder when the engine's files are unchanged.
  if (cacheDir) await primeEngineCode(cacheDir);
  const cache = cacheDir ? new PageCache(cacheDir) : undefined;
  const highlights = cacheDir ? new HighlightPacks(cacheDir) : undefined;
  // Copies of fetched documents go to a folder of this export's own, never a shared path.
  const ownWork = options.workDir === undefined;
  const workDir = ownWork ? await mkdtemp(join(tmpdir(), 'quire-export-')) : resolve(options.workDir!);
  const outbound: Outbound = { policy: { allow: options.fetchAllow ?? [] }, copyDir: join(workDir, 'fetched') };
  try {
    await rm(outbound.copyDir!, { recursive: true, force: true });
    await mkdir(outbound.copyDir!, { recursive: true, mode: 0o700 });
    const media = new RemoteMedia(options, deployment, mediaStoreDir(cacheDir, workDir), join(outbound.copyDir!, 'media'));
    return await exportWith(options, { started, root, outDir, deployment, cacheDir, cold, early, cache, highlights, outbound, media });
  } finally {
    await early?.close();
    // Only once no render thread is left to write to its pack.
    cache?.close();
    highlights?.close();
    await rm(ownWork ? workDir : outbound.copyDir!, { recursive: true, force: true });
  }
}
