/**
 * The fast parser's blocks (see fast-parse.ts): headings, paragraphs, fenced code,
 * thematic breaks, GFM tables, import/export blocks, `{/* comments *\/}` and JSX elements
 * on their own lines; lists and block quotes are in fast-containers.ts, inline content in
 * fast-inline.ts.
 */
import type { Code, Heading, Paragraph, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { MdxJsxFlowElement, MdxjsEsm } from 'mdast-util-mdx';
import type { Program } from 'estree';
import { parseEsm } from './fast-esm.js';
import { at, bail, isBlank, page, span, spaces, spacing, trimEndSpaces, trimSpaces, type Line, type Point } from './fast-common.js';
import { applyTag, flowTags } from './fast-tags.js';
import { inlineOf } from './fast-inline.js';
import { blockquoteAt, listAt } from './fast-containers.js';

export const FENCE = /^(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^( *)(`{3,}|~{3,}) *$/;
export const LIST_ITEM = /^( *)([-*+]|(\d{1,9})([.)]))( +)(?=[^ ])/;
const TABLE_DELIMITER = /^ *\|? *:?-+:? *(\| *:?-+:? *)*\|? *$/;
/** A thematic break: three or more of one of `-`, `*`, `_`, spaces between. */
const THEMATIC_BREAK = /^ *([-*_])(?: *\1){2,} *$/;
/** Lines the subset leaves to micromark: thematic breaks, setext underlines, empty items. */
export const RULE_LIKE = /^ *([-_*=+][-_*=+ ]*|\d{1,9}[.)] *)$/;

/**
 * Whether every tab of `text` is text to micromark as it is to the fast path: after the
 * line's first space (so past any block marker: `#\ta`, `-\ta` are left to micromark),
 * with more than spacing after it (a tab at a line's end is cut there), on a line holding
 * no table pipe, tag, expression or link destination (where a tab is spacing). Docs paste
 * tabs into prose (`` `Default (*)`\t- the home page ``).
 */
function tabsInText(text: string): boolean {
  const tab = text.indexOf('\t');
  const space = text.indexOf(' ');
  return space >= 0 && space < tab && /\S/.test(text.slice(text.lastIndexOf('\t'))) && !/[|<{]|\]\(/.test(text);
}

/**
 * A paragraph's first line indented with tabs at the page's left edge in MDX (`\t![alt](/x.png)`
 * inside a `<Frame>`): micromark takes the indentation as the line's prefix, as it would spaces
 * (no indented code in MDX). Only a line starting with a letter, a quote or an image, with no
 * table pipe and its other tabs text (tabsInText), can only be a paragraph.
 */
function tabLedParagraph(l: Line): boolean {
  if (page.markdown || l.col !== 1) return false;
  const rest = l.text.slice(spacing(l.text));
  return /^(?:[\p{L}"'“‘]|!\[)/u.test(rest) && !rest.includes('|') && (!rest.includes('\t') || tabsInText(rest));
}

export function parseBlocks(lines: Line[]): RootContent[] {
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
    // A tab within a line's text is read as text (tabsInText); one in its indentation is
    // columns to micromark, but for a paragraph's first line at the page's left edge (MDX).
    const tabbed = text.includes('\t') && !tabsInText(text);
    if (tabbed && !tabLedParagraph(lines[i])) bail();
    if (page.markdown && indent >= 4) bail(); // indented code
    if (tabbed) {
      const paragraph = paragraphAt(lines, i);
      out().push(paragraph.node);
      i = paragraph.next;
      continue;
    }
    const rest = indent ? text.slice(indent) : text;
    if (rest.charCodeAt(0) === 60 /* < */) {
      if (page.markdown) bail(); // HTML
      const flow = flowTags(lines, i, indent);
      if (flow) {
        for (const tag of flow.tags) applyTag(tag, out, stack);
        i = flow.next;
        continue;
      }
    }
    if (RULE_LIKE.test(text)) {
      // After a blank line or a block other than a paragraph (a paragraph ends before such a line, see interrupts).
      if (!THEMATIC_BREAK.test(text) || (page.markdown && indent >= 4)) bail('rule-like line');
      const l = lines[i];
      out().push({ type: 'thematicBreak', position: span(at(l.line, l.col + indent), endOf(l)) });
      i++;
      continue;
    }
    const c = rest[0];
    if (!page.markdown && (c === 'i' || c === 'e') && indent === 0 && lines[i].col === 1 && /^(import|export) /.test(text)) {
      // ESM: only at column 1 outside containers (micromark-extension-mdxjs-esm); in a component, left to micromark.
      if (stack.length) bail('import/export in a component');
      const esm = esmAt(lines, i);
      out().push(esm.node);
      i = esm.next;
      continue;
    }
    if (c === '{' && !page.markdown) {
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
    } else if (c === '$' && !page.markdown && MATH_FENCE.test(rest)) {
      const math = mathFlow(lines, i, indent);
      out().push(math.node);
      i = math.next;
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
export const FLOW_COMMENT = /^\{(\/\*(?:(?!\*\/).)*\*\/)\} *$/;
/** The same inside text. */
export const TEXT_COMMENT = /^\{(\/\*(?:(?!\*\/)[^\n])*\*\/)\}/;

/**
 * The estree micromark-util-events-to-acorn builds for an expression holding only one
 * block comment `value`, which starts at page line `line`, 1-based column `col`: an empty
 * Program carrying the comment, both at the comment's page position.
 */
export function commentProgram(value: string, line: number, col: number): Program {
  if (page.lineStarts.length === 0) {
    let o = 0;
    for (const t of page.lines) {
      page.lineStarts.push(o);
      o += t.length + 1;
    }
  }
  const offset = page.lineStarts[line - 1] + col - 1;
  const start = { line, column: col - 1, offset };
  const end = { line, column: col - 1 + value.length, offset: offset + value.length };
  const where = () => ({ start: offset, end: end.offset, loc: { start: { ...start }, end: { ...end } }, range: [offset, end.offset] });
  const comment = { type: 'Block', value: value.slice(2, -2), ...where() };
  return { type: 'Program', ...where(), body: [], sourceType: 'module', comments: [comment] } as unknown as Program;
}

/**
 * An `import`/`export` block: its lines up to a blank line, parsed by acorn (fast-esm.ts).
 * When acorn stops at the end of them (a function body with a blank line in it), the blank
 * lines and the next run of lines join the block and it is parsed again, as
 * micromark-extension-mdxjs-esm does; at the end of the page it is micromark's error.
 */
function esmAt(lines: Line[], i: number): { node: MdxjsEsm; next: number } {
  let offset = 0;
  for (let k = 0; k < lines[i].line - 1; k++) offset += page.lines[k].length + 1;
  let j = i;
  while (j < lines.length && !isBlank(lines[j].text)) j++;
  for (;;) {
    const value = lines.slice(i, j).map((l) => l.text).join('\n');
    const estree = parseEsm(value, lines[i].line, offset, page.esmNames);
    if (estree === 'incomplete' && j < lines.length) {
      while (j < lines.length && isBlank(lines[j].text)) j++;
      while (j < lines.length && !isBlank(lines[j].text)) j++;
      continue;
    }
    if (!estree || estree === 'incomplete') bail('import/export');
    return { node: { type: 'mdxjsEsm', value, position: span(at(lines[i].line, 1), endOf(lines[j - 1])), data: { estree } }, next: j };
  }
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

/**
 * The lines of a fence opened at line `i` (a code fence, a math block) up to the first that
 * `closes`, the opening's indentation cut from each: its text and the closing line. Unclosed,
 * it runs to the end of its container, and a tab within the indentation is cut in columns by
 * micromark: both left to it.
 */
function fenceBody(lines: Line[], i: number, indent: number, closes: (text: string) => boolean): { body: string; end: number } {
  let end = i + 1;
  while (end < lines.length && !closes(lines[end].text)) end++;
  if (end >= lines.length) bail('unclosed fence');
  const body: string[] = [];
  for (let k = i + 1; k < end; k++) {
    const t = lines[k].text;
    if (spaces(t) < indent && t[spaces(t)] === '\t') bail('tab in a fence indentation');
    body.push(indent ? t.slice(Math.min(indent, spaces(t))) : t);
  }
  return { body: body.join('\n'), end };
}

function fencedCode(lines: Line[], i: number, indent: number): { node: Code; next: number } {
  const open = lines[i];
  const m = FENCE.exec(open.text.slice(indent))!;
  const marker = m[1];
  const info = trimSpaces(m[2]);
  // A tab in the info string splits the language from the meta in micromark: left to it.
  if ((marker[0] === '`' && info.includes('`')) || /[\\&\t]/.test(info)) bail();
  const { body, end } = fenceBody(lines, i, indent, (t) => {
    const close = FENCE_CLOSE.exec(t);
    if (!close || close[2][0] !== marker[0] || close[2].length < marker.length) return false;
    if (page.markdown && close[1].length >= 4) bail(); // content in CommonMark, a close in MDX
    return true;
  });
  const space = info.search(/ /);
  const lang = info ? (space < 0 ? info : info.slice(0, space)) : null;
  // micromark keeps the spaces after the meta (`bash New ` on a real page): only those before it go
  const meta = space < 0 ? null : trimSpaces(info.slice(space)) + m[2].slice(trimEndSpaces(m[2]).length) || null;
  const last = lines[end];
  return {
    node: { type: 'code', lang, meta, value: body, position: span(at(open.line, open.col + indent), at(last.line, last.col + last.text.length)) },
    next: end + 1,
  };
}


/** An opening math fence (micromark-extension-math): two dollars or more, a meta without a dollar. */
const MATH_FENCE = /^(\${2,})([^$]*)$/;
const MATH_CLOSE = /^( *)(\${2,}) *$/;

/**
 * A math block (`$$` … `$$`) as micromark-extension-math reads it in MDX: like a fenced
 * code block (the opening's indentation cut from each line, closed by as many dollars or
 * more at any indentation), its meta the opening's text after the dollars, trailing spaces
 * kept; the node as mdast-util-math makes it. Unclosed, it runs to the end of its
 * container: left to micromark.
 */
function mathFlow(lines: Line[], i: number, indent: number): { node: RootContent; next: number } {
  const open = lines[i];
  const m = MATH_FENCE.exec(open.text.slice(indent))!;
  const marker = m[1];
  const { body: value, end } = fenceBody(lines, i, indent, (t) => (MATH_CLOSE.exec(t)?.[2].length ?? 0) >= marker.length);
  const meta = m[2].slice(spaces(m[2])) || null;
  const last = lines[end];
  const data = { hName: 'pre', hChildren: [{ type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-display'] }, children: [{ type: 'text', value }] }] };
  return {
    node: { type: 'math', meta, value, data, position: span(at(open.line, open.col + indent), at(last.line, last.col + last.text.length)) },
    next: end + 1,
  };
}

/** The point just after line `l`. */
export function endOf(l: Line): Point {
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
    // A line that starts a block (a heading, a fence, a quote, a component...) ends the table,
    // as micromark tries those constructs before a row; one without a pipe would be a row
    // of one cell, one starting with a tag a row holding JSX: left to micromark.
    if (interrupts(lines, j)) break;
    if (!l.text.includes('|') || l.text[spaces(l.text)] === '<') bail('table row');
    const cells = splitRow(l);
    if (cells.length !== head.length) bail();
    rows.push(row(l, cells));
  }
  return { node: { type: 'table', align, children: rows, position: span(at(lines[i].line, lines[i].col), endOf(lines[j - 1])) }, next: j };
}

/** Whether line `l` ends the paragraph above it (false: it continues the paragraph). */
export function interrupts(lines: Line[], k: number): boolean {
  const t = lines[k].text;
  const s = spaces(t);
  if (s === t.length) return true;
  if (t.includes('\t') && !tabsInText(t)) bail();
  const rest = s ? t.slice(s) : t;
  if (RULE_LIKE.test(t)) {
    // `***` and `___` end a paragraph; `---` and `===` under one make a setext heading: left to micromark.
    if (THEMATIC_BREAK.test(t) && !t.includes('-') && !(page.markdown && s >= 4)) return true;
    bail('rule-like line');
  }
  if (page.markdown && s >= 4) return false; // indented code cannot interrupt a paragraph
  switch (rest[0]) {
    case '<':
      return page.markdown ? bail() : flowTags(lines, k, s) !== null;
    case '#':
      return /^#{1,6}( |$)/.test(rest);
    case '`':
    case '~':
      return FENCE.test(rest) && !(rest[0] === '`' && rest.slice(3).includes('`'));
    case '>':
      return !page.markdown || s < 4;
    case '$':
      // Math blocks open with `$$`; a line starting `$5` continues the paragraph.
      return page.markdown || rest[1] !== '$' ? false : bail('math line');
    case '{':
      // A line holding only a comment is a flow expression, which ends a paragraph, a table or a
      // container's lazy lines in micromark; any other expression is left to it.
      if (page.markdown) return false;
      return FLOW_COMMENT.test(rest) || bail('expression line');
    default: {
      if (!page.markdown && /^(import|export)\s/.test(rest)) bail('import/export');
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

/**
 * Whether a GFM table starts at line `k`: a row, then a delimiter row of as many cells. One
 * ends the paragraph above it in micromark (checked), though not a container's lazy lines or
 * a table's body, where `interrupts` still leaves such a line to micromark.
 */
function tableHeadAt(lines: Line[], k: number): boolean {
  const t = lines[k].text;
  const next = lines[k + 1]?.text;
  return next !== undefined && t.includes('|') && !t.includes('\t') && !next.includes('\t') && TABLE_DELIMITER.test(next) && splitRow(lines[k]).length === splitRow(lines[k + 1]).length;
}

function paragraphAt(lines: Line[], i: number): { node: Paragraph; next: number } {
  const rest = lines[i].text.slice(spaces(lines[i].text));
  if (!page.markdown && rest[0] === '{') bail(rest.startsWith('{/*') ? 'comment' : 'expression');
  if (!page.markdown && /^(import|export)\s/.test(rest)) bail('import/export');
  let j = i + 1;
  while (j < lines.length && !tableHeadAt(lines, j) && !interrupts(lines, j)) j++;
  const segments: Line[] = [];
  for (let k = i; k < j; k++) {
    const l = lines[k];
    const s = k === i ? spacing(l.text) : spaces(l.text);
    segments.push({ text: l.text.slice(s), line: l.line, col: l.col + s, stripped: s + (l.stripped ?? 0) });
  }
  const children = inlineOf(segments);
  const first = segments[0];
  return { node: { type: 'paragraph', children, position: span(at(first.line, first.col), endOf(lines[j - 1])) }, next: j };
}
