/**
 * Entry point of a render worker thread: builds a renderer from the site model it
 * was started with, then renders one page per message and answers with the result
 * (or the error message).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRenderer, type RenderInit, type RenderTask } from './render-task.js';

const render = createRenderer(workerData as RenderInit);

parentPort!.on('message', (task: RenderTask) => {
  render(task).then(
    (result) => parentPort!.postMessage({ ok: true, result }),
    (err: unknown) => parentPort!.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
