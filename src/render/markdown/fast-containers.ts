/**
 * The fast parser's containers (see fast-parse.ts): block quotes and lists, whose lines are
 * cut of their markers and indentation and parsed as blocks again (fast-blocks.ts).
 */
import type { Blockquote, List, ListItem, RootContent } from 'mdast';
import { at, bail, isBlank, page, span, spaces, type Line } from './fast-common.js';
import { endOf, FENCE, FLOW_COMMENT, interrupts, LIST_ITEM, parseBlocks, RULE_LIKE } from './fast-blocks.js';
import { flowTags } from './fast-tags.js';

/**
 * A block quote: the run of lines starting with `>` (after any indentation: MDX has no
 * indented code), each with the marker and one following space cut, parsed as blocks.
 * A non-blank line without `>` that would not start a block of its own is a lazy
 * continuation line (see lazyLine).
 */
export function blockquoteAt(lines: Line[], i: number): { node: Blockquote; next: number } {
  const inner: Line[] = [];
  const lazy: number[] = [];
  let j = i;
  for (; j < lines.length; j++) {
    const l = lines[j];
    const s = spaces(l.text);
    if (s === l.text.length) break;
    if (l.text[s] !== '>') {
      if (!interrupts(lines, j)) {
        inner.push(lazyLine(l, s));
        lazy.push(l.line);
        continue;
      }
      if (!startsBlock(lines, j)) bail('line after a block quote');
      break;
    }
    // A tab after `>` is partly the marker's space in micromark (columns): left to it.
    if (l.text[s + 1] === '\t') bail('tab after >');
    const cut = s + (l.text[s + 1] === ' ' ? 2 : 1);
    inner.push({ text: l.text.slice(cut), line: l.line, col: l.col + cut });
  }
  const children = parseBlocks(inner) as Blockquote['children'];
  for (const line of lazy) if (!continuesParagraph(children, line)) bail('lazy line');
  const start = lines[i];
  return { node: { type: 'blockquote', children, position: span(at(start.line, start.col + spaces(start.text)), endOf(lines[j - 1])) }, next: j };
}

export function listAt(lines: Line[], i: number): { node: List; next: number } {
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
    // Another kind of item (`  * b` under `1. a`, short of its content) starts a list of its own.
    // One of this kind is a sibling at any indentation short of the last item's content
    // (`   - a` then `    - b`): one as deep or deeper went into that item.
    if ((m[3] !== undefined) !== ordered || (ordered ? m[4] : m[2]) !== marker) break; // another list
    // In CommonMark four spaces before it make it no item (indented code, or a lazy line): left to micromark.
    if (page.markdown && m[1].length >= 4) bail('item indented four spaces in Markdown');
    if (m[5].length > 4) bail();
    const width = m[0].length;
    const start = lines[j];
    const content = start.text.slice(width);
    // A GFM task item (`[ ]`, `[x]`) with one space before its text; any other check is left to micromark.
    const task = TASK.exec(content);
    if ((!task && /^\[[ xX]\]([ \t]|$)/.test(content)) || RULE_LIKE.test(content) || LIST_ITEM.test(content)) bail();
    const sub: Line[] = [{ text: content, line: start.line, col: start.col + width }];
    /** Blank lines inside the item (content follows them in it). */
    const blanks: number[] = [];
    /** Lazy continuation lines of the item (see lazyLine). */
    const lazy: number[] = [];
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
      else if (LIST_ITEM.test(t) || interrupts(lines, k)) break;
      else {
        sub.push(lazyLine(lines[k], s));
        lazy.push(lines[k].line);
      }
    }
    const children = parseBlocks(sub) as ListItem['children'];
    for (const line of lazy) if (!continuesParagraph(children, line)) bail('lazy line');
    const spread = blanks.length > 0 && blanksBetween(children, blanks);
    const checked = task ? taskChecked(children, task[1]) : null;
    items.push({ type: 'listItem', spread, checked, children, position: span(at(start.line, start.col + m[1].length), endOf(sub[sub.length - 1])) });
    j = k;
    if (k < lines.length && isBlank(lines[k].text)) {
      // A blank line, then another item of this list (at any indentation: one as deep as the
      // last item's content went into it): the list is loose (spread) and goes on. Anything
      // else after the blanks is short of that content, so not the list's: it starts a block of
      // the parent (a fence under a step's list, indented less than the items' text).
      let n = k;
      while (n < lines.length && isBlank(lines[n].text)) n++;
      const next = n < lines.length ? LIST_ITEM.exec(lines[n].text) : null;
      if (next && (next[3] !== undefined) === ordered && (ordered ? next[4] : next[2]) === marker) {
        loose = true;
        j = n;
        continue;
      }
      break;
    }
    if (k < lines.length && !LIST_ITEM.test(lines[k].text)) {
      // A line less indented than the item's content and no lazy line (see above): it must surely start a block.
      if (!startsBlock(lines, k)) bail();
      break;
    }
  }
  const node: List = { type: 'list', ordered, start: ordered ? Number(first[3]) : null, spread: loose, children: items, position: span(at(lines[i].line, lines[i].col + indent), items[items.length - 1].position!.end) };
  return { node, next: j };
}

