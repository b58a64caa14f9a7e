/**
 * The resource of an inline link or image for the fast parser (fast-inline.ts): the
 * `(destination "title")` after the brackets, in the forms docs write. Parentheses in a
 * destination are kept when balanced (`wiki/Cypher_(query_language)`); a title is a plain
 * quoted string. Escapes, character references, `<...>` destinations, line breaks and
 * titles in parentheses are left to micromark.
 */
import { bail } from './fast-common.js';

/** Parentheses nested in a destination this parser reads (micromark allows 32). */
const MAX_DEPTH = 8;
const REFERENCE = /^&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;

/**
 * The resource starting at `s[from]` (just past the `(`), which must end before `to`:
 * its url, its title (null without one) and the offset just past its `)`.
 */
export function readResource(s: string, from: number, to: number): { url: string; title: string | null; end: number } {
  let d = from;
  let depth = 0;
  for (; d < to; d++) {
    const c = s[d];
    if (c === '(') {
      if (++depth > MAX_DEPTH) bail('link destination');
    } else if (c === ')') {
      if (depth === 0) break;
      depth--;
    } else if (c === ' ') break;
    else if (c === '\n' || c === '<' || c === '\\' || c === '"' || c === "'") bail('link destination');
    else if (c === '&' && REFERENCE.test(s.slice(d, d + 40))) bail('link destination');
  }
  if (d >= to || depth > 0) bail('link destination');
  const url = s.slice(from, d);
  if (s[d] === ')') return { url, title: null, end: d + 1 };
  // Spaces, then a title: only after a destination (`( "t")` is left to micromark).
  let t = d;
  while (s[t] === ' ') t++;
  const quote = s[t];
  if (d === from || (quote !== '"' && quote !== "'")) bail('link title');
  const close = s.indexOf(quote, t + 1);
  if (close < 0 || close >= to) bail('link title');
  const title = s.slice(t + 1, close);
  if (/[\\&\n]/.test(title)) bail('link title');
  let e = close + 1;
  while (s[e] === ' ') e++;
  if (e >= to || s[e] !== ')') bail('link title');
  return { url, title, end: e + 1 };
}
