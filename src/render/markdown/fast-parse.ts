/**
 * A fast parser for the Markdown most documentation pages are made of. micromark (with
 * the MDX, GFM, frontmatter and math extensions of parse.ts) is exact but spends about
 * 10 ms on a typical 7 KB page, two thirds of an export's CPU; this parser builds the
 * same mdast in a fraction of that for a deliberately small subset:
 *
 * - blocks: YAML frontmatter, ATX headings, paragraphs (soft and hard breaks), fenced
 *   code, bullet and ordered lists (nested by indentation, tight or loose), block quotes,
 *   thematic breaks, GFM tables, import/export blocks (fast-esm.ts), `{/* comments *\/}`,
 *   and JSX elements on their own lines (attributes: strings, bare names, `{expressions}`
 *   parsed by acorn exactly as the MDX parser does);
 * - inline: text, code spans, `*`/`_` emphasis and strong in their plain forms,
 *   inline links and images without titles, brackets of no link (when the page defines
 *   no references), backslash escapes, numeric and common named character references,
 *   one-line `{/* comments *\/}`, and JSX elements inside text.
 *
 * Anything else (`{expressions}` in text, HTML comments, setext headings, reference
 * links, footnotes, math, strikethrough, task items, tabs, ambiguous emphasis, lazy
 * continuation lines, ...) makes it give up and return null, and the caller parses the
 * page with micromark (bench/parser-paths.ts counts why, per real site).
 * So the subset only has to be right, never complete: test/render/markdown/fast-parse.test.ts
 * checks that both parsers build the same tree for every page it accepts, over the
 * benchmark corpus, the user guide, the test fixtures and a list of edge cases.
 * Positions are exact for start lines (what diagnostics use); columns are best effort.
 *
 * `{ markdown: true }` reads plain CommonMark + GFM instead (OpenAPI descriptions,
 * compared with micromark's gfm extension the same way): no JSX, and HTML, indented
 * code and bare URLs are left to micromark.
 */
import { Parser, type Comment, type Node as AcornNode } from 'acorn';
import acornJsx from 'acorn-jsx';
import type { Blockquote, Code, Heading, Image, Link, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell, TableRow, Yaml } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement, MdxjsEsm } from 'mdast-util-mdx';
import { parseEsm } from './fast-esm.js';
import { ASCII_PUNCT_CODES, classify, PUNCTUATION, stopTable, tildesMayStrike, WHITESPACE } from './fast-chars.js';
import type { Program } from 'estree';

/** Thrown (one shared instance: its stack is taken once, at load) when the page is outside the subset. */
const UNSUPPORTED = new Error('the page is outside the fast parser subset');
/** Why the last fastParse call gave up, when tracing is on (bench/parser-paths.ts); off in exports. */
let tracing = false;
let lastBail = '';
function bail(reason?: string): never {
  if (tracing) lastBail = reason ?? /fast-parse\.ts:(\d+)/.exec(new Error().stack?.split('\n')[2] ?? '')?.[1] ?? '?';
  throw UNSUPPORTED;
}

/** Turns on recording why fastParse gives up (a reason or the line of fast-parse.ts that gave up). */
export function traceFastParse(on: boolean): void {
  tracing = on;
  lastBail = '';
}

/** Why the last fastParse call returned null, when tracing is on. */
export function lastFastParseBail(): string {
  return lastBail;
}

const JsxParser = Parser.extend(acornJsx());
const ACORN_OPTIONS = { ecmaVersion: 2024, sourceType: 'module', locations: false } as const;

/** One source line as seen by a block parser: its text and where that text starts. */
interface Line {
  text: string;
  /** 1-based line number in the page. */
  line: number;
  /** 1-based column of text[0] in the page. */
  col: number;
  /** Spaces cut from the front of a paragraph line (code spans keep them). */
  stripped?: number;
}

type Point = { line: number; column: number };
const at = (line: number, column: number): Point => ({ line, column });
const span = (start: Point, end: Point) => ({ start, end });

/**
 * Plain CommonMark + GFM (OpenAPI descriptions) instead of MDX: `<` is HTML (left to
 * micromark), braces and dollars are text, four spaces start indented code (left to
 * micromark), bare URLs and emails would be autolinked (left to micromark). Set for
 * the duration of one synchronous fastParse call.
 */
let markdownMode = false;
/** The page's lines and the names its import blocks defined so far (fast-esm.ts), for one fastParse call. */
let pageLines: string[] = [];
/** Page offsets of pageLines, computed when first needed. */
let lineStarts: number[] = [];
/** Whether the page defines no link references (`]:` nowhere), so brackets of no inline link are text. */
let literalBrackets = false;
let esmNames: string[] = [];

export interface FastParseOptions {
  /** Parse as CommonMark + GFM (micromark with the gfm extension) rather than MDX. */
  markdown?: boolean;
}

/** Parses a page, or returns null when it holds anything outside the subset. */
export function fastParse(source: string, options: FastParseOptions = {}): Root | null {
  if (source.includes('\r') || source.includes('\0') || source.charCodeAt(0) === 0xfeff) {
    if (tracing) lastBail = 'cr/nul/bom';
    return null;
  }
  const raw = source.split('\n');
  const lines: Line[] = raw.map((text, i) => ({ text, line: i + 1, col: 1 }));
  markdownMode = options.markdown === true;
  pageLines = raw;
  lineStarts = [];
  literalBrackets = !source.includes(']:');
  esmNames = [];
  try {
    const children: RootContent[] = [];
    let first = 0;
    if (raw[0] === '---') {
      if (markdownMode) return null;
      const close = raw.indexOf('---', 1);
      if (close < 0) return null;
      const yaml: Yaml = { type: 'yaml', value: raw.slice(1, close).join('\n'), position: span(at(1, 1), at(close + 1, 4)) };
      children.push(yaml);
      first = close + 1;
    }
    children.push(...parseBlocks(lines.slice(first)));
    const last = raw.length;
    return { type: 'root', children, position: span(at(1, 1), at(last, raw[last - 1].length + 1)) };
  } catch (err) {
    if (err === UNSUPPORTED) return null;
    throw err;
  } finally {
    markdownMode = false;
    pageLines = [];
  }
}

// ---------------------------------------------------------------- blocks

