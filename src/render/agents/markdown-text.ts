/**
 * How the page Markdown (page-markdown.ts) escapes text: the same output as
 * mdast-util-to-markdown's own `safe`, found faster. `state.safe` runs each of the ~100
 * unsafe patterns in scope as a regex over every value it escapes (text, link
 * destinations, code info strings); prose almost never holds a character that needs an
 * escape. So the patterns in scope are kept per construct stack, grouped by character,
 * only those whose character occurs in the value are tried (those that need a line break
 * only when the value has one), and the library's `safe` runs only when one of them
 * matches inside the value itself: otherwise it would give the value back unchanged
 * (test/render/agents/markdown-text.test.ts compares both on a corpus).
 */
import type { Parents, Text } from 'mdast';
import { defaultHandlers, type Info, type SafeConfig, type State, type Unsafe } from 'mdast-util-to-markdown';

/** Patterns by their character. */
type Groups = Map<string, Unsafe[]>;

/**
 * The patterns of one scope that can apply to a value, by the value's characters: for a value
 * near a line break all of them, else those that can match where no line break is near
 * (`atBreak`, or a `before` or `after` that is one): most text holds no line break, and a
 * space or a tab then needs no escape.
 */
interface Table {
  /** Per ASCII code, the patterns of that character (undefined: none). */
  byCode: (Unsafe[] | undefined)[];
  /** The characters of the table that prose is full of (spacing, `.`), each looked for once with `includes`. */
  common: [string, Unsafe[]][];
  /**
   * The table's other ASCII characters as one global class: the regex engine skips the
   * characters no pattern names, far faster than a loop over the value's characters.
   */
  rare: RegExp | undefined;
  /** Characters past ASCII (none in CommonMark, GFM or math): searched for one by one. */
  wide: Groups;
}

/** The patterns in scope for one construct stack (see Table). */
interface Scope {
  all: Table;
  noBreak: Table;
}

/** Patterns in scope per construct stack (joined), per pattern list: one list per `toMarkdown` call. */
const scopes = new WeakMap<Unsafe[], Map<string, Scope>>();
/** The last list seen and its scopes: the next call's list holds the same patterns when the options are the same. */
let last: { unsafe: Unsafe[]; byStack: Map<string, Scope> } | undefined;

function scopesOf(unsafe: Unsafe[]): Map<string, Scope> {
  let byStack = scopes.get(unsafe);
  if (byStack) return byStack;
  // Options made once (page-markdown.ts PRINT) give each call a new list of the same pattern objects.
  const same = last && last.unsafe.length === unsafe.length && last.unsafe.every((p, i) => p === unsafe[i]);
  byStack = same ? last!.byStack : new Map<string, Scope>();
  scopes.set(unsafe, byStack);
  last = { unsafe, byStack };
  return byStack;
}

/** The scope found last and for which stack (a copy: the printer's stack changes in place). */
let recent: { byStack: Map<string, Scope>; stack: string[]; scope: Scope } | undefined;

/** Contexts that are a line break: `atBreak` compiles to `[\r\n][\t ]*` before the character. */
const BREAK_CONTEXTS = new Set(['[\\r\\n]', '\\r', '\\n']);

function listInScope(stack: readonly string[], list: Unsafe['inConstruct'], none: boolean): boolean {
  if (!list || list.length === 0) return none;
  return typeof list === 'string' ? stack.includes(list) : list.some((c) => stack.includes(c));
}

/** What `patternInScope` of mdast-util-to-markdown decides, kept per stack. */
function scopeOf(state: State): Scope {
  const byStack = scopesOf(state.unsafe);
  // Text nodes in a row mostly share their stack: the last one's scope, without a key.
  const stack = state.stack;
  if (recent && recent.byStack === byStack && sameStack(recent.stack, stack)) return recent.scope;
  const key = stack.join(' ');
  let scope = byStack.get(key);
  if (!scope) {
    const inScope = state.unsafe.filter((p) => listInScope(state.stack, p.inConstruct, true) && !listInScope(state.stack, p.notInConstruct, false));
    // (A pattern tied to a neighbouring node compiles to `^`/`$` in place of its contexts.)
    const needsBreak = (p: Unsafe) => !p.beforeNode && !p.afterNode && (Boolean(p.atBreak) || BREAK_CONTEXTS.has(p.before ?? '') || BREAK_CONTEXTS.has(p.after ?? ''));
    scope = makeScope(inScope, inScope.filter((p) => !needsBreak(p)));
    byStack.set(key, scope);
  }
  recent = { byStack, stack: [...stack], scope };
  return scope;
}

