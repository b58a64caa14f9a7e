/**
 * A render thread's side of the export's highlight thread (pool/highlight-thread.ts): code
 * blocks are highlighted there, by one set of grammars for the whole export, while this
 * thread renders the rest of its pages. The blocks the scan found come in ahead of their
 * pages (handed over a slice at a time, read here whenever a block is looked up); a block
 * not handed over is asked for and waited for, synchronously (the renderer draws a page
 * synchronously): the answer comes on this thread's port, and the highlight thread bumps a
 * shared counter and wakes this one (Atomics.wait) once it is posted.
 *
 * Twoslash blocks too, those the highlight thread types (the start names them: a render
 * thread loads neither TypeScript nor Shiki's Twoslash renderer for them); any other
 * Twoslash block is typed and drawn here.
 *
 * The highlight thread ends once it has highlighted the site's blocks (its grammars are
 * then let go, ~100 MB): the blocks handed over stay here, and a page with a block that is
 * not among them loads that block's grammars in this thread (markdown/render-page.ts). The
 * same when the thread failed or was stopped; a page being drawn at that moment is drawn
 * again (pool/render-task.ts, `losses`).
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { blockText } from './site-blocks.js';
import { languageId } from './highlighter.js';
import { twoslashBlockOf, twoslashKey, type TwoslashBlock } from './twoslash-blocks.js';

/** A block asked for (render thread to highlight thread). */
export interface HighlightAsk {
  id: number;
  lang: string;
  meta: string;
  code: string;
}

/**
 * The answer to a HighlightAsk: the block's `<pre>`, with the reason when it is plain text or
 * shown without types; the error highlighting it threw; or `local` for a Twoslash block the
 * highlight thread has no types for (the asking thread types and draws it).
 */
export type HighlightAnswer = { id: number; html: string; plain?: string; noTypes?: string } | { id: number; error: string } | { id: number; local: true };

/** Blocks handed over ahead of their pages, by blockText. */
export interface HighlightPush {
  pushed: [string, string][];
}

/** What a render thread is given to reach the highlight thread: its end of a channel, and the flags ([0] posts, [1] 1 once the thread has ended). */
export interface HighlightLink {
  port: MessagePort;
  flags: SharedArrayBuffer;
}

/** What a lookup gives: the block's `<pre>` (with the reason it is plain text or without types), or why the highlight thread could not answer. */
export type RemoteResult = { html: string; plain?: string; noTypes?: string } | { lost: string };

/** Longest wait for one answer, in ms: the highlight thread is stopped well before (pool/highlight-thread.ts). */
const ANSWER_TIMEOUT_MS = 120_000;
/** Characters of handed-over HTML kept at most; blocks handed over beyond are asked for. */
const MAX_READY_CHARS = 128 * 2 ** 20;

interface Link {
  port: MessagePort;
  flags: Int32Array;
  /** Blocks handed over, by blockText, kept for the export (a page may repeat a block after the renderer forgot it). */
  ready: Map<string, string>;
  readyChars: number;
  asked: number;
  /** Set once the highlight thread has ended (or did not answer): nothing more is asked. */
  gone: boolean;
  /** The Twoslash blocks the highlight thread types, by twoslashKey (any other is drawn here). */
  typed: Set<string>;
}

let link: Link | undefined;
/** Blocks drawn as plain text because the highlight thread had ended (lostBlock). */
let lost = 0;

/** Connects this render thread to the export's highlight thread, which types and draws the Twoslash blocks `twoslash`. */
export function connectHighlightThread({ port, flags }: HighlightLink, twoslash: TwoslashBlock[] = []): void {
  // Read only when a block is looked up: nothing here keeps the thread alive.
  port.unref();
  link = { port, flags: new Int32Array(flags), ready: new Map(), readyChars: 0, asked: 0, gone: false, typed: new Set(twoslash.map(twoslashKey)) };
}

