/**
 * Shiki's notation comments, as Mintlify reads them (create/code.mdx, "Diff"): a
 * comment at the end of a line holding `[!code ++]`, `[!code --]`, `[!code focus]`,
 * `[!code highlight]` (or `hl`), `[!code error]` or `[!code warning]`, optionally with
 * `:N` to cover N lines from there. The marker is taken out of the code before it is
 * highlighted (a comment holding nothing else goes whole) and the lines get a class.
 */

export type LineMark = 'add' | 'remove' | 'focus' | 'highlight' | 'error' | 'warning';

const KIND: Record<string, LineMark> = { '++': 'add', '--': 'remove', focus: 'focus', highlight: 'highlight', hl: 'highlight', error: 'error', warning: 'warning' };

const MARKER = /\[!code (\+\+|--|focus|highlight|hl|error|warning)(?::(\d+))?\]/;
/** A comment that holds only markers: `// [!code ++]`, `# [!code --]`, `<!-- [!code ++] -->`, `/* … *\/`, `-- …`. */
const WHOLE_COMMENT = /\s*(?:\/\/|#|--|;|%|<!--|\/\*|\{\/\*)\s*(?:\[!code (?:\+\+|--|focus|highlight|hl|error|warning)(?::\d+)?\]\s*)+(?:-->|\*\/\}?|\*\/)?\s*$/;

export interface NotatedCode {
  code: string;
  /** 1-based line number -> its marks. */
  marks: Map<number, Set<LineMark>>;
}

/** The code without its markers, and the marks of each line. Code with no marker comes back as it is. */
export function readNotation(code: string): NotatedCode {
  const marks = new Map<number, Set<LineMark>>();
  if (!code.includes('[!code ')) return { code, marks };
  const lines = code.split('\n');
  lines.forEach((line, i) => {
    if (!MARKER.test(line)) return;
    for (const m of line.matchAll(new RegExp(MARKER.source, 'g'))) {
      const count = Math.min(Math.max(1, Number(m[2] ?? 1)), lines.length - i);
      for (let k = 0; k < count; k++) {
        const set = marks.get(i + 1 + k) ?? new Set<LineMark>();
        set.add(KIND[m[1]]);
        marks.set(i + 1 + k, set);
      }
    }
    const whole = WHOLE_COMMENT.exec(line);
    lines[i] = whole ? line.slice(0, whole.index) : line.replace(new RegExp(`\\s?${MARKER.source}`, 'g'), '');
  });
  return { code: lines.join('\n'), marks };
}
