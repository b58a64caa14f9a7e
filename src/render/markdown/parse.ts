/**
 * Parses page source into an mdast tree. Pages in fast-parse.ts's subset (nearly every
 * page of a typical docs site) are parsed there; the others by micromark with the MDX,
 * GFM, frontmatter and math extensions (micromark-parse.ts), which is loaded on first
 * use: about a hundred modules that a worker thread need not load when no page asks.
 * Nothing is evaluated either way.
 */
import type { Root } from 'mdast';
import { fastParse } from './fast-parse.js';

export interface ParseResult {
  tree: Root;
  /** False when the MDX parser failed and the page was read as plain Markdown. */
  mdx: boolean;
  error?: { line?: number; column?: number; reason: string };
}

let micromark: Promise<typeof import('./micromark-parse.js')> | undefined;

export async function parsePage(source: string): Promise<ParseResult> {
  const tree = fastParse(source);
  if (tree) return { tree, mdx: true };
  micromark ??= import('./micromark-parse.js');
  return (await micromark).parseWithMicromark(source);
}
