/**
 * An export's highlight thread (highlight-worker.ts): the code blocks of a cold export are
 * highlighted there, once, with one set of grammars, while the render threads render the
 * rest of their pages (highlight/remote-highlight.ts is their side).
 *
 * Highlighting was a third of a render thread's CPU on real sites and the larger part of its
 * start: Shiki's JavaScript engine translates each grammar's patterns and V8 compiles them
 * per thread, so every render thread paid the warm-up of every language (Mintlify's docs:
 * ~2-3 s before its first page) and a second render thread cost ~8 s more CPU. Here the
 * grammars warm once, while the export's main thread scans and plans the site, and the
 * blocks the scan found are highlighted in the order their pages render.
 *
 * A block that would not end (the tokenizer's bounds are counted, not timed, but a grammar's
 * regex can backtrack long on hostile text) cannot stall the export: the main thread watches
 * the thread's progress and stops it when one block took more than `stallMs`; the render
 * threads then highlight their blocks themselves (the block that stalled it fails its page
 * there, by the page's own time budget, as before). A thread that fails the same way.
 *
 * It also types the site's Twoslash blocks, in a thread of its own (twoslash-thread.ts: one
 * TypeScript for the export, however many render threads), and draws them with their types.
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import type { SiteBlock } from '../highlight/site-blocks.js';
import type { TwoslashBlock } from '../highlight/twoslash-blocks.js';
import type { HighlightLink } from '../highlight/remote-highlight.js';
import type { HighlightThreadMessage } from './highlight-worker.js';
import { RENDER_HEAP_MB, workerFileOptions } from './worker-pool.js';

/** How often the main thread looks at the thread's progress, in ms. */
const WATCH_MS = 500;

export class HighlightThread {
  private readonly worker: Worker;
  private readonly flags: Int32Array[] = [];
  private readonly progress = new Int32Array(new SharedArrayBuffer(8));
  private readonly watch: NodeJS.Timeout;
  private gone = false;

  /** Starts the thread (it loads Shiki and the themes meanwhile); a block may take at most `stallMs`. */
  constructor(private readonly stallMs: number) {
    const file = workerFileOptions(import.meta.url, './highlight-worker');
    this.worker = new Worker(file.entry, { eval: file.eval, resourceLimits: { maxOldGenerationSizeMb: RENDER_HEAP_MB, maxYoungGenerationSizeMb: 32 } });
    // A thread that failed (out of memory too) or ended is as one stopped: the render threads highlight for themselves.
    this.worker.on('error', () => this.stop());
    this.worker.on('exit', () => this.stop());
    // Done with the site's blocks: its grammars are let go (the render threads keep what it drew).
    this.worker.on('message', () => this.stop());
    let last = -1;
    let since = performance.now();
    this.watch = setInterval(() => {
      const done = Atomics.load(this.progress, 0);
      if (done !== last || Atomics.load(this.progress, 1) === 0) {
        last = done;
        since = performance.now();
      } else if (performance.now() - since > this.stallMs) {
        this.stop();
      }
    }, WATCH_MS);
    this.watch.unref();
  }

  /** A link for each of `count` render threads (sent with their warm-up: render-worker.ts). */
  connect(count: number): HighlightLink[] {
    const links: HighlightLink[] = [];
    const ends: { port: HighlightLink['port']; flags: SharedArrayBuffer }[] = [];
    for (let i = 0; i < count; i++) {
      const { port1, port2 } = new MessageChannel();
      const flags = new SharedArrayBuffer(8);
      this.flags.push(new Int32Array(flags));
      links.push({ port: port1, flags });
      ends.push({ port: port2, flags });
    }
    if (this.gone) for (const f of this.flags) Atomics.store(f, 1, 1);
    this.post({ clients: ends, progress: this.progress.buffer }, ends.map((e) => e.port));
    return links;
  }

  /** The site's Twoslash blocks, to type (in a thread it starts) and draw; sent before the blocks (send). */
  typeAhead(blocks: TwoslashBlock[]): void {
    if (blocks.length) this.post({ twoslash: blocks });
  }

  /** The site's blocks by page file, to highlight ahead of their pages (the thread ends once it has: none, at once). */
  send(files: [string, SiteBlock[]][]): void {
    this.post({ files });
  }

  /** The page files in the order they render: their blocks are highlighted first. */
  order(files: string[]): void {
    this.post({ order: files });
  }

  private post(msg: HighlightThreadMessage, transfer: HighlightLink['port'][] = []): void {
    if (!this.gone) this.worker.postMessage(msg, transfer);
  }

  /** Ends the thread; render threads waiting for it are woken and highlight for themselves. */
  private stop(): void {
    if (this.gone) return;
    this.gone = true;
    clearInterval(this.watch);
    void this.worker.terminate();
    for (const f of this.flags) {
      Atomics.store(f, 1, 1);
      // Bumped too: a render thread about to wait for the count it read then does not wait.
      Atomics.add(f, 0, 1);
      Atomics.notify(f, 0);
    }
  }

  /** Ends the thread once the export's pages are rendered (it may have ended already). */
  async close(): Promise<void> {
    this.stop();
    await this.worker.terminate();
  }
}
