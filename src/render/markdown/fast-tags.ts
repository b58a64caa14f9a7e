/**
 * JSX tags for the fast parser (see fast-parse.ts): reading a tag and its attributes
 * (expressions parsed by acorn as the MDX parser does), tags on their own lines, and
 * the open elements they nest.
 */
import type { Comment, Node as AcornNode } from 'acorn';
import type { RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx';
import type { Program } from 'estree';
import { ACORN_OPTIONS, at, bail, JsxParser, span, UNSUPPORTED, type Line, type Point } from './fast-common.js';
import { decodeAttributeValue } from './fast-chars.js';

export interface Tag {
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
export function readTag(s: string, p: number, pointAt: (offset: number) => Point): { tag: Tag; end: number } | null {
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
  // A member name (`Tree.File`, `Color.Item`): mdast-util-mdx-jsx joins its parts with dots.
  // Spaces or lines around a dot, dashes in one and namespaces (`a:b`) are left to micromark.
  while (s[p] === '.') {
    p++;
    if (p >= s.length) return null;
    if (!NAME_START.test(s[p])) bail('member name');
    while (p < s.length && NAME_CHAR.test(s[p])) p++;
  }
  const name = s.slice(nameStart, p);
  if (s[p] === ':' || (name.includes('.') && name.includes('-'))) bail('tag name');
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
        if (value.includes('\n')) bail();
        if (value.includes('&')) value = decodeAttributeValue(value) ?? bail('entity in an attribute');
        p = close + 1;
      } else if (quote === '{') {
        const expr = readExpression(s, q, pointAt);
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

/**
 * `{2}` (`cols={2}`, most attribute expressions of real and generated sites): a decimal
 * integer that fits a double exactly. Its node is the one acorn makes for it, made here:
 * acorn builds a parser per expression (~80 us each, its keyword regexes compiled anew).
 */
const INTEGER = /\{(0|[1-9]\d{0,14})\}/y;

/** An attribute expression `{...}` at `s[p]`, parsed by acorn as the MDX parser does. */
function readExpression(s: string, p: number, pointAt: (offset: number) => Point): { value: string; estree: Program; end: number } | null {
  const inner = p + 1;
  INTEGER.lastIndex = p;
  const integer = INTEGER.exec(s)?.[1];
  if (integer !== undefined) {
    const literal = { type: 'Literal', start: inner, end: inner + integer.length, value: Number(integer), raw: integer };
    return { value: integer, estree: program(literal), end: inner + integer.length + 1 };
  }
  let node: AcornNode & { end: number };
  const comments: Comment[] = [];
  try {
    node = JsxParser.parseExpressionAt(s, inner, { ...ACORN_OPTIONS, onComment: comments });
  } catch (err) {
    // Unterminated (no `}` yet, or acorn ran into the end of the lines read so far: more lines
    // may finish it, `icon={<svg style={{ … }}` going on below) or not an expression: micromark decides.
    if (!s.includes('}', inner) || (err as { pos?: number }).pos! >= s.trimEnd().length) return null;
    return bail();
  }
  let q = node.end;
  while (q < s.length && (s[q] === ' ' || s[q] === '\n')) q++;
  if (q >= s.length) return null;
  if (s[q] !== '}') bail();
  // A comment goes into micromark's estree with its position: left to it. (`//` in a URL string is no comment.)
  if (comments.length > 0) bail();
  const raw = s.slice(inner, q);
  const { value, source } = raw.includes('\n') ? cutExpressionIndent(raw, (offset) => pointAt(inner + offset).column) : { value: raw, source: raw };
  // The cut may change what the expression says (a template literal spanning lines): acorn reads what micromark hands it.
  if (source !== raw) node = reparseExpression(source);
  return { value, estree: program(node), end: q + 1 };
}

/** The estree of an attribute expression, as micromark-extension-mdx-expression attaches it. */
function program(expression: AcornNode): Program {
  return { type: 'Program', body: [{ type: 'ExpressionStatement', expression }], sourceType: 'module', comments: [] } as unknown as Program;
}

/**
 * An expression's text as micromark-factory-mdx-expression passes it on: each line after
 * the first loses its first two codes when they are spacing (its `eolAfter` takes them as a
 * line prefix, so an attribute object indented inside an element keeps two spaces less).
 * micromark reads a tab as a tab code and a virtual space per further column up to the next
 * tab stop (of 4, by the page's column): a tab there may lose its tab code and leave virtual
 * spaces, which the node's `value` writes as spaces and the text acorn parses (`source`,
 * micromark-util-events-to-acorn) leaves out. `\t b` at the start of a page line: value
 * `   b`, source ` b` (checked against micromark). A tab there on a line that does not start
 * the page's line (inside a list or a quote: `column` of the line's first character) is
 * left to micromark.
 */
function cutExpressionIndent(raw: string, column: (offset: number) => number): { value: string; source: string } {
  if (!/\n {0,1}\t/.test(raw)) {
    const cut = raw.replace(/\n {1,2}/g, '\n');
    return { value: cut, source: cut };
  }
  let value = '';
  let source = '';
  let from = 0;
  for (let nl = raw.indexOf('\n'); nl !== -1; nl = raw.indexOf('\n', nl + 1)) {
    const chunk = raw.slice(from, nl + 1);
    value += chunk;
    source += chunk;
    let i = nl + 1;
    const lineStart = column(i) - 1;
    let col = lineStart;
    let codes = 0;
    let virtual = 0;
    while (codes < 2 && (raw[i] === ' ' || raw[i] === '\t')) {
      if (raw[i] === ' ') {
        codes++;
        col++;
      } else {
        if (lineStart !== 0) bail('tab in an expression');
        const width = 4 - (col % 4);
        codes++;
        const taken = Math.min(width - 1, 2 - codes);
        codes += taken;
        virtual = width - 1 - taken;
        col += width;
      }
      i++;
    }
    value += ' '.repeat(virtual);
    from = i;
  }
  value += raw.slice(from);
  source += raw.slice(from);
  return { value, source };
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
 * Lines a tag may span on the fast path; a longer one goes to micromark. A card whose
 * `icon={<svg …>}` is drawn over 60-120 lines (Mintlify's analytics overview) stays on it.
 */
const MAX_TAG_LINES = 120;

/** Lines `i` to `i + count - 1` as one text, and the page position of each of its offsets. */
function joinLines(lines: Line[], i: number, count: number): { s: string; starts: number[]; pointAt: (offset: number) => Point } {
  if (count === 1) {
    // Most tags fit on their line: no copy.
    const l = lines[i];
    return { s: l.text, starts: [0], pointAt: (offset) => at(l.line, l.col + offset) };
  }
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
  return { s, starts, pointAt };
}

/**
 * How many lines from `i` the tag at offset `p` (unfinished on the lines read so far) needs:
 * it is read once over every line it may span, so that a group grows to the tag's last line
 * at once, not a line at a time reading the tag again from its start each time (a 117-line
 * tag: ~30 ms). Null when it does not end there or is not one the fast path reads.
 */
function linesToFinish(lines: Line[], i: number, p: number): number | null {
  const { s, starts, pointAt } = joinLines(lines, i, MAX_TAG_LINES);
  let read: ReturnType<typeof readTag>;
  try {
    read = readTag(s, p, pointAt);
  } catch (err) {
    if (err === UNSUPPORTED) return null;
    throw err;
  }
  if (!read) return null;
  let k = starts.length - 1;
  while (k > 0 && starts[k] > read.end - 1) k--;
  return k + 1;
}

/**
 * The JSX tags that make up line `i` (starting at column `indent`), when the line holds
 * only tags; a tag may run over the following lines. Null when the line is text.
 */
export function flowTags(lines: Line[], i: number, indent: number): { tags: Tag[]; next: number } | null {
  let count = 1;
  for (;;) {
    const { s, pointAt } = joinLines(lines, i, count);
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
      // micromark reads tags followed by an expression (`<Icon /> {/* c */}`) as flow: left to it
      if (s[p] === '{') bail('expression after a tag');
      if (s[p] !== '<') return null; // text follows the tag: a paragraph
    }
    if (count >= MAX_TAG_LINES || i + count >= lines.length) bail();
    // Only a tag spanning lines goes on; a line ending inside a tag's text goes to micromark.
    // One that does not end within the lines it may span, or is not one the fast path reads
    // when read over them, would not with fewer either (the same text up to its end).
    const needed = linesToFinish(lines, i, p);
    if (needed === null) bail('tag over too many lines');
    count = Math.max(count + 1, needed);
  }
}

export function applyTag(tag: Tag, out: () => RootContent[], stack: MdxJsxFlowElement[]): void {
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