const FENCE = /^(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^( *)(`{3,}|~{3,}) *$/;
const LIST_ITEM = /^( *)([-*+]|(\d{1,9})([.)]))( +)(?=[^ ])/;
const TABLE_DELIMITER = /^ *\|? *:?-+:? *(\| *:?-+:? *)*\|? *$/;
/** Lines the subset leaves to micromark: thematic breaks, setext underlines, empty items. */
/** A thematic break: three or more of one of `-`, `*`, `_`, spaces between. */
const THEMATIC_BREAK = /^ *([-*_])(?: *\1){2,} *$/;
const RULE_LIKE = /^ *([-_*=+][-_*=+ ]*|\d{1,9}[.)] *)$/;

function spaces(text: string): number {
  let i = 0;
  while (text.charCodeAt(i) === 32) i++;
  return i;
}

/** `text` without leading and trailing spaces (String#trim would cut Unicode spaces too, which Markdown keeps). */
function trimSpaces(text: string): string {
  return trimEndSpaces(text.slice(spaces(text)));
}

function isBlank(text: string): boolean {
  return spaces(text) === text.length;
}

/** `text` without its trailing spaces (a loop: `/ +$/` tries a match at every space of the line). */
function trimEndSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
  return end === text.length ? text : text.slice(0, end);
}

function parseBlocks(lines: Line[]): RootContent[] {
  const root: RootContent[] = [];
  const stack: MdxJsxFlowElement[] = [];
  const out = (): RootContent[] => (stack.length ? (stack[stack.length - 1].children) : root);
  let i = 0;
  while (i < lines.length) {
    const { text } = lines[i];
    const indent = spaces(text);
    if (indent === text.length) {
      i++;
      continue;
    }
    if (text.includes('\t')) bail();
    if (markdownMode && indent >= 4) bail(); // indented code
    const rest = indent ? text.slice(indent) : text;
    if (rest.charCodeAt(0) === 60 /* < */) {
      if (markdownMode) bail(); // HTML
      const flow = flowTags(lines, i, indent);
      if (flow) {
        for (const tag of flow.tags) applyTag(tag, out, stack);
        i = flow.next;
        continue;
      }
    }
    if (RULE_LIKE.test(text)) {
      // After a blank line or a block other than a paragraph (a paragraph ends before such a line, see interrupts).
      if (!THEMATIC_BREAK.test(text) || (markdownMode && indent >= 4)) bail('rule-like line');
      const l = lines[i];
      out().push({ type: 'thematicBreak', position: span(at(l.line, l.col + indent), endOf(l)) });
      i++;
      continue;
    }
    const c = rest[0];
    if (!markdownMode && (c === 'i' || c === 'e') && indent === 0 && lines[i].col === 1 && /^(import|export) /.test(text)) {
      // ESM: only at column 1 outside containers (micromark-extension-mdxjs-esm); in a component, left to micromark.
      if (stack.length) bail('import/export in a component');
      const esm = esmAt(lines, i);
      out().push(esm.node);
      i = esm.next;
      continue;
    }
    if (c === '{' && !markdownMode) {
      const m = FLOW_COMMENT.exec(rest);
      if (!m) bail(rest.startsWith('{/*') ? 'comment' : 'expression');
      const l = lines[i];
      out().push({ type: 'mdxFlowExpression', value: m[1], position: span(at(l.line, l.col + indent), at(l.line, l.col + indent + m[1].length + 2)), data: { estree: commentProgram(m[1], l.line, l.col + indent + 1) } });
      i++;
      continue;
    }
    if (c === '>') {
      const quote = blockquoteAt(lines, i);
      out().push(quote.node);
      i = quote.next;
      continue;
    }
    if (c === '#') {
      const heading = atxHeading(lines[i], indent);
      if (heading) {
        out().push(heading);
        i++;
        continue;
      }
    } else if ((c === '`' || c === '~') && FENCE.test(rest)) {
      const fence = fencedCode(lines, i, indent);
      out().push(fence.node);
      i = fence.next;
      continue;
    } else if (LIST_ITEM.test(text)) {
      const list = listAt(lines, i);
      out().push(list.node);
      i = list.next;
      continue;
    } else if (text.includes('|') && i + 1 < lines.length && TABLE_DELIMITER.test(lines[i + 1].text)) {
      const table = tableAt(lines, i);
      out().push(table.node);
      i = table.next;
      continue;
    }
    const para = paragraphAt(lines, i);
    out().push(para.node);
    i = para.next;
  }
  if (stack.length) bail();
  return root;
}

/** A line holding only a `{/* comment *\/}` (one line, one comment): an MDX flow expression. */
const FLOW_COMMENT = /^\{(\/\*(?:(?!\*\/).)*\*\/)\} *$/;
/** The same inside text. */
const TEXT_COMMENT = /^\{(\/\*(?:(?!\*\/)[^\n])*\*\/)\}/;

/**
 * The estree micromark-util-events-to-acorn builds for an expression holding only one
 * block comment `value`, which starts at page line `line`, 1-based column `col`: an empty
 * Program carrying the comment, both at the comment's page position.
 */
function commentProgram(value: string, line: number, col: number): Program {
  if (lineStarts.length === 0) {
    let o = 0;
    for (const t of pageLines) {
      lineStarts.push(o);
      o += t.length + 1;
    }
  }
  const offset = lineStarts[line - 1] + col - 1;
  const start = { line, column: col - 1, offset };
  const end = { line, column: col - 1 + value.length, offset: offset + value.length };
  const where = () => ({ start: offset, end: end.offset, loc: { start: { ...start }, end: { ...end } }, range: [offset, end.offset] });
  const comment = { type: 'Block', value: value.slice(2, -2), ...where() };
  return { type: 'Program', ...where(), body: [], sourceType: 'module', comments: [comment] } as unknown as Program;
}

/** An `import`/`export` block: its lines up to a blank line, parsed by acorn (fast-esm.ts). */
function esmAt(lines: Line[], i: number): { node: MdxjsEsm; next: number } {
  let j = i;
  while (j < lines.length && !isBlank(lines[j].text)) j++;
  const value = lines.slice(i, j).map((l) => l.text).join('\n');
  let offset = 0;
  for (let k = 0; k < lines[i].line - 1; k++) offset += pageLines[k].length + 1;
  const estree = parseEsm(value, lines[i].line, offset, esmNames);
  if (!estree) bail('import/export');
  return { node: { type: 'mdxjsEsm', value, position: span(at(lines[i].line, 1), endOf(lines[j - 1])), data: { estree } }, next: j };
}

