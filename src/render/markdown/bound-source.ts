/**
 * Bounds the inline work a page can ask of the Markdown parser. micromark's emphasis
 * and link resolution grows faster than the text on lines packed with delimiters: a
 * line of 20,000 `*`, `x`, 20,000 `*` took 32 s and then overflowed the stack
 * (10,000 nested <strong>), `*_` repeated 16,000 times 8 s. No real page writes
 * hundreds of delimiters on one line, so on such a line (outside code fences) every
 * delimiter is escaped: the line is shown as the literal text it is, at linear cost,
 * and the page is told which lines were read so. Linear in the page.
 */

/** Emphasis, strike-through, link and code-span delimiters on one line past which the line is taken literally. */
export const MAX_LINE_DELIMITERS = 500;

const DELIMITER = /[*_[\]`~]/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export interface BoundedSource {
  source: string;
  /** 1-based lines whose delimiters were escaped. */
  literalLines: number[];
}

export function boundSource(source: string): BoundedSource {
  // The common case costs one scan: no line can exceed the bound with fewer delimiters in all.
  let total = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 42 || c === 95 || c === 91 || c === 93 || c === 96 || c === 126) total++;
  }
  if (total <= MAX_LINE_DELIMITERS) return { source, literalLines: [] };
  const lines = source.split('\n');
  const literalLines: number[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opener = FENCE.exec(line)?.[1];
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length && line.trim() === opener) fence = null;
      continue;
    }
    if (opener) {
      fence = opener;
      continue;
    }
    if ((line.match(DELIMITER)?.length ?? 0) > MAX_LINE_DELIMITERS) {
      lines[i] = line.replace(DELIMITER, '\\$&');
      literalLines.push(i + 1);
    }
  }
  return literalLines.length === 0 ? { source, literalLines } : { source: lines.join('\n'), literalLines };
}
