/**
 * Entry point of an export's highlight thread (highlight-thread.ts): it holds the site's
 * grammars and highlights code blocks for the render threads. Sent the site's blocks
 * (highlight/site-blocks.ts) once the scan has read them, it loads their languages in
 * one call and highlights them in the order the pages will render (`order`), a slice at a
 * time, handing each slice's blocks to every render thread. Between slices it answers the
 * blocks a render thread asks for now (remote-highlight.ts), before any other. It reads no
 * file and holds no site model: only the code it is given.
 *
 * The site's Twoslash blocks (highlight/twoslash-blocks.ts, up to MAX_BLOCKS_AHEAD) are typed
 * by TypeScript in a thread this one starts (twoslash-thread.ts) and drawn here once their
 * types come in, with the grammars loaded for the rest: one TypeScript for the export, and no
 * render thread loads Shiki's Twoslash renderer or a grammar for them. A Twoslash block not
 * typed here (past MAX_BLOCKS_AHEAD, or the typing thread failed) is its page's thread's.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { HighlighterCore } from 'shiki/core';
import { blockLanguages, ensureLanguages, getHighlighter, languageId } from '../highlight/highlighter.js';
import { highlightBlock } from '../highlight/code-block.js';
import { blockText, type SiteBlock } from '../highlight/site-blocks.js';
import type { HighlightAnswer, HighlightAsk, HighlightPush } from '../highlight/remote-highlight.js';
import { hasTypedBlock } from '../highlight/twoslash.js';
import { twoslashBlockOf, twoslashKey, type TwoslashBlock } from '../highlight/twoslash-blocks.js';
import { settleTypedAhead, typeAhead } from './twoslash-thread.js';

/** What the export's main thread sends (highlight-thread.ts). */
export type HighlightThreadMessage =
  | { clients: { port: MessagePort; flags: SharedArrayBuffer }[]; progress: SharedArrayBuffer }
  | { files: [string, SiteBlock[]][] }
  | { order: string[] }
  | { twoslash: TwoslashBlock[] };

/** Time one slice of blocks may take before the thread answers what was asked meanwhile, in ms. */
const SLICE_MS = 8;

interface Client {
  port: MessagePort;
  flags: Int32Array;
}

const clients: Client[] = [];
/** [0] blocks finished, [1] 1 while a block is being highlighted (the main thread's watchdog reads them). */
let progress: Int32Array<ArrayBufferLike> = new Int32Array(2);
/** Blocks by page file, and the files in the order their blocks are to be highlighted. */
const byFile = new Map<string, SiteBlock[]>();
let queue: string[] = [];
let looping = false;
/**
 * Blocks already highlighted, by text, not to be done twice ahead of their pages. Their HTML
 * is not kept: the render threads keep what they were handed, and a block asked for again
 * (rare: asked blocks are those not handed over) is highlighted again.
 */
const done = new Set<string>();
/** The Twoslash blocks typed for this thread, by twoslashKey: the only ones it draws. */
const typedHere = new Set<string>();
/** Twoslash blocks reached before their types came in: drawn once they have. */
let awaitingTypes: SiteBlock[] = [];

/** Wakes a render thread waiting for an answer (remote-highlight.ts). */
function wake(client: Client): void {
  Atomics.add(client.flags, 0, 1);
  Atomics.notify(client.flags, 0);
}

/** A block drawn, with the reason it is plain text or shown without types, if it is. */
interface Drawn {
  html: string;
  plain?: string;
  noTypes?: string;
}

function highlightNow(h: HighlighterCore, lang: string, meta: string, code: string): Drawn {
  done.add(blockText(lang, meta, code));
  progress[1] = 1;
  try {
    const drawn: Drawn = { html: '' };
    drawn.html = highlightBlock(h, code, lang, meta, (reason) => (drawn.plain = reason), (reason) => (drawn.noTypes = reason));
    return drawn;
  } finally {
    progress[1] = 0;
    Atomics.add(progress, 0, 1);
  }
}

/**
 * Whether this thread draws the block now: any but a Twoslash block whose types are not
 * here. One being typed for it waits for them in `awaiting` (else it is its page's thread's).
 */
function drawable(block: SiteBlock, awaiting?: SiteBlock[], typed = twoslashBlockOf(...block)): boolean {
  if (!typed || hasTypedBlock(typed.code, typed.extension)) return true;
  if (typedHere.has(twoslashKey(typed))) awaiting?.push(block);
  return false;
}