/**
 * A block quote: the run of lines starting with `>` (after any indentation: MDX has no
 * indented code), each with the marker and one following space cut, parsed as blocks.
 * A non-blank line without `>` after it would be a lazy continuation (or not, depending
 * on the quote's last block): left to micromark.
 */
function blockquoteAt(lines: Line[], i: number): { node: Blockquote; next: number } {
  const inner: Line[] = [];
  let j = i;
  for (; j < lines.length; j++) {
    const l = lines[j];
    const s = spaces(l.text);
    if (s === l.text.length) break;
    if (l.text[s] !== '>') {
      if (!startsBlock(lines, j)) bail('lazy block quote line');
      break;
    }
    const cut = s + (l.text[s + 1] === ' ' ? 2 : 1);
    inner.push({ text: l.text.slice(cut), line: l.line, col: l.col + cut });
  }
  const children = parseBlocks(inner) as Blockquote['children'];
  const start = lines[i];
  return { node: { type: 'blockquote', children, position: span(at(start.line, start.col + spaces(start.text)), endOf(lines[j - 1])) }, next: j };
}

function atxHeading(l: Line, indent: number): Heading | null {
  const m = /^(#{1,6})(?: +(.*))?$/.exec(l.text.slice(indent));
  if (!m) return null;
  const content = trimEndSpaces(m[2] ?? '');
  if (/(^|\s)#+$/.test(content) || content === '') bail();
  const startCol = l.col + indent + m[1].length + 1 + (m[2] ? spaces(m[2]) : 0);
  const children = inlineOf([{ text: content.slice(spaces(content)), line: l.line, col: startCol }]);
  return { type: 'heading', depth: m[1].length as Heading['depth'], children, position: span(at(l.line, l.col + indent), at(l.line, l.col + l.text.length)) };
}

function fencedCode(lines: Line[], i: number, indent: number): { node: Code; next: number } {
  const open = lines[i];
  const m = FENCE.exec(open.text.slice(indent))!;
  const marker = m[1];
  const info = trimSpaces(m[2]);
  if ((marker[0] === '`' && info.includes('`')) || /[\\&]/.test(info)) bail();
  let end = i + 1;
  for (; end < lines.length; end++) {
    const close = FENCE_CLOSE.exec(lines[end].text);
    if (close && close[2][0] === marker[0] && close[2].length >= marker.length) {
      if (markdownMode && close[1].length >= 4) bail(); // content in CommonMark, a close in MDX
      break;
    }
  }
  if (end >= lines.length) bail(); // unclosed: runs to the end of its container
  const body: string[] = [];
  for (let k = i + 1; k < end; k++) {
    const t = lines[k].text;
    body.push(indent ? t.slice(Math.min(indent, spaces(t))) : t);
  }
  const space = info.search(/ /);
  const lang = info ? (space < 0 ? info : info.slice(0, space)) : null;
  // micromark keeps the spaces after the meta (`bash New ` on a real page): only those before it go
  const meta = space < 0 ? null : trimSpaces(info.slice(space)) + m[2].slice(trimEndSpaces(m[2]).length) || null;
  const last = lines[end];
  return {
    node: { type: 'code', lang, meta, value: body.join('\n'), position: span(at(open.line, open.col + indent), at(last.line, last.col + last.text.length)) },
    next: end + 1,
  };
}

function listAt(lines: Line[], i: number): { node: List; next: number } {
  const first = LIST_ITEM.exec(lines[i].text)!;
  const ordered = first[3] !== undefined;
  const marker = ordered ? first[4] : first[2];
  const indent = first[1].length;
  const items: ListItem[] = [];
  let loose = false;
  let j = i;
  while (j < lines.length) {
    const m = LIST_ITEM.exec(lines[j].text);
    if (!m) break;
    if (m[1].length !== indent) bail(); // a sibling item at another indentation
    if ((m[3] !== undefined) !== ordered || (ordered ? m[4] : m[2]) !== marker) break; // another list
    if (m[5].length > 4) bail();
    const width = m[0].length;
    const start = lines[j];
    const content = start.text.slice(width);
    if (/^\[[ xX]\]( |$)/.test(content) || RULE_LIKE.test(content) || LIST_ITEM.test(content)) bail();
    const sub: Line[] = [{ text: content, line: start.line, col: start.col + width }];
    /** Blank lines inside the item (content follows them in it). */
    const blanks: number[] = [];
    let k = j + 1;
    for (; k < lines.length; k++) {
      const t = lines[k].text;
      if (isBlank(t)) {
        let n = k + 1;
        while (n < lines.length && isBlank(lines[n].text)) n++;
        if (n >= lines.length || spaces(lines[n].text) < width) break;
        for (; k < n; k++) {
          sub.push({ text: lines[k].text.slice(width), line: lines[k].line, col: lines[k].col + width });
          blanks.push(lines[k].line);
        }
        k--;
        continue;
      }
      const s = spaces(t);
      if (s >= width) sub.push({ text: t.slice(width), line: lines[k].line, col: lines[k].col + width });
      else break;
    }
    const children = parseBlocks(sub) as ListItem['children'];
    const spread = blanks.length > 0 && blanksBetween(children, blanks);
    items.push({ type: 'listItem', spread, checked: null, children, position: span(at(start.line, start.col + indent), endOf(sub[sub.length - 1])) });
    j = k;
    if (k < lines.length && isBlank(lines[k].text)) {
      // A blank line, then another item of this list: the list is loose (spread) and goes on.
      let n = k;
      while (n < lines.length && isBlank(lines[n].text)) n++;
      const next = n < lines.length ? LIST_ITEM.exec(lines[n].text) : null;
      if (next && next[1].length === indent && (next[3] !== undefined) === ordered && (ordered ? next[4] : next[2]) === marker) {
        loose = true;
        j = n;
        continue;
      }
      break;
    }
    if (k < lines.length && !LIST_ITEM.test(lines[k].text)) {
      // A line less indented than the item's content: a lazy paragraph line unless a new block starts.
      if (!startsBlock(lines, k)) bail();
      break;
    }
  }
  // A blank line followed by more of the list (or of its last item) makes it loose.
  let after = j;
  while (after < lines.length && isBlank(lines[after].text)) after++;
  if (after > j && after < lines.length) {
    const t = lines[after].text;
    const m = LIST_ITEM.exec(t);
    if (spaces(t) > indent || (m && m[1].length === indent && (m[3] !== undefined) === ordered && (ordered ? m[4] : m[2]) === marker)) bail();
  }
  const node: List = { type: 'list', ordered, start: ordered ? Number(first[3]) : null, spread: loose, children: items, position: span(at(lines[i].line, lines[i].col + indent), items[items.length - 1].position!.end) };
  return { node, next: j };
}

/**
 * Whether line `k`, right after a list item or block quote and outside it, surely starts
 * a block of its own rather than continuing the container's last paragraph lazily.
 * (A tag running over several lines there is an error for micromark: lazy lines.)
 */
function startsBlock(lines: Line[], k: number): boolean {
  const t = lines[k].text;
  const s = spaces(t);
  const rest = t.slice(s);
  return /^#{1,6}( |$)/.test(rest) || FENCE.test(rest) || (!markdownMode && rest.startsWith('<') && flowTags(lines, k, s)?.next === k + 1);
}

/**
 * Whether one of the blank lines of a list item lies between blocks of the item itself
 * (which makes it spread, as mdast-util-from-markdown decides) rather than inside a
 * nested list, block quote or code block. Components are no containers in micromark:
 * blank lines between their children count.
 */
function blanksBetween(children: RootContent[], blanks: number[]): boolean {
  const inside: [number, number][] = [];
  const collect = (nodes: RootContent[]) => {
    for (const n of nodes) {
      if (n.type === 'list' || n.type === 'blockquote' || n.type === 'code') inside.push([n.position!.start.line, n.position!.end.line]);
      else if (n.type === 'mdxJsxFlowElement') collect(n.children);
    }
  };
  collect(children);
  return blanks.some((b) => !inside.some(([from, to]) => from < b && b < to));
}

/** The point just after line `l`. */
function endOf(l: Line): Point {
  return at(l.line, l.col + l.text.length);
}

function splitRow(l: Line): { text: string; col: number }[] {
  const t = l.text;
  let from = spaces(t);
  let to = t.length;
  while (to > from && t.charCodeAt(to - 1) === 32) to--;
  if (t[from] === '|') from++;
  if (to > from && t[to - 1] === '|') to--;
  const cells: { text: string; col: number }[] = [];
  let start = from;
  for (let p = from; p <= to; p++) {
    const ch = t.charCodeAt(p);
    if (p < to && ch === 92 /* \ */ && (t[p + 1] === '|' || t[p + 1] === '\\')) {
      if (p + 1 === to) bail(); // the row's last pipe escaped
      p++; // an escaped pipe (or backslash) is cell text (micromark-extension-gfm-table)
      continue;
    }
    if (p === to || ch === 124 /* | */) {
      const cell = t.slice(start, p);
      const lead = spaces(cell);
      cells.push({ text: trimSpaces(cell), col: l.col + start + lead });
      start = p + 1;
    }
  }
  return cells;
}

function tableAt(lines: Line[], i: number): { node: Table; next: number } {
  const head = splitRow(lines[i]);
  const align = splitRow(lines[i + 1]).map(({ text }) => {
    const left = text.startsWith(':');
    const right = text.endsWith(':');
    return left && right ? 'center' : left ? 'left' : right ? 'right' : null;
  });
  if (head.length !== align.length) bail();
  const row = (l: Line, cells: { text: string; col: number }[]): TableRow => ({
    type: 'tableRow',
    children: cells.map((c): TableCell => ({
      type: 'tableCell',
      children: c.text ? inlineOf([{ text: c.text, line: l.line, col: c.col }], true) : [],
      position: span(at(l.line, c.col), at(l.line, c.col + c.text.length)),
    })),
    position: span(at(l.line, l.col), at(l.line, l.col + l.text.length)),
  });
  const rows: TableRow[] = [row(lines[i], head)];
  let j = i + 2;
  for (; j < lines.length; j++) {
    const l = lines[j];
    if (isBlank(l.text)) break;
    const rest = l.text.slice(spaces(l.text));
    if (!l.text.includes('|') || rest.startsWith('<') || rest.startsWith('#') || rest.startsWith('>') || rest.startsWith('`')) bail();
    const cells = splitRow(l);
    if (cells.length !== head.length) bail();
    rows.push(row(l, cells));
  }
  return { node: { type: 'table', align, children: rows, position: span(at(lines[i].line, lines[i].col), endOf(lines[j - 1])) }, next: j };
}

/** Whether line `l` ends the paragraph above it (false: it continues the paragraph). */
function interrupts(lines: Line[], k: number): boolean {
  const t = lines[k].text;
  const s = spaces(t);
  if (s === t.length) return true;
  if (t.includes('\t')) bail();
  const rest = s ? t.slice(s) : t;
  if (RULE_LIKE.test(t)) {
    // `***` and `___` end a paragraph; `---` and `===` under one make a setext heading: left to micromark.
    if (THEMATIC_BREAK.test(t) && !t.includes('-') && !(markdownMode && s >= 4)) return true;
    bail('rule-like line');
  }
  if (markdownMode && s >= 4) return false; // indented code cannot interrupt a paragraph
  switch (rest[0]) {
    case '<':
      return markdownMode ? bail() : flowTags(lines, k, s) !== null;
    case '#':
      return /^#{1,6}( |$)/.test(rest);
    case '`':
    case '~':
      return FENCE.test(rest) && !(rest[0] === '`' && rest.slice(3).includes('`'));
    case '>':
      return !markdownMode || s < 4;
    case '$':
    case '{':
      return markdownMode ? false : bail('expression or math line');
    default: {
      if (!markdownMode && /^(import|export)\s/.test(rest)) bail('import/export');
      const m = LIST_ITEM.exec(t);
      if (m) {
        if (m[3] === undefined || m[3] === '1') return true;
        bail();
      }
      if (k + 1 < lines.length && t.includes('|') && TABLE_DELIMITER.test(lines[k + 1].text)) bail();
      return false;
    }
  }
}

function paragraphAt(lines: Line[], i: number): { node: Paragraph; next: number } {
  const rest = lines[i].text.slice(spaces(lines[i].text));
  if (!markdownMode && rest[0] === '{') bail(rest.startsWith('{/*') ? 'comment' : 'expression');
  if (!markdownMode && rest.startsWith('$$')) bail('math');
  if (!markdownMode && /^(import|export)\s/.test(rest)) bail('import/export');
  let j = i + 1;
  while (j < lines.length && !interrupts(lines, j)) j++;
  const segments: Line[] = [];
  for (let k = i; k < j; k++) {
    const l = lines[k];
    const s = spaces(l.text);
    segments.push({ text: l.text.slice(s), line: l.line, col: l.col + s, stripped: s });
  }
  const children = inlineOf(segments);
  const first = segments[0];
  return { node: { type: 'paragraph', children, position: span(at(first.line, first.col), endOf(lines[j - 1])) }, next: j };
}

// ---------------------------------------------------------------- JSX tags

interface Tag {
  kind: 'open' | 'close' | 'self';
  name: string;
  attributes: MdxJsxAttribute[];
  start: Point;
  end: Point;
}

const NAME_START = /[A-Za-z$_]/;
/** Characters of element and attribute names after the first. */
const NAME_CHAR = /[A-Za-z0-9$_-]/;

/**
 * Reads one JSX tag at `s[p]` (which is `<`). Returns null when `s` ends inside the
 * tag (the caller may retry with more lines); anything not a plain tag bails.
 * `pointAt` maps an offset of `s` to a page position.
 */
function readTag(s: string, p: number, pointAt: (offset: number) => Point): { tag: Tag; end: number } | null {
  const start = p;
  p++;
  let kind: Tag['kind'] = 'open';
  if (s[p] === '/') {
    kind = 'close';
    p++;
  }
  if (p >= s.length) return null;
  if (!NAME_START.test(s[p])) bail();
  const nameStart = p;
  while (p < s.length && NAME_CHAR.test(s[p])) p++;
  const name = s.slice(nameStart, p);
  if (s[p] === '.' || s[p] === ':') bail();
  const attributes: MdxJsxAttribute[] = [];
  for (;;) {
    const ws = p;
    while (p < s.length && (s[p] === ' ' || s[p] === '\n')) p++;
    if (p >= s.length) return null;
    const c = s[p];
    if (c === '>') {
      p++;
      break;
    }
    if (c === '/') {
      if (kind === 'close') bail();
      if (s[p + 1] === undefined) return null;
      if (s[p + 1] !== '>') bail();
      kind = 'self';
      p += 2;
      break;
    }
    if (kind === 'close' || p === ws || !NAME_START.test(c)) bail();
    const attrStart = p;
    while (p < s.length && NAME_CHAR.test(s[p])) p++;
    const attrName = s.slice(attrStart, p);
    if (s[p] === ':' || s[p] === '.') bail();
    let q = p;
    while (q < s.length && (s[q] === ' ' || s[q] === '\n')) q++;
    if (q >= s.length) return null;
    let value: MdxJsxAttribute['value'] = null;
    if (s[q] === '=') {
      q++;
      while (q < s.length && (s[q] === ' ' || s[q] === '\n')) q++;
      if (q >= s.length) return null;
      const quote = s[q];
      if (quote === '"' || quote === "'") {
        const close = s.indexOf(quote, q + 1);
        if (close < 0) return null;
        value = s.slice(q + 1, close);
        if (value.includes('&') || value.includes('\n')) bail();
        p = close + 1;
      } else if (quote === '{') {
        const expr = readExpression(s, q);
        if (!expr) return null;
        value = { type: 'mdxJsxAttributeValueExpression', value: expr.value, data: { estree: expr.estree } };
        p = expr.end;
      } else bail();
    }
    attributes.push({ type: 'mdxJsxAttribute', name: attrName, value, position: span(pointAt(attrStart), pointAt(p)) });
  }
  if (kind === 'close' && name === '') bail();
  return { tag: { kind, name, attributes, start: pointAt(start), end: pointAt(p) }, end: p };
}

/** An attribute expression `{...}` at `s[p]`, parsed by acorn as the MDX parser does. */
function readExpression(s: string, p: number): { value: string; estree: Program; end: number } | null {
  const inner = p + 1;
  let node: AcornNode & { end: number };
  const comments: Comment[] = [];
  try {
    node = JsxParser.parseExpressionAt(s, inner, { ...ACORN_OPTIONS, onComment: comments });
  } catch {
    // unterminated (more lines may finish it) or not an expression: micromark decides
    if (!s.includes('}', inner)) return null;
    return bail();
  }
  let q = node.end;
  while (q < s.length && (s[q] === ' ' || s[q] === '\n')) q++;
  if (q >= s.length) return null;
  if (s[q] !== '}') bail();
  // A comment goes into micromark's estree with its position: left to it. (`//` in a URL string is no comment.)
  if (comments.length > 0) bail();
  const raw = s.slice(inner, q);
  const value = raw.includes('\n') ? stripExpressionIndent(raw) : raw;
  // The cut may change what the expression says (a template literal spanning lines): acorn reads what micromark hands it.
  if (value !== raw) node = reparseExpression(value);
  const estree = { type: 'Program', body: [{ type: 'ExpressionStatement', expression: node }], sourceType: 'module', comments: [] } as unknown as Program;
  return { value, estree, end: q + 1 };
}

/**
 * An expression's text as micromark-factory-mdx-expression passes it on: each line after
 * the first loses up to two leading spaces (its `eolAfter` takes them as a line prefix, so an
 * attribute object indented inside an element keeps two spaces less). A tab there counts in
 * columns (virtual spaces): left to micromark.
 */
function stripExpressionIndent(raw: string): string {
  if (/\n {0,1}\t/.test(raw)) bail('tab in an expression');
  return raw.replace(/\n {1,2}/g, '\n');
}

function reparseExpression(value: string): AcornNode & { end: number } {
  let node: AcornNode & { end: number };
  try {
    node = JsxParser.parseExpressionAt(value, 0, ACORN_OPTIONS);
  } catch {
    // the text acorn accepted no longer parses once cut: micromark reports it as it sees it
    return bail('expression');
  }
  if (value.slice(node.end).trim() !== '') bail('expression');
  return node;
}

/**
 * The JSX tags that make up line `i` (starting at column `indent`), when the line holds
 * only tags; a tag may run over the following lines. Null when the line is text.
 */
function flowTags(lines: Line[], i: number, indent: number): { tags: Tag[]; next: number } | null {
  let count = 1;
  for (;;) {
    const group = lines.slice(i, i + count);
    const s = group.map((l) => l.text).join('\n');
    const starts: number[] = [];
    let o = 0;
    for (const l of group) {
      starts.push(o);
      o += l.text.length + 1;
    }
    const pointAt = (offset: number): Point => {
      let k = starts.length - 1;
      while (k > 0 && starts[k] > offset) k--;
      return at(group[k].line, group[k].col + offset - starts[k]);
    };
    const tags: Tag[] = [];
    let p = indent;
    // Leaves the loop only when a tag is unfinished on the group's last line.
    for (;;) {
      const read = readTag(s, p, pointAt);
      if (!read) break;
      tags.push(read.tag);
      p = read.end;
      while (s[p] === ' ') p++;
      // The group grows only while a tag is unfinished, so the tags end on its last line.
      if (p >= s.length) return { tags, next: i + count };
      if (s[p] !== '<') return null; // text follows the tag: a paragraph
    }
    if (count >= 40 || i + count >= lines.length) bail();
    // Only a tag spanning lines goes on; a line ending inside a tag's text goes to micromark.
    count++;
  }
}

function applyTag(tag: Tag, out: () => RootContent[], stack: MdxJsxFlowElement[]): void {
  if (tag.kind === 'close') {
    const open = stack.pop();
    if (!open || open.name !== tag.name) bail();
    open.position = span(open.position!.start, tag.end);
    return;
  }
  const node: MdxJsxFlowElement = { type: 'mdxJsxFlowElement', name: tag.name, attributes: tag.attributes, children: [], position: span(tag.start, tag.end) };
  out().push(node);
  if (tag.kind === 'open') stack.push(node);
}

// ---------------------------------------------------------------- inline

const MDX_STOPS = stopTable('`*_![<\n{}$\\~&]');
const MARKDOWN_STOPS = stopTable('`*_![<\n{}$\\~&]@hHwWmx');
const ENTITY = /^&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;
/** The named references decoded here (the common ones in docs); any other name is left to micromark. */
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '\u00a9', reg: '\u00ae', trade: '\u2122',
  mdash: '\u2014', ndash: '\u2013', hellip: '\u2026', rarr: '\u2192', larr: '\u2190', times: '\u00d7', middot: '\u00b7', bull: '\u2022', deg: '\u00b0',
};

/**
 * What a character reference's body (`#39`, `#x22`, `amp`) stands for, as micromark
 * decodes it (micromark-util-decode-numeric-character-reference); null to leave it to micromark.
 */
function decodeReference(body: string): string | null {
  if (body[0] !== '#') return Object.hasOwn(NAMED, body) ? NAMED[body] : null;
  const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
  // Printable ASCII and the BMP outside controls, surrogates and noncharacters; the rest become U+FFFD there.
  if ((code >= 32 && code <= 126) || code === 9 || code === 10 || code === 12 || code === 13 || (code >= 160 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfdcf) || (code >= 0xfdf0 && code <= 0xfffd)) return String.fromCodePoint(code);
  return null;
}
const AUTOLINK_START = /^(https?:|www\.|mailto:|xmpp:)/i;

/** Inline content of lines already stripped of their indentation (a paragraph, a heading, a cell). */
function inlineOf(segments: Line[], inTable = false): PhrasingContent[] {
  let s = '';
  const starts: number[] = [];
  const breaks = new Set<number>();
  /** Line ends next to spaces that were cut (code spans keep them). */
  const cut = new Set<number>();
  segments.forEach((seg, k) => {
    if (k > 0 && seg.stripped) cut.add(s.length - 1);
    let text = seg.text;
    const trimmed = trimEndSpaces(text);
    if (k < segments.length - 1 && text.length - trimmed.length >= 2) breaks.add(s.length + trimmed.length);
    if (text.length !== trimmed.length) cut.add(s.length + trimmed.length);
    text = trimmed;
    starts.push(s.length);
    s += text + (k < segments.length - 1 ? '\n' : '');
  });
  const pointAt = (offset: number): Point => {
    let k = starts.length - 1;
    while (k > 0 && starts[k] > offset) k--;
    return at(segments[k].line, segments[k].col + offset - starts[k]);
  };
  return new InlineParser(s, breaks, cut, pointAt, inTable).parse(0, s.length, null).nodes;
}

class InlineParser {
  /** Whether some tilde of the text could make strikethrough (fast-chars.ts), once a tilde is met. */
  private tildes: boolean | undefined;

  constructor(
    private readonly s: string,
    private readonly breaks: Set<number>,
    private readonly trimmed: Set<number>,
    private readonly pointAt: (offset: number) => Point,
    private readonly inTable: boolean,
  ) {}

  /**
   * Whether the paragraph's cut spaces (line indentation, trailing spaces) fall inside a tag
   * whose attribute expression spans lines: micromark keeps them in the expression's text
   * (less up to two leading spaces a line), which this text no longer holds.
   */
  private cutInsideExpression(tag: Tag, from: number, to: number): boolean {
    if (!tag.attributes.some((a) => a.type === 'mdxJsxAttribute' && typeof a.value === 'object' && a.value?.value.includes('\n'))) return false;
    for (const offset of this.trimmed) if (offset >= from && offset < to) return true;
    return false;
  }

  /**
   * Nodes of s[from, to). With `closeName`, stops at the matching `</closeName>` and
   * returns where that tag ends.
   */
  parse(from: number, to: number, closeName: string | null): { nodes: PhrasingContent[]; end: number; closeStart?: number } {
    const s = this.s;
    const nodes: PhrasingContent[] = [];
    // The pending text is always s[textStart, p): it is sliced once when flushed rather
    // than grown a character at a time (a rope of one-character pieces to flatten later).
    let textStart = from;
    // After a backslash escape the text goes on in the same node, as micromark's data does.
    let glue = false;
    let lastTextEnd = -1;
    const flush = (end: number) => {
      if (textStart < end) {
        const last = nodes[nodes.length - 1];
        if (glue && last?.type === 'text') {
          last.value += s.slice(textStart, end);
          last.position = span(last.position!.start, this.pointAt(end));
        } else nodes.push({ type: 'text', value: s.slice(textStart, end), position: span(this.pointAt(textStart), this.pointAt(end)) });
        lastTextEnd = end;
      }
      glue = false;
    };
    const stops = markdownMode ? MARKDOWN_STOPS : MDX_STOPS;
    let p = from;
    while (p < to) {
      const c = s.charCodeAt(p);
      if (c >= 128 || stops[c] === 0) {
        p++;
        continue;
      }
      switch (c) {
        case 96 /* ` */: {
          const run = this.run(p, '`');
          const close = this.findBackticks(p + run, to, run);
          if (close < 0) {
            // No run of the same length in the whole block: the backticks are text. One past
            // `to` would make a code span across this range's end: left to micromark.
            if (this.findBackticks(p + run, s.length, run) >= 0) bail();
            p += run;
            continue;
          }
          flush(p);
          let value = s.slice(p + run, close);
          if (value.includes('\n') && !this.codeLinesIntact(p + run, close)) bail();
          // In a table cell `\|` is a pipe even in code (mdast-util-gfm-table); other backslashes stay.
          if (this.inTable && value.includes('\\')) value = value.replace(/\\([\\|])/g, (all, c: string) => (c === '|' ? c : all));
          if (value.length > 2 && value[0] === ' ' && value[value.length - 1] === ' ' && !/^[ \n]*$/.test(value)) value = value.slice(1, -1);
          nodes.push({ type: 'inlineCode', value, position: span(this.pointAt(p), this.pointAt(close + run)) });
          p = close + run;
          textStart = p;
          continue;
        }
        case 42 /* * */:
        case 95 /* _ */: {
          const ch = s[p];
          const n = this.run(p, ch);
          const { open, close } = this.flanking(p, n, ch);
          if (!open && !close) {
            p += n;
            continue;
          }
          if (close || n > 2) bail();
          const closer = this.findCloser(p + n, to, ch, n);
          flush(p);
          const inner = this.parse(p + n, closer, null).nodes;
          const position = span(this.pointAt(p), this.pointAt(closer + n));
          nodes.push(n === 1 ? { type: 'emphasis', children: inner, position } : { type: 'strong', children: inner, position });
          p = closer + n;
          textStart = p;
          continue;
        }
        case 33 /* ! */:
        case 91 /* [ */: {
          const image = c === 33;
          if (image && s.charCodeAt(p + 1) !== 91) break;
          const link = this.linkOrImage(p, to, image);
          if (!link) {
            // brackets of no link are text; what they hold is read as usual
            p += image ? 2 : 1;
            continue;
          }
          flush(p);
          nodes.push(link.node);
          p = link.end;
          textStart = p;
          continue;
        }
        case 60 /* < */: {
          if (markdownMode) bail(); // HTML
          if (s[p + 1] === '/') {
            if (closeName === null) bail();
            const read = readTag(s, p, this.pointAt);
            if (!read || read.tag.kind !== 'close' || read.tag.name !== closeName || read.end > to) bail();
            flush(p);
            return { nodes, end: read.end, closeStart: p };
          }
          const read = readTag(s, p, this.pointAt);
          if (!read || read.end > to) bail();
          flush(p);
          const tag = read.tag;
          if (this.cutInsideExpression(tag, p, read.end)) bail('expression over indented lines in text');
          const element: MdxJsxTextElement = { type: 'mdxJsxTextElement', name: tag.name, attributes: tag.attributes, children: [], position: span(tag.start, tag.end) };
          p = read.end;
          if (tag.kind === 'open') {
            const inner = this.parse(p, to, tag.name);
            element.children = inner.nodes;
            element.position = span(tag.start, this.pointAt(inner.end));
            p = inner.end;
          }
          nodes.push(element);
          textStart = p;
          continue;
        }
        case 10 /* \n */:
          if (this.breaks.has(p)) {
            flush(p);
            nodes.push({ type: 'break', position: span(this.pointAt(p), this.pointAt(p + 1)) });
            p++;
            textStart = p;
            continue;
          }
          break;
        case 123 /* { */: {
          const m = markdownMode ? null : TEXT_COMMENT.exec(s.slice(p, p + 2000));
          if (!m) {
            if (!markdownMode) bail(s.startsWith('{/*', p) ? 'comment' : 'expression');
            break;
          }
          flush(p);
          const start = this.pointAt(p);
          nodes.push({ type: 'mdxTextExpression', value: m[1], position: span(start, this.pointAt(p + m[0].length)), data: { estree: commentProgram(m[1], start.line, start.column + 1) } });
          p = textStart = p + m[0].length;
          continue;
        }
        case 125 /* } */:
        case 36 /* $ */:
          if (!markdownMode) bail(c === 36 ? 'math' : s.startsWith('{/*', p) ? 'comment' : 'expression'); // expressions and math in MDX; text in Markdown
          break;
        case 92 /* \ */: {
          const next = s.charCodeAt(p + 1);
          if (next === 10) {
            if (this.trimmed.has(p + 1)) bail('backslash'); // a break by spaces or by backslash: left to micromark
            flush(p);
            nodes.push({ type: 'break', position: span(this.pointAt(p), this.pointAt(p + 2)) });
            p += 2;
            textStart = p;
            continue;
          }
          if (next >= 128 || !ASCII_PUNCT_CODES[next]) break; // a literal backslash
          flush(p);
          glue = lastTextEnd === p;
          textStart = p + 1;
          p += 2;
          continue;
        }
        case 126 /* ~ */:
          // Text, unless some tilde of the block could pair (then micromark decides).
          if ((this.tildes ??= tildesMayStrike(s))) bail('tilde');
          break;
        case 64 /* @ */:
          if (markdownMode) bail(); // GFM links bare emails
          break;
        case 104 /* h */:
        case 72 /* H */:
        case 119 /* w */:
        case 87 /* W */:
        case 109 /* m */:
        case 120 /* x */:
          if (markdownMode && AUTOLINK_START.test(s.slice(p, p + 8))) bail(); // GFM links bare URLs
          break;
        case 38 /* & */: {
          const m = ENTITY.exec(s.slice(p, p + 40));
          if (!m) break;
          const decoded = decodeReference(m[1]);
          if (decoded === null) bail('entity');
          // The character joins the text around it, as micromark's data does.
          flush(p);
          const end = p + m[0].length;
          const last = nodes[nodes.length - 1];
          if (lastTextEnd === p && last?.type === 'text') {
            last.value += decoded;
            last.position = span(last.position!.start, this.pointAt(end));
          } else nodes.push({ type: 'text', value: decoded, position: span(this.pointAt(p), this.pointAt(end)) });
          lastTextEnd = end;
          glue = true;
          p = textStart = end;
          continue;
        }
        case 93 /* ] */:
          if (!literalBrackets) bail('stray ]');
          break;
      }
      p++;
    }
    if (closeName !== null) bail();
    flush(p);
    return { nodes, end: p };
  }

  /** Whether s[from, to) has no line break at either end and no trailing spaces were cut before one. */
  private codeLinesIntact(from: number, to: number): boolean {
    if (this.s[from] === '\n' || this.s[to - 1] === '\n') return false;
    for (let q = this.s.indexOf('\n', from); q >= 0 && q < to; q = this.s.indexOf('\n', q + 1)) if (this.trimmed.has(q)) return false;
    return true;
  }

  private run(p: number, ch: string): number {
    let n = 0;
    while (this.s[p + n] === ch) n++;
    return n;
  }

  /** The offset just past the code span opening at `p`, or past its backticks when they are text. */
  private pastCodeSpan(p: number, to: number): number {
    const run = this.run(p, '`');
    const close = this.findBackticks(p + run, to, run);
    if (close >= 0) return close + run;
    // Text when no run of the same length follows in the whole block (see parse).
    if (this.findBackticks(p + run, this.s.length, run) >= 0) bail();
    return p + run;
  }

  /** Offset of the next run of exactly `n` backticks in [from, to), or -1. */
  private findBackticks(from: number, to: number, n: number): number {
    let p = from;
    while (p < to) {
      const q = this.s.indexOf('`', p);
      if (q < 0 || q >= to) return -1;
      const run = this.run(q, '`');
      if (run === n && q + run <= to) return q;
      p = q + run;
    }
    return -1;
  }

  /**
   * Whether a delimiter run can open and close emphasis (CommonMark's flanking rules).
   * Characters are classified one UTF-16 unit at a time with micromark's own tests
   * (micromark-util-classify-character), so a surrogate half counts as a letter there too.
   */
  private flanking(p: number, n: number, ch: string): { open: boolean; close: boolean } {
    const before = p > 0 ? this.s.charCodeAt(p - 1) : 10;
    const after = p + n < this.s.length ? this.s.charCodeAt(p + n) : 10;
    const kindBefore = classify(before);
    const kindAfter = classify(after);
    const wsBefore = kindBefore === WHITESPACE;
    const wsAfter = kindAfter === WHITESPACE;
    const punctBefore = kindBefore === PUNCTUATION;
    const punctAfter = kindAfter === PUNCTUATION;
    const left = !wsAfter && (!punctAfter || wsBefore || punctBefore);
    const right = !wsBefore && (!punctBefore || wsAfter || punctAfter);
    if (ch === '*') return { open: left, close: right };
    return { open: left && (!right || punctBefore), close: right && (!left || punctAfter) };
  }

  /**
   * The closer of an opener of `n` x `ch`: the next run of `ch` that can act at all must
   * be able to close and be of the same length, else the case is left to micromark.
   */
  private findCloser(from: number, to: number, ch: string, n: number): number {
    const s = this.s;
    let p = from;
    while (p < to) {
      const c = s[p];
      if (c === '`') {
        p = this.pastCodeSpan(p, to);
        continue;
      }
      if (c === '\\' && ASCII_PUNCT_CODES[s.charCodeAt(p + 1)] === 1) {
        p += 2;
        continue;
      }
      if (c === ch) {
        const run = this.run(p, ch);
        const { open, close } = this.flanking(p, run, ch);
        if (!open && !close) {
          p += run;
          continue;
        }
        // The first run that can close, of the opener's length, closes it (the opener can
        // only open, so the rule of three does not apply); one that only opens nests: bail.
        if (!close || run !== n || p === from) bail();
        return p;
      }
      p++;
    }
    return bail();
  }

  /**
   * `[text](url)` or `![alt](url)` at p; null when the brackets close but no `(` follows
   * and the page defines no references (literalBrackets): they are text then. Anything
   * else with brackets bails.
   */
  private linkOrImage(p: number, to: number, image: boolean): { node: Link | Image; end: number } | null {
    const s = this.s;
    const open = image ? p + 1 : p;
    let q = open + 1;
    for (;;) {
      if (q >= to) bail();
      const c = s[q];
      if (c === ']') break;
      if (c === '[') bail();
      if (c === '\\' && ASCII_PUNCT_CODES[s.charCodeAt(q + 1)] === 1) {
        q += 2;
        continue;
      }
      if (c === '`') {
        q = this.pastCodeSpan(q, to);
        continue;
      }
      q++;
    }
    const textEnd = q;
    if (s[q + 1] !== '(') {
      if (literalBrackets && s[open + 1] !== '^') return null;
      bail();
    }
    let d = q + 2;
    const destStart = d;
    while (d < to && s[d] !== ')') {
      const c = s[d];
      if (c === ' ' || c === '\n' || c === '(' || c === '<' || c === '\\' || c === '"' || c === "'") bail();
      if (c === '&' && ENTITY.test(s.slice(d, d + 40))) bail();
      d++;
    }
    if (d >= to) bail();
    const url = s.slice(destStart, d);
    const position = span(this.pointAt(p), this.pointAt(d + 1));
    if (image) {
      const alt = s.slice(open + 1, textEnd);
      if (/[`*_[\]<>{}\\&!$~\n]/.test(alt)) bail();
      return { node: { type: 'image', title: null, url, alt, position }, end: d + 1 };
    }
    const children = this.parse(open + 1, textEnd, null).nodes;
    if (children.some((c) => c.type === 'link')) bail();
    return { node: { type: 'link', title: null, url, children, position }, end: d + 1 };
  }
}
