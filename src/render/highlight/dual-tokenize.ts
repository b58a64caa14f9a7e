/**
 * Tokenizes code once and colours it for both themes. Shiki's dual-theme API runs
 * the grammar once per theme (the TextMate registry bakes one theme into the token
 * metadata); here the grammar runs once with scope names (the grammar's public
 * `tokenizeLine`) and each distinct scope stack is resolved against the two themes
 * (theme-match.ts), cached. Same colours as Shiki's codeToTokensWithThemes, in less
 * than half the time (bench/highlight.ts; the tests compare the two).
 */
import { INITIAL, StateStackImpl, type IGrammar, type StateStack } from 'shiki/textmate';
import type { HighlighterCore } from 'shiki/core';
import { scopeStyler, type ScopeStyle } from './theme-match.js';
import { isLatin1, latin1Copy, oneByte } from '../one-byte.js';

export interface DualToken {
  content: string;
  light: string;
  dark: string;
  /** TextMate FontStyle bits: 1 italic, 2 bold, 4 underline, 8 strikethrough. */
  fontStyle: number;
}

interface Resolved {
  light: string;
  dark: string;
  fontStyle: number;
}

/** A line tokenized from a state: its tokens, how many the grammar gave, and the state after it. */
interface LineEntry {
  start: StateStack;
  tokens: DualToken[];
  raw: number;
  end: StateStack;
}

interface ThemePair {
  styles: [(scopes: string[]) => ScopeStyle, (scopes: string[]) => ScopeStyle];
  cache: Map<string, Resolved>;
  /** Per grammar, the lines tokenized so far by their text (see tokenizeDual); `size` counts the entries. */
  lines: WeakMap<IGrammar, Map<string, LineEntry[]>>;
  size: number;
}

const pairs = new WeakMap<HighlighterCore, Map<string, ThemePair>>();
const MAX_CACHE = 50_000;
/** Lines kept per theme pair (all grammars); the real sites' distinct blocks hold 6,000-12,000 distinct lines in their states. */
const MAX_LINES = 200_000;

function themePair(h: HighlighterCore, light: string, dark: string): ThemePair {
  let byKey = pairs.get(h);
  if (!byKey) pairs.set(h, (byKey = new Map<string, ThemePair>()));
  let pair = byKey.get(`${light}\0${dark}`);
  if (!pair) {
    pair = { styles: [scopeStyler(h.getTheme(light)), scopeStyler(h.getTheme(dark))], cache: new Map(), lines: new WeakMap(), size: 0 };
    byKey.set(`${light}\0${dark}`, pair);
  }
  return pair;
}

/**
 * Bounds on what a block may make the tokenizer do, counted, never timed (a time limit
 * reads the wall clock, so a busy machine would cut lines short and make two builds of
 * one folder differ). A grammar's rule stack grows with nesting: `$(` repeated 20,000
 * times made it 20,000 deep and took 4 GB. Past a bound the block is shown as plain text.
 */
export const HIGHLIGHT_LIMITS = { maxLineChars: 5000, maxStackDepth: 200, maxTokens: 100_000 };

/** Thrown when a block goes past {@link HIGHLIGHT_LIMITS}; the message says which bound. */
export class HighlightLimitError extends Error {}

const EOL = /\r\n|\r|\n/;

/**
 * The lines of `code`, each held one character per byte when it has no character past
 * U+00FF. V8 compiles a regular expression separately for one-byte and two-byte subject
 * strings, and a line cut from a page with a single character past U+00FF (an arrow, an
 * emoji, a curly quote in the prose) is two-byte even when it is plain ASCII, as the
 * code the render thread posts is: a grammar's patterns were then compiled twice, and run
 * slower on two-byte lines. 0xsequence's C++ blocks took 2.3-2.7 s to highlight the first
 * time, 1.6-1.8 s with the lines one-byte; the highlight thread of a whole export
 * 4.5-5.5 s, 3.6-4.2 s (docs/benchmarks.mdx).
 */
export function oneByteLines(code: string): string[] {
  // all of it Latin-1: its lines are cut from a one-byte copy, one-byte too
  if (isLatin1(code)) return latin1Copy(code).split(EOL);
  return code.split(EOL).map(oneByte);
}

