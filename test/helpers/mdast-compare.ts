/**
 * Compares the fast parser's tree with micromark's on one source: used by the differential
 * test (test/render/markdown/fast-parse.test.ts) and by `bench/parser-paths.ts --compare`
 * on real sites, so both judge "the same tree" alike.
 */
import { isDeepStrictEqual } from 'node:util';
import { fastParse } from '../../src/render/markdown/fast-parse.js';
import { parseMdxWithMicromark } from '../../src/render/markdown/micromark-parse.js';

/** The tree with positions reduced to start lines and estree offsets dropped. */
export function normalize(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalize);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'position') out.line = (v as { start?: { line?: number } } | undefined)?.start?.line;
    else if (k !== 'start' && k !== 'end' && k !== 'loc' && k !== 'range') out[k] = normalize(v);
  }
  return out;
}

/** 'same' when both parsers agree, 'fallback' when the fast one gave up, else the two trees. */
export function compare(source: string): 'same' | 'fallback' | { fast: unknown; micromark: unknown } {
  const fast = fastParse(source);
  if (!fast) return 'fallback';
  let micromark: unknown;
  try {
    micromark = normalize(parseMdxWithMicromark(source).children);
  } catch (err) {
    micromark = `micromark error: ${(err as Error).message}`;
  }
  const mine = normalize(fast.children);
  return isDeepStrictEqual(mine, micromark) ? 'same' : { fast: mine, micromark };
}
