/**
 * Entry point of a render worker thread: builds a renderer from the site model it
 * was started with (or is sent first, when the pool started before the site was
 * scanned), then renders one page per message and answers with the result (or the
 * error message). Pages render one at a time, in the order they came: the pool sends
 * the next one before this one is done (worker-pool.ts) and matches answers by order.
 * An export's start (ThreadStart, sent by WorkerPool.prepare once the pages' sources are
 * read, when the export highlights in a thread of its own) takes its turn like a page and is
 * answered with no result: it links this thread to the export's highlight thread, which
 * highlights the code blocks, the Twoslash blocks it names with their types included.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRenderer, type RenderInit, type RenderTask, type ThreadStart } from './render-task.js';
import { getHighlighter } from '../highlight/highlighter.js';
import { releaseTwoslash } from '../highlight/twoslash.js';
import { connectHighlightThread } from '../highlight/remote-highlight.js';

// The thread runs at normal priority unless the operator lowered it (`renderNice`):
// the pool sets that before this module loads (worker-pool.ts).
let render = workerData ? createRenderer(workerData as RenderInit) : undefined;
// Themes and the engine load while the site is still being scanned.
if (!render) void getHighlighter();

let rendering = Promise.resolve();
// Loaded: from here on a page's time limit counts (worker-pool.ts).
parentPort!.postMessage({ ready: true });

const failed = (err: unknown) => parentPort!.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });

parentPort!.on('message', (msg: RenderTask | ThreadStart | { init: RenderInit } | { release: 'twoslash' }) => {
  if ('init' in msg) {
    render = createRenderer(msg.init);
    return;
  }
  if ('start' in msg) {
    if (msg.highlight) connectHighlightThread(msg.highlight, msg.twoslash);
    rendering = rendering.then(() => parentPort!.postMessage({ ok: true }));
    return;
  }
  if ('release' in msg) {
    // After the pages sent before it: the export has no more Twoslash page for this thread.
    rendering = rendering.then(() => releaseTwoslash());
    return;
  }
  rendering = rendering.then(() =>
    render!(msg).then((result) => parentPort!.postMessage({ ok: true, result }), failed),
  );
});
