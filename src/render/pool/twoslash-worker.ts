/**
 * Entry point of the thread that types a render thread's Twoslash blocks ahead of their
 * pages (twoslash-thread.ts): it is sent the blocks once, answers with what Twoslash found
 * for each, in order, as data, and then ends on its own, its heap with it (the render
 * thread, busy with its pages, may read the answers only later). It holds nothing else: no
 * file system access beyond TypeScript's own library files (highlight/twoslash-typing.ts),
 * no site model.
 */
import { parentPort } from 'node:worker_threads';
import { typeTwoslash } from '../highlight/twoslash-typing.js';
import type { TwoslashBlock } from '../highlight/twoslash-blocks.js';

parentPort!.once('message', (blocks: TwoslashBlock[]) => {
  for (const block of blocks) parentPort!.postMessage(typeTwoslash(block.code, block.extension));
  // Nothing keeps the thread then: it ends, its answers still delivered.
  parentPort!.close();
});
