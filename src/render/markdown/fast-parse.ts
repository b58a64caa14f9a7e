/**
 * A fast parser for the Markdown most documentation pages are made of. micromark (with
 * the MDX, GFM, frontmatter and math extensions of parse.ts) is exact but spends about
 * 10 ms on a typical 7 KB page, two thirds of an export's CPU; this parser builds the
 * same mdast in a fraction of that for a deliberately small subset:
 *
 * - blocks: YAML frontmatter, ATX headings, paragraphs (soft and hard breaks), fenced
 *   code, bullet and ordered lists (nested by indentation, tight or loose), block quotes,
 *   lazy continuation lines of both, thematic breaks, GFM tables, import/export blocks
 *   (fast-esm.ts), `{/* comments *\/}`, and JSX elements on their own lines (member names;
 *   attributes: strings with their character references, bare names, `{expressions}`
 *   parsed by acorn exactly as the MDX parser does);
 * - inline: text, code spans (over lines too), `*`/`_` emphasis and strong in their plain
 *   forms, inline links and images (titles, balanced parentheses, an image in a link),
 *   brackets of no link (when the page defines no references), dollars and tildes that
 *   cannot pair, backslash escapes, numeric and common named character references,
 *   one-line `{/* comments *\/}`, and JSX elements inside text.
 *
 * Anything else (`{expressions}` in text, HTML comments, setext headings, reference
 * links, footnotes, math, strikethrough, task items, tabs, ambiguous emphasis, ...) makes
 * it give up and return null, and the caller parses the page with micromark
 * (bench/parser-paths.ts counts why, per real site and over all of them).
 * So the subset only has to be right, never complete: test/render/markdown/fast-parse.test.ts
 * checks that both parsers build the same tree for every page it accepts, over the
 * benchmark corpus, the user guide, the test fixtures and a list of edge cases, and
 * fast-parse-widened.test.ts over cases shaped after real sites.
 * Positions are exact for start lines (what diagnostics use); columns are best effort.
 *
 * `{ markdown: true }` reads plain CommonMark + GFM instead (OpenAPI descriptions,
 * compared with micromark's gfm extension the same way): no JSX, and HTML, indented
 * code and bare URLs are left to micromark.
 *
 * The parser's parts: fast-blocks.ts (blocks), fast-containers.ts (lists, block quotes),
 * fast-inline.ts (inline content), fast-links.ts (link resources), fast-chars.ts (character
 * classes and references), fast-tags.ts (JSX tags), fast-esm.ts (import/export),
 * fast-common.ts (what they share).
 */
import type { Root, RootContent, Yaml } from 'mdast';
import { at, noteBail, page, span, UNSUPPORTED, type Line } from './fast-common.js';
import { parseBlocks } from './fast-blocks.js';

export { lastFastParseBail, traceFastParse } from './fast-common.js';

export interface FastParseOptions {
  /** Parse as CommonMark + GFM (micromark with the gfm extension) rather than MDX. */
  markdown?: boolean;
}

/**
 * A line that may hold a link reference definition (`[label]: url`) or begin one: after
 * spacing and what container markers are made of (`>`, `-`, `*`, `+`, `1.`), a `[` with
 * `]:` later on the line (a label may hold escaped brackets: `[\]]: /u`) or no `]` at all (a
 * label running past the line). Without one, no bracket of the page can be a
 * reference, even where `]:` occurs (Python's `-> list[float]]:`, JSON in code blocks).
 */
const DEFINITION_LINE = /^[ \t>*+\-0-9.)]*\[(?:.*\]:|[^\]]*$)/m;

/** Parses a page, or returns null when it holds anything outside the subset. */
export function fastParse(source: string, options: FastParseOptions = {}): Root | null {
  if (source.includes('\r') || source.includes('\0') || source.charCodeAt(0) === 0xfeff) {
    noteBail('cr/nul/bom');
    return null;
  }
  const raw = source.split('\n');
  const lines: Line[] = raw.map((text, i) => ({ text, line: i + 1, col: 1 }));
  page.markdown = options.markdown === true;
  page.lines = raw;
  page.lineStarts = [];
  page.literalBrackets = !source.includes(']:') || !DEFINITION_LINE.test(source);
  page.esmNames = [];
  try {
    const children: RootContent[] = [];
    let first = 0;
    if (raw[0] === '---') {
      if (page.markdown) return null;
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
    page.markdown = false;
    page.lines = [];
  }
}
