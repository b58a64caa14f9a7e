/**
 * Inline content for the fast parser (see fast-parse.ts): text, code spans, emphasis and
 * strong, links and images, escapes, character references, one-line comments and JSX
 * elements inside text.
 */
import type { Image, Link, PhrasingContent } from 'mdast';
import type { MdxJsxTextElement } from 'mdast-util-mdx';
import { ASCII_PUNCT_CODES, decodeReference, flanking, plainStrike, stopPattern, stopTable, tildesMayStrike } from './fast-chars.js';
import { at, bail, page, span, trimEndSpaces, type Line, type Point } from './fast-common.js';
import { readTag, type Tag } from './fast-tags.js';
import { commentProgram, TEXT_COMMENT } from './fast-blocks.js';
import { readResource } from './fast-links.js';

const MDX_CHARS = '`*_![<\n{}$\\~&]';
const MARKDOWN_CHARS = '`*_![<\n{}$\\~&]@hHwWmx';
const MDX_STOPS = stopTable(MDX_CHARS);
const MARKDOWN_STOPS = stopTable(MARKDOWN_CHARS);
const MDX_NEXT = stopPattern(MDX_CHARS);
const MARKDOWN_NEXT = stopPattern(MARKDOWN_CHARS);
const ENTITY = /^&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;
const AUTOLINK_START = /^(https?:|www\.|mailto:|xmpp:)/i;

