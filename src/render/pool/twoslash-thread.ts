/**
 * An export's Twoslash blocks typed ahead, in a short-lived thread of their own
 * (twoslash-worker.ts) that the export's highlight thread starts (highlight-worker.ts), which
 * draws each block once its types are in. TypeScript costs the thread that types a block ~2 s
 * of CPU (loading it, parsing the DOM library, the checker) and ~150 MB of heap, most of it
 * garbage once the blocks are typed: in a render thread that heap stayed committed to the
 * end of the export, where its peak memory is (issue 21: Mintlify's docs, one distinct
 * Twoslash block, ~80 MB of peak RSS), and each render thread typed the site's blocks again.
 * Started with the site's blocks, found by the scan (highlight/twoslash-blocks.ts), this
 * thread types them while the others work, hands each result in (highlight/twoslash.ts
 * addTypedBlock) and ends once it has typed them all, its heap gone with it.
 *
 * A block waited for (settle) is waited for within its page's time budget: the page's
 * render thread waits for the highlight thread's answer, and a page over its time limit ends
 * its render thread; the export ends the highlight thread, and this one with it (a worker's
 * workers end with it). The thread has the starting thread's heap limit; a block that runs it
 * out of memory is shown without types, with a warning naming the page's file and the
 * block's line. A block not typed ahead (past MAX_BLOCKS_AHEAD, or the thread failed first)
 * is typed where it is drawn, in its page's render thread.
 */
import { resourceLimits, Worker } from 'node:worker_threads';
import { addTypedBlock } from '../highlight/twoslash.js';
import type { TwoslashBlock } from '../highlight/twoslash-blocks.js';
import type { TypedBlock } from '../highlight/twoslash-typing.js';
import { RENDER_HEAP_MB, workerFileOptions } from './worker-pool.js';

let worker: Worker | undefined;
/** Blocks sent to the thread and not answered yet, oldest first (it answers in order). */
let sent: TwoslashBlock[] = [];
/** Pages waiting for the blocks being typed (settle). */
const waiting: (() => void)[] = [];

const wake = () => {
  for (const resume of waiting.splice(0)) resume();
};

/** Ends the thread (its blocks not answered yet are typed where they are drawn, if met). */
function stop(): void {
  void worker?.terminate();
  worker = undefined;
  sent = [];
  wake();
}

/** The thread's heap by default: the starting thread's (a render thread's budget; more in a roomier thread). */
function threadHeapMb(): number {
  return resourceLimits.maxOldGenerationSizeMb || RENDER_HEAP_MB;
}

function start(blocks: TwoslashBlock[], heap: number): Worker {
  const file = workerFileOptions(import.meta.url, './twoslash-worker');
  const thread = new Worker(file.entry, { eval: file.eval, resourceLimits: { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: 32 } });
  thread.on('message', (typed: TypedBlock) => {
    if (thread !== worker) return;
    const block = sent.shift();
    if (block) addTypedBlock(block.code, block.extension, typed);
    wake();
  });
  const lost = (reason: string) => {
    if (thread !== worker) return;
    // The block it was typing is the oldest unanswered; it is not tried again in the render thread.
    const block = sent[0];
    if (block) addTypedBlock(block.code, block.extension, { ok: false, reason });
    stop();
  };
  thread.on('error', (err: Error & { code?: string }) =>
    lost(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `TypeScript ran out of memory typing it (more than ${heap} MB)` : `TypeScript's thread failed: ${err.message}`),
  );
  // It ends by itself once it has answered every block (its answers come first): then nothing is lost.
  thread.on('exit', (code) => lost(`TypeScript's thread stopped (exit code ${code})`));
  thread.postMessage(blocks);
  sent = [...blocks];
  return thread;
}

/**
 * Starts typing `blocks` in a thread of their own; each is handed in when typed, and the
 * thread ends after the last. One batch at a time: blocks sent while one is typed are typed
 * where they are drawn. `heapMb` is the thread's heap limit (old generation).
 */
export function typeAhead(blocks: TwoslashBlock[], heapMb = threadHeapMb()): void {
  if (blocks.length === 0 || worker) return;
  worker = start(blocks, heapMb);
}

/**
 * Resolves once those of `blocks` (a page's) that are being typed ahead are typed, or the
 * thread ended: the page then finds their types. The thread types in order, so the page
 * waits, within its budget, for the blocks sent before its own (at most MAX_BLOCKS_AHEAD in
 * all: highlight/twoslash-blocks.ts), never for those after them.
 */
export async function settleTypedAhead(blocks: TwoslashBlock[]): Promise<void> {
  const typing = (b: TwoslashBlock) => sent.some((s) => s.extension === b.extension && s.code === b.code);
  while (worker && blocks.some(typing)) await new Promise<void>((resume) => waiting.push(resume));
}

/** Stops typing ahead: the export has no more Twoslash page for this render thread. */
export function stopTypingAhead(): void {
  if (worker) stop();
}
