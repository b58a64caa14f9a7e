/**
 * What a component's Markdown form (component-markdown.ts) is made with, and two helpers
 * on mdast nodes that both sides use.
 */
import type { BlockContent, Code, Nodes, PhrasingContent, RootContent } from 'mdast';
import type { JsxElement, Props } from '../components/types.js';

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'image', 'linkReference', 'imageReference', 'footnoteReference', 'inlineMath', 'html']);

export function isPhrasing(n: Nodes): n is PhrasingContent {
  return PHRASING.has(n.type);
}

/** What a component's Markdown form is made with (component-markdown.ts). */
export interface MarkdownApi {
  props(el: JsxElement): Props;
  /** Children as block nodes. */
  blocks(el: JsxElement): RootContent[];
  /** Children as phrasing nodes (block content flattened to its text). */
  inline(el: JsxElement): PhrasingContent[];
  /** Depth for a heading that opens a section here (one below the last heading, at most 6). */
  depth(): number;
  /** Runs `fn` as inside a section opened at depth(): headings made within go one deeper. */
  section<T>(fn: () => T): T;
  href(url: unknown): string | null;
  src(url: unknown): string | null;
  code(node: Code): Code;
}

/** The text of a node (alt text of images included). */
export function plainText(n: Nodes): string {
  if (n.type === 'text' || n.type === 'inlineCode' || n.type === 'code' || n.type === 'inlineMath' || n.type === 'math') return n.value;
  if (n.type === 'image') return n.alt ?? '';
  if ('children' in n) return (n.children as Nodes[]).map(plainText).join(n.type === 'list' || n.type === 'root' ? '\n' : '');
  return '';
}


/** Nodes as block content (of a list item, of the page): runs of phrasing go into paragraphs. */
export function asBlocks(nodes: RootContent[]): BlockContent[] {
  const out: BlockContent[] = [];
  for (const n of nodes) {
    if (isPhrasing(n)) {
      const last = out[out.length - 1];
      if (last?.type === 'paragraph') last.children.push(n);
      else out.push({ type: 'paragraph', children: [n] });
    } else out.push(n as BlockContent);
  }
  return out;
}

