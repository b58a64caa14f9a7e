/**
 * The exact parser, loaded only when a page is outside fast-parse.ts's subset (see
 * parse.ts): parses page source into an mdast tree: MDX (JSX, expressions, import/export),
 * GFM, YAML frontmatter and math. A page MDX rejects only for HTML comments or open
 * void tags (`<br>`) is repaired and parsed again. When the MDX parser still rejects it, the error and
 * its line are returned and the page is parsed again as plain Markdown (raw HTML
 * instead of JSX), so the rest of the page still renders. Nothing is evaluated here:
 * expressions are parsed by acorn into an estree that the renderer only reads.
 */
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { mathFromMarkdown } from 'mdast-util-math';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';
import { extractFences, restoreFences } from './fast-fences.js';
import { repairForMdx } from './repair-mdx.js';

// GFM without the autolink-literal extension: it doubles micromark's time on prose
// (measured), so bare URLs are linked by a cheap pass in the renderer instead.
const gfmSyntax = [gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()];
const gfmTree = [gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()];

const MDX = {
  extensions: [mdxjs(), ...gfmSyntax, frontmatter(['yaml']), math()],
  mdastExtensions: [mdxFromMarkdown(), ...gfmTree, frontmatterFromMarkdown(['yaml']), mathFromMarkdown()],
};
const MARKDOWN = {
  extensions: [...gfmSyntax, frontmatter(['yaml']), math()],
  mdastExtensions: [...gfmTree, frontmatterFromMarkdown(['yaml']), mathFromMarkdown()],
};

import type { ParseResult } from './parse.js';

/** MDX parse by micromark, with column-0 code fences taken out first (see fast-fences.ts). */
export function parseMdxWithMicromark(source: string): Root {
  const extracted = extractFences(source);
  if (extracted) {
    try {
      const tree = fromMarkdown(extracted.source, MDX);
      if (restoreFences(tree, extracted.fences)) return tree;
    } catch {
      /* parse the original below: its error is the one to report */
    }
  }
  return fromMarkdown(source, MDX);
}

export function parseWithMicromark(source: string): ParseResult {
  try {
    return { tree: parseMdxWithMicromark(source), mdx: true };
  } catch (err) {
    const repaired = repairForMdx(source);
    if (repaired !== null) {
      try {
        return { tree: fromMarkdown(repaired, MDX), mdx: true };
      } catch {
        /* report the original error below */
      }
    }
    const e = err as { line?: number; column?: number; reason?: string; message?: string; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
    const place = e.place && 'start' in e.place && e.place.start ? e.place.start : e.place;
    const line = e.line ?? (place)?.line;
    const column = e.column ?? (place)?.column;
    return {
      tree: fromMarkdown(source, MARKDOWN),
      mdx: false,
      error: { ...(line ? { line } : {}), ...(column ? { column } : {}), reason: e.reason ?? e.message ?? String(err) },
    };
  }
}
