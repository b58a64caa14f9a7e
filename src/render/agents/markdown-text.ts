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
 * The patterns in scope for one construct stack, by their character: all of them, and
 * those that can match where no line break is near (`atBreak`, or a `before` or `after`
 * that is one): most text holds no line break, and a space or a tab then needs no escape.
 * ASCII characters are looked up by code, so that a value is read once, not searched
 * once per character.
 */
interface Scope {
  /** Per ASCII code, the patterns of that character (undefined: none). */
  all: (Unsafe[] | undefined)[];
  noBreak: (Unsafe[] | undefined)[];
  /** Characters past ASCII (none in CommonMark, GFM or math): searched for one by one. */
  wideAll: Groups;
  wideNoBreak: Groups;
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

function makeScope(all: Unsafe[], noBreak: Unsafe[]): Scope {
  const scope: Scope = { all: new Array<undefined>(128).fill(undefined), noBreak: new Array<undefined>(128).fill(undefined), wideAll: new Map(), wideNoBreak: new Map() };
  for (const [patterns, byCode, wide] of [[all, scope.all, scope.wideAll], [noBreak, scope.noBreak, scope.wideNoBreak]] as const) {
    for (const pattern of patterns) {
      const code = pattern.character.charCodeAt(0);
      if (pattern.character.length === 1 && code < 128) (byCode[code] ??= []).push(pattern);
      else wide.set(pattern.character, [...(wide.get(pattern.character) ?? []), pattern]);
    }
  }
  return scope;
}

/** Per ASCII code, the needsEscape call that met it last: each character's patterns are tried once per value. */
const met = new Uint32Array(128);
let call = 0;
/** The ASCII characters of the current value that some pattern names, each once. */
const candidates = new Uint8Array(128);

const hasBreak = (s: string) => s.includes('\n') || s.includes('\r');

/** Whether `state.safe` could change `value`: some pattern matches at a character of the value itself. */
function needsEscape(state: State, value: string, config: SafeConfig): boolean {
  const before = config.before ?? '';
  const after = config.after ?? '';
  // Backslashes are escaped by what follows them, the context included.
  if (value.includes('\\') || before.includes('\\') || after.includes('\\')) return true;
  const scope = scopeOf(state);
  call = call === 0xffffffff ? (met.fill(0), 1) : call + 1;
  // Only a character of the value itself can need an escape: one pass finds those some pattern names.
  let found = 0;
  let breakInValue = false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128 || met[code] === call) continue;
    met[code] = call;
    if (code === 10 || code === 13) breakInValue = true;
    if (scope.all[code]) candidates[found++] = code;
  }
  const nearBreak = breakInValue || hasBreak(before) || hasBreak(after);
  const byCode = nearBreak ? scope.all : scope.noBreak;
  let whole: string | undefined;
  for (let k = 0; k < found; k++) {
    const patterns = byCode[candidates[k]];
    if (patterns && matchesInside(state, patterns, (whole ??= before + value + after), before.length, before.length + value.length)) return true;
  }
  for (const [character, patterns] of nearBreak ? scope.wideAll : scope.wideNoBreak) {
    if (value.includes(character) && matchesInside(state, patterns, (whole ??= before + value + after), before.length, before.length + value.length)) return true;
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
        if (position >= start && position < end) return true;
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
 * twice; a first character that no pattern in scope names cannot be escaped, so the text
 * itself answers. Nor can one whose patterns all need a line break, in a text without one
 * (the printer peeks with no text before or after): most texts after a link or code span
 * start with a space, which is escaped only next to a line break.
 */
function peekText(node: Text, parent: Parents | undefined, state: State, info: Info): string {
  const value = node.value;
  const code = value.charCodeAt(0);
  if (!value) return value;
  if (code < 128 && !info.before && !info.after) {
    const scope = scopeOf(state);
    if (!(hasBreak(value) ? scope.all : scope.noBreak)[code]) return value;
  } else if (code < 128 && !scopeOf(state).all[code]) return value;
  return defaultHandlers.text(node, parent, state, info);
}

/** mdast-util-to-markdown's `text` handler (escaping through `state.safe`) with a `peek`. */
export const textHandler = Object.assign((node: Text, parent: Parents | undefined, state: State, info: Info): string => defaultHandlers.text(node, parent, state, info), { peek: peekText });