/** Whether the highlight thread can draw the block: any but a Twoslash block it does not type. */
function remoteKind(l: Link, lang: string, meta: string, code: string): boolean {
  const typed = twoslashBlockOf(lang, meta, code);
  return !typed || l.typed.has(twoslashKey(typed));
}

/** How many blocks were drawn as plain text for want of the highlight thread: a page during which this grows is drawn again. */
export function losses(): number {
  return lost;
}

/** Counts a block drawn as plain text because the highlight thread had ended (code-block.ts). */
export function lostBlock(): void {
  lost++;
}

/** Whether the highlight thread is there to ask (a page whose blocks are not known ahead need not load grammars). */
export function remoteAlive(): boolean {
  if (!link) return false;
  take(link);
  return !link.gone;
}

/** Takes what the highlight thread posted so far; returns the answer to `id` if it came. */
function take(l: Link, id?: number): HighlightAnswer | undefined {
  // Read before the messages: the thread's last hand-over is posted before its end is flagged.
  const ended = Atomics.load(l.flags, 1) !== 0;
  let found: HighlightAnswer | undefined;
  for (let m = receiveMessageOnPort(l.port); m; m = receiveMessageOnPort(l.port)) {
    const msg = m.message as HighlightPush | HighlightAnswer;
    if ('pushed' in msg) {
      for (const [text, html] of msg.pushed) {
        if (l.readyChars + html.length > MAX_READY_CHARS) break;
        l.readyChars += html.length;
        l.ready.set(text, html);
      }
    } else if (msg.id === id) found = msg;
  }
  if (ended && !l.gone) gone(l);
  return found;
}

function gone(l: Link): void {
  l.gone = true;
  l.port.close();
}

/**
 * Whether the highlight thread draws this block (else its page loads its grammar): one it
 * handed over, or any while it runs but a Twoslash block it does not type.
 */
export function drawnRemotely(lang: string | null | undefined, meta: string | null | undefined, code: string): boolean {
  const l = link;
  if (!l || !lang || !languageId(lang) || !remoteKind(l, lang, meta ?? '', code)) return false;
  take(l);
  return !l.gone || l.ready.has(blockText(lang, meta ?? '', code));
}

/**
 * The block highlighted by the highlight thread, or undefined when this thread draws it (not
 * connected to one; a Twoslash block it does not type). Waits for it when it was not handed
 * over yet. A Twoslash block whose types never came is lost (and this thread's from then on).
 */
export function remoteHighlight(lang: string, meta: string, code: string): RemoteResult | undefined {
  const l = link;
  if (!l || !remoteKind(l, lang, meta, code)) return undefined;
  take(l);
  const ready = l.ready.get(blockText(lang, meta, code));
  if (ready !== undefined) return { html: ready };
  if (l.gone) return lose('the highlighting thread had ended');
  const id = ++l.asked;
  l.port.postMessage({ id, lang, meta, code } satisfies HighlightAsk);
  const until = performance.now() + ANSWER_TIMEOUT_MS;
  for (;;) {
    const seen = Atomics.load(l.flags, 0);
    const answer = take(l, id);
    if (answer) {
      if ('error' in answer) throw new Error(answer.error);
      if ('local' in answer) {
        // Its types did not come (the typing thread failed): typed here, at once or, without its grammar, when the page is drawn again.
        l.typed.delete(twoslashKey(twoslashBlockOf(lang, meta, code)!));
        return lose('the highlighting thread has no types for it');
      }
      const { html, plain, noTypes } = answer;
      return { html, ...(plain === undefined ? {} : { plain }), ...(noTypes === undefined ? {} : { noTypes }) };
    }
    if (l.gone) return lose('the highlighting thread had ended');
    const left = until - performance.now();
    if (left <= 0) {
      gone(l);
      return lose(`the highlighting thread did not answer within ${ANSWER_TIMEOUT_MS / 1000} s`);
    }
    Atomics.wait(l.flags, 0, seen, left);
  }
}

function lose(reason: string): RemoteResult {
  return { lost: reason };
}