/** A task item's check and the one space after it, before text that starts with neither space nor tab. */
const TASK = /^\[([ xX])\] (?=[^ \t])/;

/**
 * The `checked` of a task item whose first block was parsed with its check (`[x] text`), the
 * check and its space taken out of the paragraph as mdast-util-gfm-task-list-item does: the
 * text after them is the paragraph's, from where it starts; when nothing of the first text is
 * left (the check is followed by emphasis, a link, code), the paragraph still starts at the
 * check. Anything else the inline parser made of the check is left to micromark.
 */
function taskChecked(children: ListItem['children'], mark: string): boolean {
  const paragraph = children[0];
  if (paragraph?.type !== 'paragraph') bail('task item');
  const head = paragraph.children[0];
  if (head?.type !== 'text' || !head.value.startsWith(`[${mark}] `)) bail('task item');
  head.value = head.value.slice(4);
  if (head.value === '') paragraph.children.shift();
  else {
    head.position!.start = at(head.position!.start.line, head.position!.start.column + 4);
    paragraph.position!.start = { ...head.position!.start };
  }
  return mark !== ' ';
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
  return /^#{1,6}( |$)/.test(rest) || FENCE.test(rest) || rest[0] === '>' || (!page.markdown && ((rest.startsWith('<') && flowTags(lines, k, s)?.next === k + 1) || FLOW_COMMENT.test(rest)));
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

/**
 * Line `l`, indented by `s` spaces, as a lazy continuation line of the container it follows
 * (CommonMark: a line that misses the container's marker or indentation but would not
 * start a block continues the paragraph open in it). It is parsed with the container's
 * lines, its spaces cut (and counted in `stripped`, as code spans keep them); the caller
 * then checks with continuesParagraph that it did continue a paragraph there.
 */
function lazyLine(l: Line, s: number): Line {
  return { text: l.text.slice(s), line: l.line, col: l.col + s, stripped: s + (l.stripped ?? 0) };
}

/**
 * Whether page line `line` lies in a paragraph that started on an earlier line, inside
 * `children` or the lists and block quotes among them: a lazy line only continues the
 * paragraph open in the innermost container. Anything else (the line started a block of
 * its own in the container, a table, a component) is left to micromark.
 */
function continuesParagraph(children: RootContent[], line: number): boolean {
  const node = children.find((n) => n.position!.start.line <= line && line <= n.position!.end.line);
  if (!node) return false;
  if (node.type === 'paragraph') return node.position!.start.line < line;
  if (node.type === 'blockquote') return continuesParagraph(node.children, line);
  if (node.type === 'list') return node.children.some((item) => continuesParagraph(item.children, line));
  return false;
}
