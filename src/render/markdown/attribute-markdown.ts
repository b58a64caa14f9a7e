/**
 * Markdown written in a component's string attribute (`<Frame caption="See [the
 * guide](/guide)">`, `<Prompt description="**clear**">`): parsed as plain CommonMark +
 * GFM (no JSX, no expressions: it is a string) into mdast that the page renderer writes
 * like any other, so links resolve and are checked against the site. Every node is
 * placed on the element's line, so a diagnostic names the line of the attribute.
 */
import { createRequire } from 'node:module';
import type { Nodes, PhrasingContent, Root } from 'mdast';
import { fastParse } from './fast-parse.js';

/** Text with no Markdown syntax in it: skips the parser (most attribute values). */
const PLAIN = /^[^\\`*_[\]<>!~&\n]*$/;

// micromark is loaded on the first attribute the fast parser leaves to it, synchronously
// (require of an ES module, Node 22+): rendering is synchronous here, and a render thread
// whose pages never need it (all on the fast path) saves loading it, ~40 ms of CPU.
const require = createRequire(import.meta.url);
let micromark: ((text: string) => Root) | undefined;

function loadMicromark(): (text: string) => Root {
  const { fromMarkdown } = require('mdast-util-from-markdown') as typeof import('mdast-util-from-markdown');
  const { gfmFromMarkdown } = require('mdast-util-gfm') as typeof import('mdast-util-gfm');
  const { gfm } = require('micromark-extension-gfm') as typeof import('micromark-extension-gfm');
  return (text) => fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function parse(text: string): Root {
  return fastParse(text, { markdown: true }) ?? (micromark ??= loadMicromark())(text);
}

function placeAt(node: Nodes, line: number | undefined): void {
  node.position = line ? { start: { line, column: 1 }, end: { line, column: 1 } } : undefined;
  if ('children' in node) for (const c of node.children) placeAt(c, line);
}

/**
 * The phrasing content of an attribute's Markdown: one paragraph's children, or the
 * blocks' children joined by line breaks when the text holds several (a caption is one line).
 */
export function attributeMarkdown(text: string, line?: number): PhrasingContent[] {
  if (PLAIN.test(text)) return [{ type: 'text', value: text }];
  const out: PhrasingContent[] = [];
  for (const block of parse(text).children) {
    placeAt(block, line);
    if (out.length) out.push({ type: 'break' });
    if (block.type === 'paragraph' || block.type === 'heading') out.push(...block.children);
    else if ('children' in block) out.push(...(block.children as Nodes[]).flatMap((c) => ('children' in c && c.type === 'paragraph' ? c.children : [])));
    else if (block.type === 'code') out.push({ type: 'inlineCode', value: block.value });
  }
  return out;
}
