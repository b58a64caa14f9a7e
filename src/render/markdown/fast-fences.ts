/**
 * A speed-up for the MDX parser: fenced code blocks that start at column 0 are cut
 * out of the source before micromark sees it (micromark spends about a third of its
 * time on code lines, measured on the benchmark corpus) and put back as `code` nodes.
 * Each one leaves a placeholder heading plus blank lines, so the block structure
 * around it and every line number stay the same. If any placeholder does not come
 * back where expected, the caller parses the original source instead.
 */
import type { Code, Nodes, Parents, Root } from 'mdast';

const OPEN = /^(`{3,}|~{3,})(.*)$/;
const CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const MARK = '\uE000';
const PLACEHOLDER = new RegExp(`^${MARK}(\\d+)$`);

export interface Extracted {
  source: string;
  fences: Code[];
}

/** The source with column-0 fences replaced, or null when there is nothing to extract. */
export function extractFences(source: string): Extracted | null {
  if (!source.includes('```') && !source.includes('~~~')) return null;
  if (source.includes('\r') || source.includes(MARK)) return null;
  const lines = source.split('\n');
  const fences: Code[] = [];
  let i = 0;
  if (lines[0] === '---') {
    i = lines.indexOf('---', 1) + 1;
    if (i === 0) return null;
  }
  let esm = false;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') {
      esm = false;
      continue;
    }
    if (esm || /^(import|export)\s/.test(line)) {
      esm = true;
      continue;
    }
    // A multi-line expression block: leave everything up to its end alone.
    if (line.startsWith('{')) {
      let depth = 0;
      for (; i < lines.length; i++) {
        for (const c of lines[i]) depth += c === '{' ? 1 : c === '}' ? -1 : 0;
        if (depth <= 0) break;
      }
      continue;
    }
    const open = OPEN.exec(line);
    if (!open) continue;
    const marker = open[1];
    // Trailing spaces belong to the meta in micromark; leading ones go.
    const info = open[2].replace(/^[ \t]+/, '');
    if ((marker[0] === '`' && info.includes('`')) || /[\\&]/.test(info)) return fences.length ? finish() : null;
    let end = i + 1;
    while (end < lines.length) {
      const close = CLOSE.exec(lines[end]);
      if (close && close[1][0] === marker[0] && close[1].length >= marker.length) break;
      end++;
    }
    if (end >= lines.length) break; // unclosed: leave it (and the rest) to micromark
    const space = info.search(/[ \t]/);
    const lang = info ? (space < 0 ? info : info.slice(0, space)) : null;
    const rest = space < 0 ? '' : info.slice(space).replace(/^[ \t]+/, '');
    const meta = rest || null;
    fences.push({
      type: 'code',
      lang,
      meta,
      value: lines.slice(i + 1, end).join('\n'),
      position: { start: { line: i + 1, column: 1 }, end: { line: end + 1, column: lines[end].length + 1 } },
    });
    lines[i] = `# ${MARK}${fences.length - 1}`;
    for (let k = i + 1; k <= end; k++) lines[k] = '';
    i = end;
  }
  return fences.length ? finish() : null;

  function finish(): Extracted {
    return { source: lines.join('\n'), fences };
  }
}

/** Puts the extracted fences back in place of their placeholders; false if any is missing. */
export function restoreFences(tree: Root, fences: Code[]): boolean {
  let restored = 0;
  const visit = (parent: Parents) => {
    const children = parent.children as Nodes[];
    for (let i = 0; i < children.length; i++) {
      const n = children[i];
      if (n.type === 'heading' && n.depth === 1 && n.children.length === 1 && n.children[0].type === 'text') {
        const m = PLACEHOLDER.exec(n.children[0].value);
        if (m && fences[Number(m[1])]) {
          children[i] = fences[Number(m[1])];
          restored++;
          continue;
        }
      }
      if ('children' in n) visit(n);
    }
  };
  visit(tree);
  return restored === fences.length;
}
