/**
 * Reads the meta string of a code fence: ```` ```bash cURL {1,3-4} ```` gives the title
 * `cURL` and highlighted lines 1, 3 and 4. The options of Mintlify's code blocks
 * (create/code.mdx) are read too: `title="..."`, `highlight={1-2,5}`, `focus=2,4-5`,
 * `icon=java`, and the flags `lines`, `wrap`, `expandable`, `nocopy`, `twoslash`.
 * Values may be bare, quoted with `"` or `'`, or in `{}`.
 */
export interface CodeMeta {
  title?: string;
  /** 1-based line numbers to highlight. */
  highlight: Set<number>;
  /** 1-based line numbers to focus (the others are dimmed). */
  focus: Set<number>;
  /** Icon name shown before the title. */
  icon?: string;
  /** Flags: each is true when written bare or as `="true"`; `nocopy="false"` is false. */
  lines: boolean;
  wrap: boolean;
  expandable: boolean;
  nocopy: boolean;
  twoslash: boolean;
  /** Other `key="value"` / flag tokens as written. */
  options: Record<string, string | true>;
}

const FLAGS = ['lines', 'wrap', 'expandable', 'nocopy', 'twoslash'] as const;
/** Flags Mintlify accepts under other names (`showLineNumbers` is rehype-pretty-code's). */
const FLAG_ALIASES: Record<string, (typeof FLAGS)[number]> = { showLineNumbers: 'lines' };

/** `1,3-4` -> {1,3,4}; bad parts are ignored. Ranges are capped to keep a typo from allocating. */
export function parseLineRanges(spec: string): Set<number> {
  const out = new Set<number>();
  for (const part of spec.replace(/[[\]{}]/g, '').split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    for (let i = Math.min(a, b); i <= Math.max(a, b) && i - Math.min(a, b) < 10_000; i++) out.add(i);
  }
  return out;
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { highlight: new Set(), focus: new Set(), lines: false, wrap: false, expandable: false, nocopy: false, twoslash: false, options: {} };
  if (!meta) return result;
  const flag = (name: string, value: string | true) => {
    const key = FLAG_ALIASES[name] ?? name;
    if (!(FLAGS as readonly string[]).includes(key)) return false;
    result[key] = value === true || value !== 'false';
    return true;
  };
  let rest = meta.replace(/(?:^|\s)\{([\d,\s-]+)\}/g, (_, spec: string) => {
    for (const n of parseLineRanges(spec)) result.highlight.add(n);
    return ' ';
  });
  rest = rest.replace(/(\w[\w-]*)=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|(\S+))/g, (_, key: string, a?: string, b?: string, c?: string, d?: string) => {
    const value = a ?? b ?? c ?? d ?? '';
    if (key === 'title') result.title = value;
    else if (key === 'highlight') for (const n of parseLineRanges(value)) result.highlight.add(n);
    else if (key === 'focus') for (const n of parseLineRanges(value)) result.focus.add(n);
    else if (key === 'icon') result.icon = value;
    else if (!flag(key, value)) result.options[key] = value;
    return ' ';
  });
  const titleWords: string[] = [];
  for (const w of rest.trim().split(/\s+/).filter(Boolean)) {
    if (flag(w, true)) result.options[w] = true;
    else titleWords.push(w);
  }
  if (result.title === undefined && titleWords.length) result.title = titleWords.join(' ');
  return result;
}
