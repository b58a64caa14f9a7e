/**
 * JSON path helpers for diagnostics: turn JSON pointers (`#/paths/~1users/get`) into the
 * readable dotted form used across Quire (`paths["/users"].get`), and find the line of a
 * path in the source text of a YAML or JSON document.
 */
import { LineCounter, parseDocument, isNode } from 'yaml';

/** Splits a JSON pointer (with or without a leading `#`) into its unescaped tokens. */
export function pointerTokens(pointer: string): string[] {
  const p = pointer.replace(/^#/, '');
  if (p === '' || p === '/') return [];
  return p.slice(1).split('/').map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `['paths', '/users', 'get']` -> `paths["/users"].get`. */
export function formatJsonPath(tokens: (string | number)[]): string {
  let out = '';
  for (const t of tokens) {
    if (typeof t === 'number' || /^\d+$/.test(t)) out += `[${t}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(t)) out += out === '' ? t : `.${t}`;
    else out += `[${JSON.stringify(t)}]`;
  }
  return out;
}

export function pointerToJsonPath(pointer: string): string {
  return formatJsonPath(pointerTokens(pointer));
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
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, keepSourceTokens: false, uniqueKeys: false });
  for (let n = tokens.length; n >= 0; n--) {
    const node = doc.getIn(tokens.slice(0, n).map((t) => (/^\d+$/.test(t) ? Number(t) : t)), true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}
