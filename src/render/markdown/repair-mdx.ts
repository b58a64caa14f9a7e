/**
 * Fixes the two Markdown habits that MDX rejects but that are common in docs written
 * for older tools: HTML comments (`<!-- -->`) and void tags left open (`<br>`,
 * `<img ...>`). Used only after the MDX parser failed, before falling back to plain
 * Markdown. Fenced code and inline code are left alone; line numbers are kept.
 */
const VOID = /<(br|hr|img|input|source|wbr|col|area|track)\b((?:[^>"'/]|"[^"]*"|'[^']*'|\/(?!>))*)>/gi;

function repairText(text: string): string {
  // Inline code spans keep their text; everything between them is repaired.
  return text
    .split(/(`+[^`]*`+)/)
    .map((part, i) => (i % 2 ? part : part.replace(VOID, (_, tag: string, rest: string) => `<${tag}${rest.replace(/\s+$/, '')} />`)))
    .join('');
}

/** The repaired source, or null when there was nothing to repair. */
export function repairForMdx(source: string): string | null {
  // Comments first (they may span lines); newlines inside them are kept.
  let changed = false;
  const lines = source.split('\n');
  let fence: string | null = null;
  let inComment = false;
  const out: string[] = [];
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (!inComment && fence === null && marker) {
      fence = marker;
      out.push(line);
      continue;
    }
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && /^\s*[`~]+\s*$/.test(line)) fence = null;
      out.push(line);
      continue;
    }
    let rest = line;
    let kept = '';
    while (rest) {
      if (inComment) {
        const end = rest.indexOf('-->');
        if (end < 0) break; // the comment runs to the end of the line: nothing of it is kept
        rest = rest.slice(end + 3);
        inComment = false;
        changed = true;
      } else {
        const start = rest.indexOf('<!--');
        if (start < 0) {
          kept += rest;
          break;
        }
        kept += rest.slice(0, start);
        rest = rest.slice(start + 4);
        inComment = true;
        changed = true;
      }
    }
    const repaired = repairText(kept);
    if (repaired !== kept) changed = true;
    out.push(repaired);
  }
  return changed ? out.join('\n') : null;
}
