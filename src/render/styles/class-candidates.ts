/**
 * The class names pages write, as Tailwind candidates: the values of `className` and
 * `class` attributes in MDX and Markdown (a string, or a string literal in braces), outside
 * fenced code blocks, whose examples are shown and not used; and in `.jsx`/`.tsx` snippet
 * components, every word of every string literal (a component builds its classes from
 * strings in many ways, and Tailwind's own scanner takes every word of a source file).
 *
 * Read from the sources during the scan, before any page renders: each page's layout names
 * the site stylesheet by the hash of its content, so the Tailwind CSS in it must be known
 * first. A word Tailwind does not know yields no CSS, so a few extra words cost nothing.
 */

/** Where each candidate was first seen, for diagnostics. */
export type CandidateSources = Map<string, { file: string; line: number }>;

const CLASS_ATTR = /\b(?:className|class)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`)\s*\})/g;
const STRING_LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`]*)`/g;
/** What a Tailwind class can look like: no quotes, braces, backslashes or template holes. */
const CANDIDATE = /^[!-]?[a-z@[][^\s"'`{}\\]*$/i;
const FENCE = /^\s*(`{3,}|~{3,})/;
const SCRIPT = /\.(jsx|tsx|js|ts)$/i;

/** The text of `source` outside fenced code blocks, fenced lines blanked (line numbers kept). */
function withoutFences(source: string): string {
  if (!source.includes('```') && !source.includes('~~~')) return source;
  const lines = source.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const m = FENCE.exec(lines[i]);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && lines[i].trim() === m[1]) fence = undefined;
      lines[i] = '';
    } else if (m) {
      fence = m[1];
      lines[i] = '';
    }
  }
  return lines.join('\n');
}

/** Line numbers of offsets met in increasing order, counted once through the text. */
function lineCounter(text: string): (at: number) => number {
  let pos = 0;
  let line = 1;
  return (at) => {
    for (; pos < at; pos++) if (text.charCodeAt(pos) === 10) line++;
    return line;
  };
}

function addWords(words: string, at: number, lineAt: (at: number) => number, file: string, out: CandidateSources): void {
  for (const word of words.split(/\s+/)) {
    if (!word || out.has(word) || !CANDIDATE.test(word) || word.includes('${')) continue;
    out.set(word, { file, line: lineAt(at) });
  }
}

/** Adds the candidates of one source file (root-relative `file`) to `out`. */
export function collectCandidates(file: string, source: string, out: CandidateSources): void {
  if (SCRIPT.test(file)) {
    if (!source.includes('class')) return; // a component with no class names at all
    const lineAt = lineCounter(source);
    for (const m of source.matchAll(STRING_LITERAL)) addWords(m[1] ?? m[2] ?? m[3] ?? '', m.index, lineAt, file, out);
    return;
  }
  if (!source.includes('class')) return;
  const text = withoutFences(source);
  const lineAt = lineCounter(text);
  for (const m of text.matchAll(CLASS_ATTR)) addWords(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '', m.index, lineAt, file, out);
}

/** One file's candidates and the line each is first seen on, in the order collectCandidates meets them. */
export type FileCandidates = [word: string, line: number][];

/** The candidates of one source file on their own (kept per page by the scan: source/source-facts.ts). */
export function candidatesOf(file: string, source: string): FileCandidates {
  const own: CandidateSources = new Map();
  collectCandidates(file, source, own);
  return [...own].map(([word, at]) => [word, at.line]);
}

/**
 * Adds one file's candidatesOf to `out`: the same as collectCandidates on its source, since a
 * word already in `out` is skipped either way and a file's words come in the order it meets them.
 */
export function addCandidates(file: string, candidates: FileCandidates, out: CandidateSources): void {
  for (const [word, line] of candidates) if (!out.has(word)) out.set(word, { file, line });
}
