/**
 * How the page Markdown (page-markdown.ts) is printed: mdast-util-to-markdown with the GFM
 * and math extensions and a few handlers that print the same bytes as the library's own
 * for less: escaping checked first (markdown-text.ts), no position tracking, headings
 * and inline code without the library's general work where a plain case needs none
 * (test/render/agents/markdown-text.test.ts compares them with the library on a corpus).
 */
import type { Heading, InlineCode, Nodes, Parents, Root } from 'mdast';
import { defaultHandlers, type Handle, type Info, type Options, type State, type Tracker } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { mathToMarkdown } from 'mdast-util-math';
import { fastSafe, textHandler } from './markdown-text.js';

/**
 * Where the printer is in its output: what its trackers report. The library keeps it for
 * line wrapping and source maps to come ("this info isn't used yet", its Tracker type says)
 * and nothing it or its extensions print depends on it, yet every handler moves a tracker
 * over what it printed, splitting it into lines: a tenth of the printing.
 */
const POSITION = { now: { line: 1, column: 1 }, lineShift: 0 };
const UNTRACKED: Tracker = { move: (value) => value ?? '', current: () => POSITION, shift: () => undefined };

/** The library's root handler, on a state with the faster `safe` and no position tracking. */
function printRoot(node: Root, parent: Parents | undefined, state: State, info: Info): string {
  state.safe = fastSafe(state);
  state.createTracker = () => UNTRACKED;
  return defaultHandlers.root(node, parent, state, info);
}

/** Whether a heading holds a line break (a `break` node, or one in a literal's value), as the library's walk decides. */
function holdsBreak(node: Nodes): boolean {
  if (node.type === 'break' || ('value' in node && /[\r\n]/.test(node.value))) return true;
  return 'children' in node && (node.children as Nodes[]).some(holdsBreak);
}

/**
 * An ATX heading as the library prints it. The library first walks every heading with
 * unist-util-visit to decide between ATX and setext (a tenth of the printing); with
 * `setext` off only a level 1 or 2 heading holding a line break is setext: those, and
 * any option that changes headings, go to the library's handler.
 */
function printHeading(node: Heading, parent: Parents | undefined, state: State, info: Info): string {
  if (state.options.setext || state.options.closeAtx || ((!node.depth || node.depth < 3) && holdsBreak(node))) return defaultHandlers.heading(node, parent, state, info);
  const sequence = '#'.repeat(Math.max(Math.min(6, node.depth || 1), 1));
  const exit = state.enter('headingAtx');
  const subexit = state.enter('phrasing');
  let value = state.containerPhrasing(node, { before: '# ', after: '\n', ...POSITION });
  const head = value.charCodeAt(0);
  // A leading space or tab would be taken as the heading's spacing: the library writes it as a character reference.
  if (head === 9 || head === 32) value = `&#x${head.toString(16).toUpperCase()};${value.slice(1)}`;
  subexit();
  exit();
  return value ? `${sequence} ${value}` : sequence;
}

/** The GFM table extension's inline code handler: the library's, with pipes escaped in cells. */
const tableInlineCode = gfmTableToMarkdown().handlers!.inlineCode as Handle;

/**
 * Inline code as the library prints it. The library compiles a regex per code span to
 * size its fence and runs every unsafe pattern that needs a line break over it: code
 * without a grave accent or a line break, outside a table cell, needs neither.
 */
function printInlineCode(node: InlineCode, parent: Parents | undefined, state: State, info: Info): string {
  const value = node.value;
  if (/[`\r\n]/.test(value) || state.stack.includes('tableCell')) return tableInlineCode(node, parent, state, info);
  // Padded when it begins and ends with a space and is not only spaces, as the library does.
  return /[^ ]/.test(value) && value.startsWith(' ') && value.endsWith(' ') ? `\` ${value} \`` : `\`${value}\``;
}

/**
 * How pages are printed. Made once: the extensions' unsafe patterns keep their compiled
 * regexes, and the scopes markdown-text.ts keeps per pattern list stay valid.
 */
export const PRINT: Options = {
  extensions: [gfmToMarkdown(), mathToMarkdown()],
  handlers: { root: printRoot, text: textHandler, heading: printHeading, inlineCode: Object.assign(printInlineCode, { peek: () => '`' }) },
  bullet: '-',
  emphasis: '_',
  rule: '-',
  fences: true,
  listItemIndent: 'one',
  resourceLink: true,
};