/** Inline content of lines already stripped of their indentation (a paragraph, a heading, a cell). */
export function inlineOf(segments: Line[], inTable = false): PhrasingContent[] {
  let s = '';
  const starts: number[] = [];
  const breaks = new Set<number>();
  /** Line ends next to spaces that were cut (code spans keep them): how many before and after each. */
  const cut = new Map<number, { before: number; after: number }>();
  const cutAt = (offset: number) => {
    let c = cut.get(offset);
    if (!c) cut.set(offset, (c = { before: 0, after: 0 }));
    return c;
  };
  segments.forEach((seg, k) => {
    if (k > 0 && seg.stripped) cutAt(s.length - 1).after = seg.stripped;
    let text = seg.text;
    const trimmed = trimEndSpaces(text);
    if (k < segments.length - 1 && text.length - trimmed.length >= 2) breaks.add(s.length + trimmed.length);
    if (text.length !== trimmed.length) cutAt(s.length + trimmed.length).before = text.length - trimmed.length;
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
    private readonly trimmed: Map<number, { before: number; after: number }>,
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
    for (const offset of this.trimmed.keys()) if (offset >= from && offset < to) return true;
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
    const stops = page.markdown ? MARKDOWN_STOPS : MDX_STOPS;
    const next = page.markdown ? MARKDOWN_NEXT : MDX_NEXT;
    let p = from;
    while (p < to) {
      const c = s.charCodeAt(p);
      if (c >= 128 || stops[c] === 0) {
        // On to the next stop (or `to`): most of a paragraph is plain text.
        next.lastIndex = p + 1;
        p = next.test(s) ? Math.min(next.lastIndex - 1, to) : to;
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
          let value = this.spanValue(p + run, close);
          // In a table cell `\|` is a pipe even in code (mdast-util-gfm-table, after the span's padding is cut); other backslashes stay.
          if (this.inTable && value.includes('\\')) value = value.replace(/\\([\\|])/g, (all, c: string) => (c === '|' ? c : all));
          nodes.push({ type: 'inlineCode', value, position: span(this.pointAt(p), this.pointAt(close + run)) });
          p = close + run;
          textStart = p;
          continue;
        }
        case 42 /* * */:
        case 95 /* _ */: {
          const ch = s[p];
          const n = this.run(p, ch);
          const { open, close } = flanking(this.s, p, n, ch);
          if (!open && !close) {
            p += n;
            continue;
          }
          // A run that can also close would close an earlier opener of its kind, but none is
          // open here (one that found its closer is past this range, one left as text has no
          // run of its kind after it that can act): it opens, as for CJK text where `**` sits
          // between two letters.
          // A run that can only close, with no run of its kind before it in the block able to
          // open, closes nothing: text (`/.well-known/*` in an image's alt).
          if (close && !open && !this.someRun(0, p, ch, (r) => r.open)) {
            p += n;
            continue;
          }
          if ((close && !open) || n > 3) bail();
          const closer = this.findCloser(p + n, to, ch, n);
          if (closer < 0) {
            p += n; // no run after it in the block can close it: text (`__init__`, `C (*)`)
            continue;
          }
          flush(p);
          const inner = this.parse(p + n, closer, null).nodes;
          const position = span(this.pointAt(p), this.pointAt(closer + n));
          if (n === 3) {
            // `***a***`: the inner two of each run pair first (strong), the outer ones then (emphasis).
            const strong: PhrasingContent = { type: 'strong', children: inner, position: span(this.pointAt(p + 1), this.pointAt(closer + 2)) };
            nodes.push({ type: 'emphasis', children: [strong], position });
          } else nodes.push(n === 1 ? { type: 'emphasis', children: inner, position } : { type: 'strong', children: inner, position });
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
          if (page.markdown) bail(); // HTML
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
          const m = page.markdown ? null : TEXT_COMMENT.exec(s.slice(p, p + 2000));
          if (!m) {
            if (!page.markdown) bail(s.startsWith('{/*', p) ? 'comment' : 'expression');
            break;
          }
          flush(p);
          const start = this.pointAt(p);
          nodes.push({ type: 'mdxTextExpression', value: m[1], position: span(start, this.pointAt(p + m[0].length)), data: { estree: commentProgram(m[1], start.line, start.column + 1) } });
          p = textStart = p + m[0].length;
          continue;
        }
        case 125 /* } */:
          if (!page.markdown) bail(s.startsWith('{/*', p) ? 'comment' : 'expression'); // text in Markdown
          break;
        case 36 /* $ */: {
          if (page.markdown) break; // no math in Markdown
          // Math (micromark-extension-math) pairs runs of dollars as code spans pair backticks:
          // a run with no run of its length after it in the block is text (`$10 in credits`).
          const run = this.run(p, '$');
          const close = this.findBackticks(p + run, to, run, '$');
          if (close < 0) {
            if (this.findBackticks(p + run, s.length, run, '$') >= 0) bail('math');
            p += run;
            continue;
          }
          // In a table, micromark splits the row at a pipe inside the math: left to it.
          if (this.inTable) bail('math in a table');
          flush(p);
          const value = this.spanValue(p + run, close);
          const data = { hName: 'code', hProperties: { className: ['language-math', 'math-inline'] }, hChildren: [{ type: 'text', value }] };
          nodes.push({ type: 'inlineMath', value, data, position: span(this.pointAt(p), this.pointAt(close + run)) });
          p = close + run;
          textStart = p;
          continue;
        }
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
        case 126 /* ~ */: {
          // Text, unless some tilde of the block could pair: then a strikethrough of plain text, else micromark decides.
          if (!(this.tildes ??= tildesMayStrike(s))) break;
          const strike = plainStrike(s, p, to);
          if (!strike) bail('tilde');
          const { n, close } = strike;
          flush(p);
          const text: PhrasingContent = { type: 'text', value: s.slice(p + n, close), position: span(this.pointAt(p + n), this.pointAt(close)) };
          nodes.push({ type: 'delete', children: [text], position: span(this.pointAt(p), this.pointAt(close + n)) });
          p = textStart = close + n;
          continue;
        }
        case 64 /* @ */:
          if (page.markdown) bail(); // GFM links bare emails
          break;
        case 104 /* h */:
        case 72 /* H */:
        case 119 /* w */:
        case 87 /* W */:
        case 109 /* m */:
        case 120 /* x */:
          if (page.markdown && AUTOLINK_START.test(s.slice(p, p + 8))) bail(); // GFM links bare URLs
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
          if (!page.literalBrackets) bail('stray ]');
          break;
      }
      p++;
    }
    if (closeName !== null) bail();
    flush(p);
    return { nodes, end: p };
  }

  /** A code span's or inline math's text between `from` and `to`: its lines joined, one space of padding cut. */
  private spanValue(from: number, to: number): string {
    const value = this.s.slice(from, to);
    return unpadSpan(value.includes('\n') ? this.codeLines(from, to) : value);
  }

  /**
   * The text of a code span s[from, to) running over lines, as micromark keeps it: with
   * the spaces cut around its line ends put back (a paragraph line's indentation inside
   * its container, trailing spaces). A line end at either edge (stripped or not, by rules
   * this parser does not follow) is left to micromark.
   */
  private codeLines(from: number, to: number): string {
    const s = this.s;
    if (s[from] === '\n' || s[to - 1] === '\n') bail('code span edge');
    let out = '';
    let last = from;
    for (let q = s.indexOf('\n', from); q >= 0 && q < to; q = s.indexOf('\n', q + 1)) {
      const c = this.trimmed.get(q);
      if (!c) continue;
      out += s.slice(last, q) + ' '.repeat(c.before) + '\n' + ' '.repeat(c.after);
      last = q + 1;
    }
    return out + s.slice(last, to);
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

  /** Offset of the next run of exactly `n` backticks (or `ch`) in [from, to), or -1. */
  private findBackticks(from: number, to: number, n: number, ch = '`'): number {
    let p = from;
    while (p < to) {
      const q = this.s.indexOf(ch, p);
      if (q < 0 || q >= to) return -1;
      const run = this.run(q, ch);
      if (run === n && q + run <= to) return q;
      p = q + run;
    }
    return -1;
  }

  /**
   * Whether some run of `ch` in the block between `from` and `to` starts where `sides` says of
   * its flanking (runs in code spans or escaped counted too: more answers that leave the page
   * to micromark, never a wrong tree).
   */
  private someRun(from: number, to: number, ch: string, sides: (s: { open: boolean; close: boolean }) => boolean): boolean {
    for (let q = this.s.indexOf(ch, from); q >= 0 && q < to; ) {
      const run = this.run(q, ch);
      if (sides(flanking(this.s, q, run, ch))) return true;
      q = this.s.indexOf(ch, q + run);
    }
    return false;
  }

  /**
   * The closer of an opener of `n` x `ch`: the next run of `ch` that can act at all must
   * be able to close and be of the same length, else the case is left to micromark; -1
   * when no run of `ch` after the opener can act, or the first that acts can only open and none
   * after it can close (the opener is text).
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
        const { open, close } = flanking(this.s, p, run, ch);
        if (!open && !close) {
          p += run;
          continue;
        }
        // The first run that can close, of the opener's length, closes it (the opener can
        // only open, so the rule of three does not apply); one that only opens nests: bail,
        // unless no run after it in the block can close at all (`**重要。**然后`: after `。`,
        // before a letter, the second run can only open): then nothing pairs, both are text.
        if (!close && !this.someRun(p, s.length, ch, (r) => r.close)) return -1;
        if (!close || run !== n || p === from) bail();
        return p;
      }
      p++;
    }
    // None in the range: -1 (text) when no run of `ch` after it in the whole block can act at all.
    if (this.someRun(to, s.length, ch, (r) => r.open || r.close)) bail();
    return -1;
  }

  /**
   * `[text](url)` or `![alt](url)` at p; null when the brackets close but no `(` follows
   * and the page defines no references (page.literalBrackets): they are text then. Anything
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
      if (c === '!' && s[q + 1] === '[' && !image) {
        // An image in a link's text (a badge that links): it closes first, as in micromark.
        q = (this.linkOrImage(q, to, true) ?? bail()).end;
        continue;
      }
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
      if (page.literalBrackets && s[open + 1] !== '^') return null;
      bail();
    }
    const { url, title, end } = readResource(s, q + 2, to);
    const position = span(this.pointAt(p), this.pointAt(end));
    if (image) {
      let alt = s.slice(open + 1, textEnd);
      if (/[[\]<>{}&!$\n]/.test(alt)) bail();
      // Code spans, emphasis, escapes: the alt is the text of the label's phrasing, as
      // mdast-util-from-markdown takes it (mdast-util-to-string of the label).
      if (/[`*_\\~]/.test(alt)) alt = plainPhrasing(this.parse(open + 1, textEnd, null).nodes);
      return { node: { type: 'image', title, url, alt, position }, end };
    }
    const children = this.parse(open + 1, textEnd, null).nodes;
    if (children.some((c) => c.type === 'link')) bail();
    return { node: { type: 'link', title, url, children, position }, end };
  }
}

/** The text of phrasing made of text, code spans, emphasis, strong and strikethrough; any other node bails. */
function plainPhrasing(nodes: readonly PhrasingContent[]): string {
  let out = '';
  for (const n of nodes) {
    if (n.type === 'text' || n.type === 'inlineCode') out += n.value;
    else if (n.type === 'emphasis' || n.type === 'strong' || n.type === 'delete') out += plainPhrasing(n.children);
    else bail('image alt text');
  }
  return out;
}

/** One space cut from each end when both are spacing and not all of it is (CommonMark's code spans; micromark's math too). */
function unpadSpan(value: string): string {
  return value.length > 2 && value[0] === ' ' && value[value.length - 1] === ' ' && !/^[ \n]*$/.test(value) ? value.slice(1, -1) : value;
}