/** One line tokenized by the grammar from `stack`, coloured (tokens of equal colours joined). */
function tokenizeLine(grammar: IGrammar, pair: ThemePair, line: string, stack: StateStack): LineEntry {
  const result = grammar.tokenizeLine(line, stack, 0);
  const tokens: DualToken[] = [];
  for (const t of result.tokens) {
    const end = Math.min(t.endIndex, line.length);
    if (end <= t.startIndex) continue;
    const key = t.scopes.join(' ');
    let r = pair.cache.get(key);
    if (!r) {
      const a = pair.styles[0](t.scopes);
      const b = pair.styles[1](t.scopes);
      r = { light: a.color, dark: b.color, fontStyle: a.fontStyle === b.fontStyle ? a.fontStyle : a.fontStyle | b.fontStyle };
      pair.cache.set(key, r);
    }
    const content = line.slice(t.startIndex, end);
    const prev = tokens[tokens.length - 1];
    if (prev && prev.light === r.light && prev.dark === r.dark && prev.fontStyle === r.fontStyle) prev.content += content;
    else tokens.push({ content, light: r.light, dark: r.dark, fontStyle: r.fontStyle });
  }
  return { start: stack, tokens, raw: result.tokens.length, end: result.ruleStack };
}

/**
 * Whether two states at the start of a line tokenize every line alike. The grammar's own
 * `equals` (the rule stack, each rule's end pattern and the scopes) is what VS Code trusts
 * to stop tokenizing again after an edit; it leaves out whether a rule's begin match took
 * the line break, which sets where `\G` matches on the next line: compared here too.
 */
function sameState(a: StateStack, b: StateStack): boolean {
  if (a === b) return true;
  if (!a.equals(b)) return false;
  for (let x: StateStackImpl | null = a as StateStackImpl, y: StateStackImpl | null = b as StateStackImpl; x && y; x = x.parent, y = y.parent) {
    if (x === y) return true;
    if (x.beginRuleCapturedEOL !== y.beginRuleCapturedEOL) return false;
  }
  return true;
}

/**
 * Lines of tokens for `code` in grammar `lang`, coloured for both themes.
 *
 * A TextMate grammar tokenizes a line from the state the line before left (the stack of
 * rules it is inside), and only from that: a line met again in the same state gives the
 * same tokens and the same state after it. Docs repeat their code lines from block to block
 * (the same imports, headers, closing braces; the API reference's generated samples): of
 * the distinct blocks' lines, 41-59% came again in the same state on five real sites, 30-42%
 * of the characters (`node /dev/shm/linerep.mjs SITE`). So each line's tokens are kept per
 * grammar by its text, with the state it started from and the one it ended in (the
 * grammar's states are immutable), and a line met again in an equal state takes them.
 */
export function tokenizeDual(h: HighlighterCore, code: string, lang: string, light: string, dark: string): DualToken[][] {
  const grammar = h.getLanguage(lang);
  const pair = themePair(h, light, dark);
  if (pair.cache.size > MAX_CACHE) pair.cache.clear();
  const out: DualToken[][] = [];
  let stack = INITIAL;
  let tokenCount = 0;
  let lines = pair.lines.get(grammar);
  if (!lines) pair.lines.set(grammar, (lines = new Map<string, LineEntry[]>()));
  for (const line of oneByteLines(code)) {
    if (line === '') {
      out.push([]);
      continue;
    }
    if (line.length > HIGHLIGHT_LIMITS.maxLineChars) throw new HighlightLimitError(`a line of ${line.length} characters (highlighting stops at ${HIGHLIGHT_LIMITS.maxLineChars})`);
    const seen = lines.get(line);
    let entry = seen?.find((e) => sameState(e.start, stack));
    if (!entry) {
      entry = tokenizeLine(grammar, pair, line, stack);
      if (pair.size >= MAX_LINES) {
        pair.lines = new WeakMap();
        pair.lines.set(grammar, (lines = new Map<string, LineEntry[]>()));
        pair.size = 0;
      }
      const list = lines.get(line);
      if (list) list.push(entry);
      else lines.set(line, [entry]);
      pair.size++;
    }
    stack = entry.end;
    tokenCount += entry.raw;
    if (stack.depth > HIGHLIGHT_LIMITS.maxStackDepth) throw new HighlightLimitError(`nesting deeper than ${HIGHLIGHT_LIMITS.maxStackDepth} levels`);
    if (tokenCount > HIGHLIGHT_LIMITS.maxTokens) throw new HighlightLimitError(`more than ${HIGHLIGHT_LIMITS.maxTokens} tokens`);
    out.push(entry.tokens);
  }
  return out;
}