function sameStack(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Characters prose is full of: looked for with `includes`, not stopped at by the class of the rest. */
const COMMON = new Set([9, 10, 13, 32, 46]);

function makeTable(patterns: Unsafe[]): Table {
  const table: Table = { byCode: new Array<undefined>(128).fill(undefined), common: [], rare: undefined, wide: new Map() };
  for (const pattern of patterns) {
    const code = pattern.character.charCodeAt(0);
    if (pattern.character.length === 1 && code < 128) (table.byCode[code] ??= []).push(pattern);
    else table.wide.set(pattern.character, [...(table.wide.get(pattern.character) ?? []), pattern]);
  }
  const rare: string[] = [];
  table.byCode.forEach((list, code) => {
    if (!list) return;
    if (COMMON.has(code)) table.common.push([String.fromCharCode(code), list]);
    else rare.push(`\\x${code.toString(16).padStart(2, '0')}`);
  });
  if (rare.length) table.rare = new RegExp(`[${rare.join('')}]`, 'g');
  return table;
}

function makeScope(all: Unsafe[], noBreak: Unsafe[]): Scope {
  return { all: makeTable(all), noBreak: makeTable(noBreak) };
}

/** Per ASCII code, the needsEscape call that met it last: each character's patterns are tried once per value. */
const met = new Uint32Array(128);
let call = 0;

const hasBreak = (s: string) => s.includes('\n') || s.includes('\r');

/** Whether `state.safe` could change `value`: some pattern matches at a character of the value itself. */
function needsEscape(state: State, value: string, config: SafeConfig): boolean {
  const before = config.before ?? '';
  const after = config.after ?? '';
  // Backslashes are escaped by what follows them, the context included.
  if (value.includes('\\') || before.includes('\\') || after.includes('\\')) return true;
  const scope = scopeOf(state);
  const table = hasBreak(value) || hasBreak(before) || hasBreak(after) ? scope.all : scope.noBreak;
  // Only a character of the value itself can need an escape: each one some pattern names is tried once.
  const start = before.length;
  const end = start + value.length;
  let whole: string | undefined;
  for (const [character, patterns] of table.common) {
    if (value.includes(character) && matchesInside(state, patterns, (whole ??= before + value + after), start, end)) return true;
  }
  const rare = table.rare;
  if (rare) {
    call = call === 0xffffffff ? (met.fill(0), 1) : call + 1;
    rare.lastIndex = 0;
    // test() on a global regex moves lastIndex past the character found, and makes no match array.
    while (rare.test(value)) {
      const code = value.charCodeAt(rare.lastIndex - 1);
      if (met[code] === call) continue;
      met[code] = call;
      if (matchesInside(state, table.byCode[code]!, (whole ??= before + value + after), start, end)) {
        rare.lastIndex = 0;
        return true;
      }
    }
  }
  for (const [character, patterns] of table.wide) {
    if (value.includes(character) && matchesInside(state, patterns, (whole ??= before + value + after), start, end)) return true;
  }
  return false;
}

/** Whether one of `patterns` matches in `whole` at a position from `start` up to `end` (the value's own characters). */
function matchesInside(state: State, patterns: Unsafe[], whole: string, start: number, end: number): boolean {
  for (const pattern of patterns) {
    // Patterns tied to the neighbouring node: rare, left to state.safe.
    if (pattern.beforeNode || pattern.afterNode) return true;
    const expression = state.compilePattern(pattern);
    const capturesBefore = Boolean(pattern.before || pattern.atBreak);
    expression.lastIndex = 0;
    let match: RegExpExecArray | null;
    try {
      while ((match = expression.exec(whole))) {
        const position = match.index + (capturesBefore ? match[1].length : 0);
        // A later match starts past this one's character: none can be inside any more.
        if (position >= end) break;
        if (position >= start) return true;
      }
    } finally {
      // The compiled expression is shared with state.safe, which expects it reset.
      expression.lastIndex = 0;
    }
  }
  return false;
}

/**
 * The library's `safe` of `state` behind the check above: it runs only for a value that
 * needs an escape (the printer's handlers call `state.safe`, so one swap serves them all).
 */
export function fastSafe(state: State): State['safe'] {
  const librarySafe = state.safe;
  return (input, config) => {
    const value = input ?? '';
    return needsEscape(state, value, config) ? librarySafe.call(state, input, config) : value;
  };
}

/**
 * The first character the text handler would print, asked for the text after each phrasing
 * node (its `after`). The library has no `peek` for text, so it escapes every such text
 * twice. The printer peeks with no text before or after, and only the first character is
 * read: `state.safe` changes it only where a pattern in scope matches at it (a backslash
 * stays a backslash), so the text itself answers unless one does. Most texts after a link
 * or code span start with a space (escaped only next to a line break), a letter or a
 * character past ASCII (no pattern names one), or `.`, `:` (named, but with a character
 * before them).
 */
function peekText(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  const value = node.value;
  if (!value) return value;
  if (!info.before && !info.after && !escapesFirst(state, value)) return value;
  return defaultHandlers.text(node, parent, state, info);
}

/** Whether a pattern in scope matches at the first character of `value`, with nothing before or after it. */
function escapesFirst(state: State, value: string): boolean {
  const scope = scopeOf(state);
  const table = hasBreak(value) ? scope.all : scope.noBreak;
  const code = value.charCodeAt(0);
  if (code < 128) {
    const patterns = table.byCode[code];
    return !!patterns && matchesInside(state, patterns, value, 0, 1);
  }
  for (const [character, patterns] of table.wide) {
    if (value.startsWith(character) && matchesInside(state, patterns, value, 0, 1)) return true;
  }
  return false;
}

/** mdast-util-to-markdown's `text` handler (escaping through `state.safe`) with a `peek`. */
export const textHandler = Object.assign((node: Text, parent: Parents | undefined, state: State, info: Info): string => defaultHandlers.text(node, parent, state, info), { peek: peekText });
