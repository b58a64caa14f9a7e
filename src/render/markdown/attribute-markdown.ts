/**
 * Markdown written in a component's string attribute (`<Frame caption="See [the
 * guide](/guide)">`, `<Prompt description="**clear**">`): parsed as plain CommonMark +
 * GFM (no JSX, no expressions: it is a string) into mdast that the page renderer writes
 * like any other, so links resolve and are checked against the site. Every node is
 * placed on the element's line, so a diagnostic names the line of the attribute.
 */
import type { Nodes, PhrasingContent, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { fastParse } from './fast-parse.js';

/** Text with no Markdown syntax in it: skips the parser (most attribute values). */
const PLAIN = /^[^\\`*_[\]<>!~&\n]*$/;

function parse(text: string): Root {
  return fastParse(text, { markdown: true }) ?? fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
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
