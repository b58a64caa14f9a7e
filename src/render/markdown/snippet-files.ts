/**
 * `<Snippet file="get-help.mdx" />`: Mintlify's older way to place a reusable snippet,
 * still written by its starter kits and by sites such as mem0's docs (29 pages), beside
 * today's `import GetHelp from '/snippets/get-help.mdx'`. The file is named relative to the
 * snippets folder: `snippets/`, or `_snippets/`, the folder name of the first Mintlify
 * sites (mem0's docs keep theirs there since 2023). Read like an import (modules.ts: confined
 * to the docs root, cycles refused, nested snippets followed) and rendered like an imported
 * snippet, with the element's other attributes as its props.
 */
import { posix } from 'node:path';
import type { Nodes, Root } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx';
import type { JsxElement } from '../components/types.js';
import type { PageModule } from './modules.js';

/** Snippet files that are code (components compiled for the sandbox: code-modules.ts), not MDX. */
export const CODE_EXTENSIONS = /\.(jsx|tsx|js|ts)$/;

/** Folders a `<Snippet file>` is looked up in, in this order. */
export const SNIPPET_FOLDERS = ['snippets', '_snippets'];

const FILE_SNIPPET = /<Snippet\s[^>]*?\bfile=["']([^"']+)["']/g;

/** The root-relative paths a `<Snippet file>` value may name, or [] when it leaves the snippets folders. */
export function snippetFileCandidates(file: string): string[] {
  if (!/\.mdx?$/.test(file)) return [];
  return SNIPPET_FOLDERS.flatMap((folder) => {
    const p = posix.normalize(posix.join(folder, file.replace(/^\/+/, '')));
    return p.startsWith(`${folder}/`) ? [p] : [];
  });
}

/** Where an import source points inside the root, or null when it is not a snippet file. */
export function snippetPath(fromFile: string, source: string): string | null {
  if (!source.startsWith('/') && !source.startsWith('./') && !source.startsWith('../')) return null;
  if (!/\.mdx?$/.test(source) && !CODE_EXTENSIONS.test(source)) return null;
  const p = source.startsWith('/') ? posix.normalize(source.slice(1)) : posix.normalize(posix.join(posix.dirname(fromFile), source));
  return p.startsWith('..') || p.startsWith('/') ? null : p;
}

/** The `file` values of the `<Snippet>` elements a source names, read without parsing it (cache keys). */
export function snippetFileNames(source: string): string[] {
  if (!source.includes('<Snippet')) return [];
  return [...new Set([...source.matchAll(FILE_SNIPPET)].map((m) => m[1]))];
}

/** Key under which a module keeps the snippet of `<Snippet file={file}>` among its components (not an identifier: never an import's name). */
export function snippetFileKey(file: string): string {
  return `<Snippet file="${file}">`;
}

/** The literal `file` attribute of a `<Snippet>` element, or undefined. */
function fileAttribute(el: JsxElement): string | undefined {
  const a = el.attributes.find((x): x is MdxJsxAttribute => x.type === 'mdxJsxAttribute' && x.name === 'file');
  return typeof a?.value === 'string' ? a.value : undefined;
}

/** The `<Snippet file>` elements of a tree: their file values with the line of the first use. */
export function snippetElements(tree: Root): Map<string, number | undefined> {
  const found = new Map<string, number | undefined>();
  const visit = (node: Nodes): void => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Snippet') {
      const file = fileAttribute(node);
      if (file !== undefined && !found.has(file)) found.set(file, node.position?.start.line);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return found;
}

/**
 * Whether `el` is a `<Snippet file="...">` (a literal file): the module loader looked for its
 * file and reported one not found, so a renderer shows nothing in its place. One with a
 * computed `file={...}` is not: it is left to the unknown-component warning.
 */
export function isFileSnippet(el: JsxElement): boolean {
  return el.name === 'Snippet' && fileAttribute(el) !== undefined;
}

/** The snippet module an element places: an imported one by its name, or a `<Snippet file>`'s. */
export function placedSnippet(mod: PageModule, el: JsxElement): PageModule | undefined {
  if (!el.name) return undefined;
  const imported = mod.components.get(el.name);
  if (imported || el.name !== 'Snippet') return imported;
  const file = fileAttribute(el);
  return file === undefined ? undefined : mod.components.get(snippetFileKey(file));
}