async function answer(client: Client, ask: HighlightAsk): Promise<void> {
  let reply: HighlightAnswer;
  try {
    // A Twoslash block being typed here is drawn once typed, within its page's time budget (its thread waits).
    const typed = twoslashBlockOf(ask.lang, ask.meta, ask.code);
    if (typed && typedHere.has(twoslashKey(typed))) await settleTypedAhead([typed]);
    if (!drawable([ask.lang, ask.meta, ask.code], undefined, typed)) {
      client.port.postMessage({ id: ask.id, local: true } satisfies HighlightAnswer);
      wake(client);
      return;
    }
    const h = languageId(ask.lang) ? await ensureLanguages(blockLanguages(ask.lang, ask.code)) : await getHighlighter();
    const { html, plain, noTypes } = highlightNow(h, ask.lang, ask.meta, ask.code);
    reply = { id: ask.id, html, ...(plain === undefined ? {} : { plain }), ...(noTypes === undefined ? {} : { noTypes }) };
  } catch (err) {
    // Thrown in the render thread that asked, as if it had highlighted the block itself.
    reply = { id: ask.id, error: err instanceof Error ? err.message : String(err) };
  }
  client.port.postMessage(reply);
  wake(client);
}

/** Highlights the queued files' blocks a slice at a time, handing each slice to every render thread. */
async function loop(): Promise<void> {
  if (looping) return;
  looping = true;
  const langs = new Set<string>();
  for (const blocks of byFile.values()) for (const [lang, , code] of blocks) if (languageId(lang)) for (const l of blockLanguages(lang, code)) langs.add(l);
  // In one call, so that each grammar loads after those it embeds (highlighter.ts).
  const h = await ensureLanguages(langs);
  const draw = (block: SiteBlock, pushed: [string, string][]) => {
    const [lang, meta, code] = block;
    const text = blockText(lang, meta, code);
    if (done.has(text)) return;
    try {
      const { html, plain, noTypes } = highlightNow(h, lang, meta, code);
      // A block shown as plain text, or without its types, is left for its page to ask: the page warns about it.
      if (plain === undefined && noTypes === undefined) pushed.push([text, html]);
    } catch {
      // Left for its page to ask too: the error is then the page's.
    }
  };
  // The Twoslash blocks whose types came in meanwhile.
  const drawTyped = (pushed: [string, string][]) => {
    const waiting = awaitingTypes;
    awaitingTypes = [];
    for (const block of waiting) if (drawable(block, awaitingTypes)) draw(block, pushed);
  };
  while (queue.length > 0 || awaitingTypes.length > 0) {
    const until = performance.now() + SLICE_MS;
    const pushed: [string, string][] = [];
    drawTyped(pushed);
    while (queue.length > 0 && performance.now() < until) {
      const file = queue.shift()!;
      for (const block of byFile.get(file) ?? []) if (languageId(block[0]) && drawable(block, awaitingTypes)) draw(block, pushed);
      byFile.delete(file);
    }
    if (pushed.length) {
      for (const client of clients) {
        client.port.postMessage({ pushed } satisfies HighlightPush);
        wake(client);
      }
    }
    if (queue.length === 0 && awaitingTypes.length > 0) {
      // Only Twoslash blocks left: their types, or the end of the typing thread (its blocks are then their pages' threads').
      await settleTypedAhead(awaitingTypes.map((block) => twoslashBlockOf(...block)!));
      if (!awaitingTypes.some((block) => drawable(block))) break;
      continue;
    }
    // What the render threads asked for meanwhile is answered before the next slice.
    await new Promise((resume) => setImmediate(resume));
  }
  looping = false;
  // Every block of the site is handed over: the main thread ends this thread (highlight-thread.ts).
  parentPort!.postMessage({ idle: true });
}

parentPort!.on('message', (msg: HighlightThreadMessage) => {
  if ('clients' in msg) {
    progress = new Int32Array(msg.progress);
    for (const { port, flags } of msg.clients) {
      const client = { port, flags: new Int32Array(flags) };
      clients.push(client);
      port.on('message', (ask: HighlightAsk) => void answer(client, ask));
    }
    return;
  }
  if ('twoslash' in msg) {
    for (const block of msg.twoslash) typedHere.add(twoslashKey(block));
    typeAhead(msg.twoslash);
    return;
  }
  if ('files' in msg) {
    for (const [file, blocks] of msg.files) {
      if (!byFile.has(file)) queue.push(file);
      byFile.set(file, blocks);
    }
    void loop();
    return;
  }
  // The files first that render first; the others after, as they were.
  const first = msg.order.filter((file) => byFile.has(file));
  const set = new Set(first);
  queue = [...new Set(first), ...queue.filter((file) => !set.has(file))];
});
