/**
 * Markdown of OpenAPI descriptions rendered to safe HTML. Descriptions are CommonMark
 * (+ GFM tables, strikethrough, autolinks); they are parsed into mdast and written out by
 * this small renderer, which escapes every text, drops raw HTML and unsafe URLs, and
 * resolves internal links through the page context.
 */
import type { Nodes, Parents, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { esc, safeHref } from './html.js';
import { fastParse } from '../markdown/fast-parse.js';

export interface MarkdownLinks {
  /** Internal href -> output href, or null when the target does not exist. */
  resolveLink?(href: string): string | null;
  /** Collects internal links that did not resolve. */
  broken?: string[];
}

const PLAIN = /^[^\\`*_[\]<>#!|~&\n:]*$/;

/** Parsed descriptions by text: documents repeat them (shared schemas) across many pages. */
const parsed = new Map<string, Root>();
const MAX_PARSED = 5000;

function parse(text: string): Root {
  let tree = parsed.get(text);
  if (!tree) {
    // The common subset parses without micromark (see markdown/fast-parse.ts), the rest with it.
    tree = fastParse(text, { markdown: true }) ?? fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(text, tree);
  }
  return tree;
}

/** Block Markdown -> HTML. Plain single-line text skips the parser (most descriptions). */
export function markdownToHtml(text: string | undefined, links: MarkdownLinks = {}): string {
  if (!text || !text.trim()) return '';
  if (PLAIN.test(text)) return `<p>${esc(text.trim())}</p>`;
  return renderChildren(parse(text), links);
}

/** The inside of `text`'s HTML when it is one paragraph (inline Markdown), else undefined (several blocks, a list, a table). */
export function paragraphHtml(text: string | undefined, links: MarkdownLinks = {}): string | undefined {
  const html = markdownToHtml(text, links);
  return html.startsWith('<p>') && html.endsWith('</p>') && html.indexOf('<p>', 1) === -1 ? html.slice(3, -4) : undefined;
}

function renderChildren(node: Parents, links: MarkdownLinks): string {
  return node.children.map((c) => renderNode(c as Nodes, links)).join('');
}

function linkHref(url: string, links: MarkdownLinks): string | null {
  const safe = safeHref(url);
  if (safe === null) return null;
  if (/^([a-z]+:|\/\/|#)/i.test(safe) || !links.resolveLink) return safe;
  const resolved = links.resolveLink(safe);
  if (resolved === null) links.broken?.push(safe);
  return resolved ?? safe;
}

function renderNode(node: Nodes, links: MarkdownLinks): string {
  switch (node.type) {
    case 'paragraph': return `<p>${renderChildren(node, links)}</p>`;
    case 'text': return esc(node.value);
    case 'emphasis': return `<em>${renderChildren(node, links)}</em>`;
    case 'strong': return `<strong>${renderChildren(node, links)}</strong>`;
    case 'delete': return `<del>${renderChildren(node, links)}</del>`;
    case 'inlineCode': return `<code>${esc(node.value)}</code>`;
    case 'code': return `<pre class="api-md-code"><code${node.lang ? ` class="language-${esc(node.lang)}"` : ''}>${esc(node.value)}</code></pre>`;
    case 'break': return '<br>';
    case 'thematicBreak': return '<hr>';
    case 'heading': {
      // Descriptions sit under the page's own headings: keep their levels below h3.
      const level = Math.min(6, Math.max(4, node.depth + 3));
      return `<h${level}>${renderChildren(node, links)}</h${level}>`;
    }
    case 'blockquote': return `<blockquote>${renderChildren(node, links)}</blockquote>`;
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const start = node.ordered && node.start != null && node.start !== 1 ? ` start="${Number(node.start)}"` : '';
      return `<${tag}${start}>${node.children.map((li) => `<li>${li.children.map((c) => (node.spread ? renderNode(c as Nodes, links) : c.type === 'paragraph' ? renderChildren(c, links) : renderNode(c as Nodes, links))).join('')}</li>`).join('')}</${tag}>`;
    }
    case 'link': {
      const href = linkHref(node.url, links);
      const inner = renderChildren(node, links);
      if (href === null) return inner;
      const external = /^(https?:)?\/\//i.test(href);
      return `<a href="${esc(href)}"${external ? ' rel="noopener noreferrer"' : ''}>${inner}</a>`;
    }
    case 'image': return esc(node.alt ?? ''); // images in API descriptions would load from other hosts
    case 'table': {
      const [head, ...rows] = node.children;
      const cells = (row: typeof head, tag: 'th' | 'td'): string => `<tr>${row.children.map((c) => `<${tag}>${renderChildren(c, links)}</${tag}>`).join('')}</tr>`;
      return `<div class="api-md-table"><table><thead>${head ? cells(head, 'th') : ''}</thead><tbody>${rows.map((r) => cells(r, 'td')).join('')}</tbody></table></div>`;
    }
    case 'html': return esc(node.value.replace(/<[^>]*>/g, '')); // raw HTML is never interpreted: only its text stays
    default: return 'children' in node ? renderChildren(node, links) : '';
  }
}
