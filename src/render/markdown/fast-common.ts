/**
 * What the fast parser's modules share (fast-parse.ts, fast-blocks.ts, fast-tags.ts,
 * fast-inline.ts): giving up (bail), where a node lies (Line, at, span), the state of
 * the one synchronous fastParse call under way (page), and the space helpers.
 */
import { Parser } from 'acorn';
import acornJsx from 'acorn-jsx';


/** Thrown (one shared instance: its stack is taken once, at load) when the page is outside the subset. */
export const UNSUPPORTED = new Error('the page is outside the fast parser subset');
/** Why the last fastParse call gave up, when tracing is on (bench/parser-paths.ts); off in exports. */
let tracing = false;
let lastBail = '';
export function bail(reason?: string): never {
  if (tracing) lastBail = reason ?? /(fast-[a-z]+\.ts:\d+)/.exec(new Error().stack?.split('\n')[2] ?? '')?.[1] ?? '?';
  throw UNSUPPORTED;
}

/** Records why fastParse gave up without throwing (for a check made before parsing starts). */
export function noteBail(reason: string): void {
  if (tracing) lastBail = reason;
}

/** Turns on recording why fastParse gives up (a reason, or the file and line of the fast parser that gave up). */
export function traceFastParse(on: boolean): void {
  tracing = on;
  lastBail = '';
}

/** Why the last fastParse call returned null, when tracing is on. */
export function lastFastParseBail(): string {
  return lastBail;
}

export const JsxParser = Parser.extend(acornJsx());
export const ACORN_OPTIONS = { ecmaVersion: 2024, sourceType: 'module', locations: false } as const;

/** One source line as seen by a block parser: its text and where that text starts. */
export interface Line {
  text: string;
  /** 1-based line number in the page. */
  line: number;
  /** 1-based column of text[0] in the page. */
  col: number;
  /** Spaces cut from the front of a paragraph line (code spans keep them). */
  stripped?: number;
}

export type Point = { line: number; column: number };
export const at = (line: number, column: number): Point => ({ line, column });
export const span = (start: Point, end: Point) => ({ start, end });

/**
 * The state of the fastParse call under way (calls are synchronous, one at a time), set
 * by fastParse and read by the block and inline parsers.
 */
export const page = {
  /**
   * Plain CommonMark + GFM (OpenAPI descriptions) instead of MDX: `<` is HTML (left to
   * micromark), braces and dollars are text, four spaces start indented code (left to
   * micromark), bare URLs and emails would be autolinked (left to micromark).
   */
  markdown: false,
  /** The page's lines. */
  lines: [] as string[],
  /** Page offsets of `lines`, computed when first needed. */
  lineStarts: [] as number[],
  /** Whether the page defines no link references (no line that may hold a definition: fast-parse.ts), so brackets of no inline link are text. */
  literalBrackets: false,
  /** The names the page's import blocks defined so far (fast-esm.ts). */
  esmNames: [] as string[],
};

export function spaces(text: string): number {
  let i = 0;
  while (text.charCodeAt(i) === 32) i++;
  return i;
}

/** The number of spaces and tabs that `text` starts with. */
export function spacing(text: string): number {
  let i = 0;
  for (let c = text.charCodeAt(0); c === 32 || c === 9; c = text.charCodeAt(++i));
  return i;
}

/** `text` without leading and trailing spaces (String#trim would cut Unicode spaces too, which Markdown keeps). */
export function trimSpaces(text: string): string {
  return trimEndSpaces(text.slice(spaces(text)));
}

export function isBlank(text: string): boolean {
  return spaces(text) === text.length;
}

/** `text` without its trailing spaces (a loop: `/ +$/` tries a match at every space of the line). */
export function trimEndSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
  return end === text.length ? text : text.slice(0, end);
}
