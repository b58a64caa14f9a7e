/**
 * The code blocks of a site's pages as the renderer will ask for them (language and meta
 * as written, the code), read on the export's main thread from the sources the scan has
 * just read, so that the highlight thread (pool/highlight-thread.ts) can highlight them
 * before their pages render. Only lines are scanned: a block read differently from the
 * Markdown parser (a fence in a block quote, a list item's indentation) is simply not
 * ready when its page renders, and is highlighted then. Twoslash blocks are listed too:
 * the highlight thread draws them once their types come in from the thread that types them
 * (pool/twoslash-thread.ts), which twoslash-blocks.ts finds with the same scan.
 */

import { CODE_EXTENSIONS, snippetFileCandidates, snippetFileNames, snippetPath } from '../markdown/snippet-files.js';

/** A fenced block: its language and meta as the Markdown parser gives them ('' for none), and its code. */
export type SiteBlock = [lang: string, meta: string, code: string];

/** Snippet files read for their blocks at most. */
export const MAX_SNIPPET_FILES = 2000;

/** Blocks sent ahead at most, and their characters at most (a site beyond is highlighted as its pages render). */
export const MAX_SITE_BLOCKS = 50_000;
export const MAX_SITE_BLOCK_CHARS = 64 * 2 ** 20;

const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})[ \t]*(.*)$/;

/**
 * A fenced block: its info string (what follows the marker, leading spaces off), the
 * opener's indentation, and its lines [from, to) of `lines`.
 */
interface Fence {
  info: string;
  indent: string;
  lines: string[];
  from: number;
  to: number;
}

/** The fenced blocks of `source` (Markdown or MDX), in order; line endings read as the parsers read them (markdown/parse.ts). */
function* fences(source: string): Generator<Fence> {
  // Most pages of most sites have no fence: skip them without splitting them into lines.
  if (!source.includes('```') && !source.includes('~~~')) return;
  // A page written on Windows too.
  const lines = (source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]);
    if (!open) continue;
    const [, indent, marker, info] = open;
    // A backtick in a backtick fence's info string makes the line no fence (CommonMark).
    if (marker[0] === '`' && info.includes('`')) continue;
    // The block ends at a line of the same marker at least as long (CommonMark), or at the end of the page.
    let end = i + 1;
    while (end < lines.length && !closes(lines[end], marker)) end++;
    yield { info, indent, lines, from: i + 1, to: end };
    i = end;
  }
}

/** The fenced blocks of `source` with a language, as the renderer asks for them (twoslash-blocks.ts reads them too). */
export function codeBlocks(source: string): SiteBlock[] {
  const blocks: SiteBlock[] = [];
  for (const fence of fences(source)) {
    const { info } = fence;
    const space = info.search(/[ \t]/);
    const lang = space < 0 ? info : info.slice(0, space);
    // Trailing spaces belong to the meta, as in micromark (markdown/fast-fences.ts).
    const meta = space < 0 ? '' : info.slice(space).replace(/^[ \t]+/, '');
    if (!lang) continue;
    blocks.push([lang, meta, fenceCode(fence)]);
  }
  return blocks;
}

/** A fence's code: its lines with up to the opener's indentation in spaces taken off each (CommonMark). */
function fenceCode({ indent, lines, from, to }: Fence): string {
  return lines.slice(from, to).map((line) => dedent(line, indent.length)).join('\n');
}

/** A closing fence: the opening's character, at least as many, nothing after but spaces. */
function closes(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && trimmed[0] === marker[0] && /^(`+|~+)$/.test(trimmed);
}

/** `line` with up to `n` leading spaces removed. */
function dedent(line: string, n: number): string {
  let k = 0;
  while (k < n && line[k] === ' ') k++;
  return line.slice(k);
}

const IMPORT_FROM = /^[ \t]*import\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm;

/**
 * The MDX snippet files the text of `file` imports or places with `<Snippet file>`,
 * root-relative, by the renderer's rules (markdown/snippet-files.ts); a line scan, no parse.
 */
export function snippetsOf(file: string, source: string): string[] {
  const found: string[] = [];
  if (source.includes('import')) {
    for (const m of source.matchAll(IMPORT_FROM)) {
      const path = snippetPath(file, m[1]);
      if (path && !CODE_EXTENSIONS.test(path)) found.push(path);
    }
  }
  for (const name of snippetFileNames(source)) found.push(...snippetFileCandidates(name));
  return found;
}

/**
 * The texts of the snippets the pages of `sources` use, nested ones too, at most
 * MAX_SNIPPET_FILES: `read` reads a root-relative file (confined to the docs folder by the
 * caller); one it cannot read is left out, its page reports it when it renders.
 */
export async function readSnippets(sources: Map<string, string>, read: (file: string) => Promise<string>): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const tried = new Set<string>();
  let next = [...sources].flatMap(([file, source]) => snippetsOf(file, source));
  while (next.length > 0 && tried.size < MAX_SNIPPET_FILES) {
    const batch = [...new Set(next)].filter((f) => !tried.has(f) && !sources.has(f)).slice(0, MAX_SNIPPET_FILES - tried.size);
    for (const f of batch) tried.add(f);
    const results = await Promise.all(batch.map((f) => read(f).then((text) => [f, text] as const, () => undefined)));
    next = [];
    for (const entry of results) {
      if (!entry) continue;
      texts.set(entry[0], entry[1]);
      next.push(...snippetsOf(entry[0], entry[1]));
    }
  }
  return texts;
}

/**
 * The blocks of each page source, in the map's order, with those of the snippets it uses
 * (from `snippets`, nested ones too) after its own, within MAX_SITE_BLOCKS and
 * MAX_SITE_BLOCK_CHARS.
 */
export function siteCodeBlocks(sources: Map<string, string>, snippets: Map<string, string> = new Map()): [file: string, blocks: SiteBlock[]][] {
  const out: [string, SiteBlock[]][] = [];
  // Each snippet's blocks and the snippets it uses, found once for all the pages that use it.
  const ofSnippet = new Map<string, { blocks: SiteBlock[]; uses: string[] }>();
  const snippet = (file: string) => {
    let found = ofSnippet.get(file);
    if (!found) {
      const text = snippets.get(file)!;
      ofSnippet.set(file, (found = { blocks: codeBlocks(text), uses: snippetsOf(file, text) }));
    }
    return found;
  };
  let count = 0;
  let chars = 0;
  for (const [file, source] of sources) {
    const blocks = codeBlocks(source);
    // The snippets it uses, nested ones too, each once.
    const used = new Set<string>();
    const visit = (uses: string[]) => {
      for (const s of uses) {
        if (used.has(s) || !snippets.has(s)) continue;
        used.add(s);
        blocks.push(...snippet(s).blocks);
        visit(snippet(s).uses);
      }
    };
    if (snippets.size) visit(snippetsOf(file, source));
    if (blocks.length === 0) continue;
    const kept: SiteBlock[] = [];
    for (const block of blocks) {
      if (count >= MAX_SITE_BLOCKS || chars + block[2].length > MAX_SITE_BLOCK_CHARS) break;
      count++;
      chars += block[2].length;
      kept.push(block);
    }
    if (kept.length) out.push([file, kept]);
    if (kept.length < blocks.length) break;
  }
  return out;
}

/** The key a block is known by between the threads: what the renderer remembers it by (highlight/code-block.ts). */
export function blockText(lang: string, meta: string, code: string): string {
  return [lang, meta, code].join('\0');
}
