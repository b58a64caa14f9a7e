/**
 * Bounds the work a page can ask of the Markdown parser. micromark's emphasis and link
 * resolution grows faster than the text when delimiters pile up in one paragraph: a
 * line of 20,000 `*`, `x`, 20,000 `*` took 32 s and then overflowed the stack (10,000
 * nested <strong>), `*_` repeated 16,000 times 8 s, 4,000 lines of `*a` then 4,000 of
 * `b_` 3.9 s; and a line of 4,000 `- ` (lists nested on one line) 3.9 s. No real page
 * needs any of that, so before parsing (outside code fences, linear in the page):
 *
 * - a line with more than MAX_LINE_DELIMITERS delimiters, or a paragraph with more than
 *   MAX_PARAGRAPH_DELIMITERS, has every delimiter escaped: it reads as the literal text
 *   it is. Table rows do not count toward a paragraph: cells are resolved one by one;
 * - a line opening more than MAX_NESTED_MARKERS list items at once has its first marker
 *   escaped: it reads as a line of text.
 *
 * The page is told which lines were read so.
 */

/** Emphasis, strike-through, link and code-span delimiters one line may hold before it is taken literally. */
export const MAX_LINE_DELIMITERS = 500;
/** The same for one paragraph (consecutive lines other than table rows). */
export const MAX_PARAGRAPH_DELIMITERS = 1000;
/** List markers opened at the start of one line before the line is taken literally. */
export const MAX_NESTED_MARKERS = 16;

const DELIMITER = /[*_[\]`~]/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const NESTED_MARKERS = new RegExp(`^( {0,3})((?:[-*+]|\\d{1,9}[.)])(?: +|$)){${MAX_NESTED_MARKERS + 1}}`);
const ANY_NESTED = new RegExp(NESTED_MARKERS.source, 'm');

export interface BoundedSource {
  source: string;
  /** 1-based lines read as literal text, in order. */
  literalLines: number[];
}

/** The delimiters of `text`, counted up to one past `limit`: enough to know whether it is past it. */
function delimiterCount(text: string, limit = Infinity): number {
  // The regex engine skips the characters between delimiters far faster than a loop over
  // each (a page holds a few dozen delimiters in thousands of characters); test() makes no match array.
  DELIMITER.lastIndex = 0;
  let n = 0;
  while (n <= limit && DELIMITER.test(text)) n++;
  DELIMITER.lastIndex = 0;
  return n;
}

export function boundSource(source: string): BoundedSource {
  // The common case costs a scan or two: too few delimiters in all, no run of markers.
  if (delimiterCount(source, MAX_LINE_DELIMITERS) <= MAX_LINE_DELIMITERS && !ANY_NESTED.test(source)) return { source, literalLines: [] };
  const lines = source.split('\n');
  const literal = new Set<number>();
  const counts = lines.map((line) => delimiterCount(line));
  let fence: string | null = null;
  let paragraph: number[] = [];
  let paragraphCount = 0;
  const closeParagraph = () => {
    if (paragraphCount > MAX_PARAGRAPH_DELIMITERS) for (const i of paragraph) literal.add(i);
    paragraph = [];
    paragraphCount = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const opener = FENCE.exec(line)?.[1];
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length && line.trim() === opener) fence = null;
      continue;
    }
    if (opener) {
      closeParagraph();
      fence = opener;
      continue;
    }
    const nested = NESTED_MARKERS.exec(line);
    if (nested) {
      lines[i] = `${nested[1]}\\${line.slice(nested[1].length)}`;
      literal.add(i);
    }
    if (counts[i] > MAX_LINE_DELIMITERS) literal.add(i);
    if (line.trim() === '' || line.trimStart().startsWith('|')) closeParagraph();
    else {
      paragraph.push(i);
      paragraphCount += counts[i];
    }
  }
  closeParagraph();
  if (literal.size === 0) return { source, literalLines: [] };
  for (const i of literal) lines[i] = lines[i].replace(DELIMITER, '\\$&');
  return { source: lines.join('\n'), literalLines: [...literal].sort((a, b) => a - b).map((i) => i + 1) };
}
