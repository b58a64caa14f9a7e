/**
 * The page Markdown's printing (markdown-print.ts, markdown-text.ts) against mdast-util-to-markdown's own: the same
 * bytes on every page fixture of the repository and on generated text full of the
 * characters Markdown escapes, in each construct a page's Markdown puts text in.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { InlineCode, Parents, PhrasingContent, Root, RootContent } from 'mdast';
import { defaultHandlers, toMarkdown, type Info, type Options, type State } from 'mdast-util-to-markdown';
import { describe, expect, it } from 'vitest';
import { MarkdownWriter } from '../../../src/render/agents/page-markdown.js';
import { PRINT } from '../../../src/render/agents/markdown-print.js';
import { textHandler } from '../../../src/render/agents/markdown-text.js';
import { parsePage } from '../../../src/render/markdown/parse.js';
import { readModule, sharedSnippetCache } from '../../../src/render/markdown/modules.js';
import { testContext } from '../components/render-helper.js';

/** The same options with the library's own handlers. */
const REFERENCE: Options = { ...PRINT, handlers: {} };

function mdxFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) mdxFiles(path, out);
    else if (/\.mdx?$/.test(name)) out.push(path);
  }
  return out;
}

/** A deterministic generator (a linear congruential one, its high bits used): the same cases on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

// Every character an unsafe pattern of CommonMark, GFM or math names, words and spacing.
const PIECES = ['word', 'a', '1', '12', ' ', '  ', '\n', '\t', '.', ')', '(', '[', ']', '!', '*', '_', '`', '#', '-', '+', '=', '>', '<', '<a', '</', '&', '&amp;', '&#', '|', '~', '~~', '$', '$$', ':', '\\', '\\*', '"', "'", 'http://x.y', 'www.x.y', '@', 'a_b', '__', '1.', '1)', '- ', '* ', '# '];

function randomText(next: () => number): string {
  let s = '';
  const n = 1 + Math.floor(next() * 8);
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

/** The text put where a page's Markdown puts text: paragraphs, headings, emphasis, links, lists, quotes, tables. */
function contexts(t: () => PhrasingContent, next: () => number): RootContent[] {
  const text = t;
  return [
    { type: 'paragraph', children: [text()] },
    { type: 'paragraph', children: [text(), { type: 'emphasis', children: [text()] }, text()] },
    { type: 'paragraph', children: [{ type: 'strong', children: [text()] }, text(), { type: 'inlineCode', value: 'x' }, text()] },
    { type: 'paragraph', children: [text(), { type: 'link', url: '/a.md', children: [text()] }, text()] },
    { type: 'paragraph', children: [text(), { type: 'break' }, text(), { type: 'inlineMath', value: 'x' }] },
    { type: 'heading', depth: (1 + Math.floor(next() * 6)) as 1, children: [text()] },
    { type: 'blockquote', children: [{ type: 'paragraph', children: [text()] }] },
    { type: 'list', ordered: next() < 0.5, spread: false, children: [{ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [text()] }] }] },
    { type: 'table', align: [null, null], children: [{ type: 'tableRow', children: [{ type: 'tableCell', children: [text()] }, { type: 'tableCell', children: [text()] }] }] },
    { type: 'paragraph', children: [{ type: 'delete', children: [text()] }, text()] },
  ];
}

