/**
 * The Twoslash blocks of a page source, among the code blocks site-blocks.ts scans, so
 * that they can be typed ahead of the page, in a thread of their own (pool/twoslash-thread.ts).
 * Light: the export's main thread calls it on the sources its scan read, and it loads nothing
 * of Shiki's or TypeScript's. A guess is harmless: a block found here is typed under the code
 * the renderer will give Twoslash (the fence's text with its line notations taken out, as
 * code-block.ts does), and a block the renderer meets that was not typed ahead is typed where
 * it is drawn.
 */
import { codeBlocks } from './site-blocks.js';
import { parseCodeMeta } from './code-meta.js';
import { readNotation } from './code-notation.js';
import { MAX_TWOSLASH_CHARS, twoslashExtension, type TwoslashExtension } from './twoslash-typing.js';

/** A block to type: its code as Twoslash gets it and the extension it is checked as. */
export interface TwoslashBlock {
  code: string;
  extension: TwoslashExtension;
}

/**
 * Distinct blocks of a site typed ahead at most; the rest are typed where they are drawn. A
 * page waits, within its time budget, for the thread to reach its blocks: after the first
 * (~2 s), ~0.04-0.2 s each, so at most ~10 s on an idle machine.
 */
export const MAX_BLOCKS_AHEAD = 50;

/**
 * The block Twoslash types for a fence (its language, meta and code as written), or
 * undefined when the fence is none: a `twoslash` fence in a language TypeScript checks.
 */
export function twoslashBlockOf(lang: string, meta: string, code: string): TwoslashBlock | undefined {
  const extension = twoslashExtension(lang);
  if (!extension || !meta.includes('twoslash') || !parseCodeMeta(meta).twoslash) return undefined;
  return { code: readNotation(code).code, extension };
}

/** What a Twoslash block is known by: its extension and code. */
export function twoslashKey({ code, extension }: TwoslashBlock): string {
  return `${extension}\0${code}`;
}

/** The Twoslash blocks of one Markdown or MDX source, in order. */
export function twoslashBlocks(source: string): TwoslashBlock[] {
  if (!source.includes('twoslash')) return [];
  const blocks: TwoslashBlock[] = [];
  for (const [lang, meta, code] of codeBlocks(source)) {
    const block = twoslashBlockOf(lang, meta, code);
    if (block && block.code.length <= MAX_TWOSLASH_CHARS) blocks.push(block);
  }
  return blocks;
}

/** The distinct Twoslash blocks of a site's sources, the first MAX_BLOCKS_AHEAD. */
export function siteTwoslashBlocks(sources: Iterable<string>): TwoslashBlock[] {
  const seen = new Map<string, TwoslashBlock>();
  for (const source of sources) {
    for (const block of twoslashBlocks(source)) {
      if (seen.size >= MAX_BLOCKS_AHEAD) return [...seen.values()];
      seen.set(twoslashKey(block), block);
    }
  }
  return [...seen.values()];
}
