/**
 * JSON path helpers for diagnostics: turn JSON pointers (`#/paths/~1users/get`) into the
 * readable dotted form used across Quire (`paths["/users"].get`), and find the line of a
 * path in the source text of a YAML or JSON document.
 */
import { yamlPackage } from '../yaml-package.js';

/** Splits a JSON pointer (with or without a leading `#`) into its unescaped tokens. */
export function pointerTokens(pointer: string): string[] {
  const p = pointer.replace(/^#/, '');
  if (p === '' || p === '/') return [];
  return p.slice(1).split('/').map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * `['paths', '/users', 'get']` -> `paths["/users"].get`. With the document at hand,
 * array indexes print as `[0]` and numeric keys such as status codes as `["200"]`.
 */
export function formatJsonPath(tokens: (string | number)[], root?: unknown): string {
  let out = '';
  let cur: unknown = root;
  for (const t of tokens) {
    const inArray = root === undefined ? typeof t === 'number' || /^\d+$/.test(String(t)) : Array.isArray(cur);
    if (inArray) out += `[${t}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(String(t))) out += out === '' ? t : `.${t}`;
    else out += `[${JSON.stringify(String(t))}]`;
    cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[t] : undefined;
  }
  return out;
}

export function pointerToJsonPath(pointer: string, root?: unknown): string {
  return formatJsonPath(pointerTokens(pointer), root);
}

/** Looks a value up by JSON pointer tokens; undefined when any step is missing. */
export function getByTokens(root: unknown, tokens: string[]): unknown {
  let cur: unknown = root;
  for (const t of tokens) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, t)) return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return cur;
}

/**
 * Line (1-based) of the node at `tokens` in a YAML or JSON text, falling back to the
 * deepest existing ancestor. Only called when reporting, so parsing again is fine.
 */
export function lineOfPath(text: string, tokens: string[]): number | undefined {
  return pathLines(text)(tokens);
}

/** `lineOfPath` for many paths of one text: the text is parsed once. */
export function pathLines(text: string): (tokens: string[]) => number | undefined {
  // A document on one line (minified JSON: 0xsequence's translated API documents, up to 270 KB)
  // has every node on line 1; parsing it with yaml only to learn that took up to ~0.6 s of CPU.
  if (!text.includes('\n') && /^\s*[{[]/.test(text)) return () => 1;
  const { LineCounter, parseDocument, isMap, isNode, isSeq } = yamlPackage();
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false });
  return (tokens) => {
    let node: unknown = doc.contents;
    let line = isNode(node) && node.range ? counter.linePos(node.range[0]).line : undefined;
    for (const t of tokens) {
      // Keys such as status codes may be strings ("200":) or numbers (200:) in YAML.
      const next: unknown = isSeq(node) ? node.items[Number(t)] : isMap(node) ? (node.get(t, true) ?? (/^\d+$/.test(t) ? node.get(Number(t), true) : undefined)) : undefined;
      if (!isNode(next)) break;
      node = next;
      if (next.range) line = counter.linePos(next.range[0]).line;
    }
    return line;
  };
}

/**
 * The tokens of a written JSON path, this module's form or the config's (which leaves
 * keys unquoted): `navigation.tabs[0]["a b"]` and `navigation.tabs[0].a b` both give
 * `['navigation', 'tabs', '0', 'a b']`. A key holding `.` or `[` in the unquoted form
 * reads as two tokens: the line found is then its parent's.
 */
export function jsonPathTokens(path: string): string[] {
  const tokens: string[] = [];
  for (const m of path.matchAll(/\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|(?:^|\.)([^.[]+)/g)) {
    tokens.push(m[1] ?? (m[2] !== undefined ? (JSON.parse(m[2]) as string) : m[3]));
  }
  return tokens;
}
