/**
 * Parses page source into an mdast tree. Pages in fast-parse.ts's subset (nearly every
 * page of a typical docs site) are parsed there; the others by micromark with the MDX,
 * GFM, frontmatter and math extensions (micromark-parse.ts), which is loaded on first
 * use: about a hundred modules that a worker thread need not load when no page asks.
 * Nothing is evaluated either way.
 */
import type { Root } from 'mdast';
import { fastParse } from './fast-parse.js';
import { boundSource, MAX_LINE_DELIMITERS, MAX_NESTED_MARKERS, MAX_PARAGRAPH_DELIMITERS } from './bound-source.js';
import { escapeCustomHeadingIds } from './slugger.js';

export interface ParseResult {
  tree: Root;
  /** False when the MDX parser failed and the page was read as plain Markdown. */
  mdx: boolean;
  error?: { line?: number; column?: number; reason: string };
  /** Lines packed with so many delimiters that they were read as literal text (bound-source.ts). */
  literalLines?: number[];
  /** Which parser read the page: the fast subset or micromark (counted in the export's report). */
  parser?: ParserPath;
}

export type ParserPath = 'fast' | 'micromark';

let micromark: Promise<typeof import('./micromark-parse.js')> | undefined;

/**
 * The source both parsers read: line endings made `\n` (CommonMark reads `\r\n` and `\r`
 * as line endings too, and an HTML parser turns them into `\n`, so the page means the same;
 * the fast parser then reads pages written on Windows: 40% of one real site), bounded
 * (bound-source.ts), custom heading ids escaped.
 */
export function preparePage(raw: string): { source: string; literalLines: number[] } {
  const bounded = boundSource(raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw);
  return { source: escapeCustomHeadingIds(bounded.source), literalLines: bounded.literalLines };
}

export async function parsePage(raw: string): Promise<ParseResult> {
  const { source, literalLines } = preparePage(raw);
  const extra = literalLines.length > 0 ? { literalLines } : {};
  const tree = fastParse(source);
  if (tree) return { tree, mdx: true, parser: 'fast', ...extra };
  micromark ??= import('./micromark-parse.js');
  return { ...(await micromark).parseWithMicromark(source), parser: 'micromark', ...extra };
}

/** The warning for lines read literally, for the page or snippet that holds them. */
export function literalLinesMessage(lines: number[]): string {
  return `line${lines.length === 1 ? '' : 's'} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? `, ... (${lines.length} in all)` : ''} shown as literal text: so many *, _, [, ], \`, ~ in one line (over ${MAX_LINE_DELIMITERS}) or paragraph (over ${MAX_PARAGRAPH_DELIMITERS}), or list items opened on one line (over ${MAX_NESTED_MARKERS}), would make the Markdown parser take too long`;
}