describe('markdown-text: the fast text handler prints what mdast-util-to-markdown prints', () => {
  it('on every page fixture of the repository', async () => {
    const root = join(import.meta.dirname, '../../fixtures');
    const files = mdxFiles(root);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const parsed = await parsePage(source);
      const ctx = testContext({ root, file: relative(root, file) });
      const page = await readModule({ root, diagnostics: [], cache: sharedSnippetCache() }, ctx.file, source, parsed.tree);
      const tree: Root = { type: 'root', children: new MarkdownWriter(ctx, page).transform(parsed.tree.children) };
      expect(toMarkdown(tree, PRINT), file).toBe(toMarkdown(tree, REFERENCE));
    }
  });

  it('on 3000 generated texts full of characters Markdown escapes', () => {
    const next = random(20);
    let escaped = 0;
    for (let i = 0; i < 300; i++) {
      const tree: Root = { type: 'root', children: contexts(() => ({ type: 'text', value: randomText(next) }), next) };
      const reference = toMarkdown(tree, REFERENCE);
      expect(toMarkdown(tree, PRINT)).toBe(reference);
      if (reference.includes('\\')) escaped++;
    }
    // The cases do reach the escaping: most trees need some escape.
    expect(escaped).toBeGreaterThan(250);
  });

  it('on link destinations and titles, images and code info strings made of the same characters', () => {
    const next = random(21);
    let escaped = 0;
    for (let i = 0; i < 300; i++) {
      const url = randomText(next);
      const tree: Root = {
        type: 'root',
        children: [
          { type: 'paragraph', children: [{ type: 'link', url, title: next() < 0.5 ? randomText(next) : null, children: [{ type: 'text', value: randomText(next) }] }, { type: 'text', value: randomText(next) }] },
          { type: 'paragraph', children: [{ type: 'image', url: randomText(next), alt: randomText(next) }] },
          { type: 'code', lang: randomText(next).trim() || 'js', meta: randomText(next), value: 'x' },
          { type: 'math', meta: randomText(next), value: 'x' },
        ],
      };
      const reference = toMarkdown(tree, REFERENCE);
      expect(toMarkdown(tree, PRINT), JSON.stringify(tree)).toBe(reference);
      if (reference.includes('\\')) escaped++;
    }
    expect(escaped).toBeGreaterThan(200);
  });

  it('on headings and inline code made of the same characters, in paragraphs, headings and table cells', () => {
    const next = random(22);
    const code = (): PhrasingContent => ({ type: 'inlineCode', value: next() < 0.2 ? ' ' : randomText(next) });
    const phrasing = (): PhrasingContent[] => [code(), { type: 'text', value: randomText(next) }, ...(next() < 0.3 ? [{ type: 'break' } as PhrasingContent] : []), code()];
    for (let i = 0; i < 300; i++) {
      const tree: Root = {
        type: 'root',
        children: [
          { type: 'heading', depth: (1 + Math.floor(next() * 6)) as 1, children: phrasing() },
          { type: 'paragraph', children: phrasing() },
          { type: 'table', align: [null], children: [{ type: 'tableRow', children: [{ type: 'tableCell', children: [code(), code()] }] }] },
        ],
      };
      expect(toMarkdown(tree, PRINT), JSON.stringify(tree)).toBe(toMarkdown(tree, REFERENCE));
    }
  });

  it('peeks at a text as the text handler prints it: the same first character, whatever the text', () => {
    // The printer peeks at the node after each phrasing node (with no text around it), from
    // inside a handler: here an inline code span's, whose next sibling is the text peeked at.
    const seen: [string, string, string][] = [];
    const options: Options = {
      ...PRINT,
      // A pattern of a character past ASCII (none in CommonMark, GFM or math; an extension may bring one).
      unsafe: [{ character: '中', inConstruct: 'phrasing' }],
      handlers: {
        ...PRINT.handlers,
        inlineCode(node: InlineCode, parent: Parents | undefined, state: State, info: Info) {
          const siblings = parent!.children as PhrasingContent[];
          const next = siblings[siblings.indexOf(node) + 1];
          if (next?.type === 'text') {
            const around = { ...info, before: '', after: '' };
            const library = defaultHandlers.text(next, parent, state, around);
            seen.push([next.value, textHandler.peek(next, parent, state, around).charAt(0), library.charAt(0)]);
          }
          return defaultHandlers.inlineCode(node, parent, state);
        },
      },
    };
    const firsts = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '\t', '\n', '\r', 'é', '。', '中', '—', '：'];
    const rests = ['', ' x', 'x', '\nx', ' \n', 'w.x', '1. x'];
    for (const first of firsts) {
      for (const rest of [...rests, first]) {
        for (const wrap of [(c: PhrasingContent[]) => ({ type: 'paragraph', children: c }), (c: PhrasingContent[]) => ({ type: 'heading', depth: 2, children: c })] as const) {
          toMarkdown({ type: 'root', children: [wrap([{ type: 'text', value: 'a' }, { type: 'inlineCode', value: 'c' }, { type: 'text', value: first + rest }]) as RootContent] }, options);
        }
      }
    }
    // (The handler runs twice per span: once printing it, once as the printer peeks at it.)
    expect(seen).toHaveLength(firsts.length * (rests.length + 1) * 2 * 2);
    for (const [value, peeked, printed] of seen) expect([value, peeked]).toEqual([value, printed]);
    // The library escapes the first character of many of them: the peek had something to get right.
    expect(seen.filter(([value, , printed]) => printed !== value.charAt(0)).length).toBeGreaterThan(20);
  });

  it('gives plain prose back unchanged and escapes what would become markup', () => {
    const page = (value: string): Root => ({ type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value }] }] });
    expect(toMarkdown(page('Plain words (and a clause).'), PRINT)).toBe('Plain words (and a clause).\n');
    expect(toMarkdown(page('# not a heading, *not* emphasis, a_b'), PRINT)).toBe('\\# not a heading, \\*not\\* emphasis, a_b\n');
  });
});
