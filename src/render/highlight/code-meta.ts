/**
 * Reads the meta string of a code fence: ```` ```bash cURL {1,3-4} ```` gives the title
 * `cURL` and highlighted lines 1, 3 and 4. `title="..."`, `lines`/`wrap` flags and
 * other `key=value` pairs are recognised too.
 */
export interface CodeMeta {
  title?: string;
  /** 1-based line numbers to highlight. */
  highlight: Set<number>;
  /** Other `key="value"` / flag tokens as written. */
  options: Record<string, string | true>;
}

/** `1,3-4` -> {1,3,4}; bad parts are ignored. Ranges are capped to keep a typo from allocating. */
export function parseLineRanges(spec: string): Set<number> {
  const out = new Set<number>();
  for (const part of spec.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    for (let i = Math.min(a, b); i <= Math.max(a, b) && i - Math.min(a, b) < 10_000; i++) out.add(i);
  }
  return out;
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { highlight: new Set(), options: {} };
  if (!meta) return result;
  let rest = meta.replace(/\{([\d,\s-]+)\}/g, (_, spec: string) => {
    for (const n of parseLineRanges(spec)) result.highlight.add(n);
    return ' ';
  });
  rest = rest.replace(/(\w[\w-]*)=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|(\S+))/g, (_, key: string, a?: string, b?: string, c?: string, d?: string) => {
    const value = a ?? b ?? c ?? d ?? '';
    if (key === 'title') result.title = value;
    else if (key === 'highlight') for (const n of parseLineRanges(value.replace(/[{}]/g, ''))) result.highlight.add(n);
    else result.options[key] = value;
    return ' ';
  });
  const words = rest.trim().split(/\s+/).filter(Boolean);
  const flags = new Set(['lines', 'wrap', 'expandable', 'twoslash', 'showLineNumbers']);
  const titleWords = words.filter((w) => !flags.has(w));
  for (const w of words) if (flags.has(w)) result.options[w] = true;
  if (result.title === undefined && titleWords.length) result.title = titleWords.join(' ');
  return result;
}
