/**
 * The `text` handler the page Markdown is printed with (page-markdown.ts): the same output
 * as mdast-util-to-markdown's own, found faster. Its `state.safe` runs each of the ~100
 * unsafe patterns in scope as a regex over every text node (70% of the printing time
 * of a docs page); prose almost never holds a character that needs an escape. So the
 * patterns in scope are kept per construct stack, grouped by character, only those whose
 * character occurs in the text are tried (those that need a line break only when the text
 * has one), and `state.safe` runs only when one of them matches inside the text itself: otherwise it would give the text back unchanged (test/render/agents/
 * markdown-text.test.ts compares both on a corpus).
 */
import type { Text } from 'mdast';
import type { Info, State, Unsafe } from 'mdast-util-to-markdown';

/** Patterns of one character: a text is searched once per distinct character. */
type Group = [character: string, patterns: Unsafe[]];

/**
 * The patterns in scope for one construct stack, grouped by their character: all of
 * them, and those that can match where no line break is near (`atBreak`, or a `before`
 * or `after` that is one): most text holds no line break, and a space or a tab then
 * needs no escape at all.
 */
interface Scope {
  all: Group[];
  noBreak: Group[];
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
const BREAK = /[\r\n]/;

function listInScope(stack: readonly string[], list: Unsafe['inConstruct'], none: boolean): boolean {
  if (!list || list.length === 0) return none;
  return typeof list === 'string' ? stack.includes(list) : list.some((c) => stack.includes(c));
}

/** What `patternInScope` of mdast-util-to-markdown decides, kept per stack. */
function scopeOf(state: State): Scope {
  const byStack = scopesOf(state.unsafe);
  // Text nodes in a row mostly share their stack: the last one's scope, without a key.
  const stack = state.stack;
  if (recent && recent.byStack === byStack && recent.stack.length === stack.length && recent.stack.every((c, i) => c === stack[i])) return recent.scope;
  const key = stack.join(' ');
  let scope = byStack.get(key);
  if (!scope) {
    const inScope = state.unsafe.filter((p) => listInScope(state.stack, p.inConstruct, true) && !listInScope(state.stack, p.notInConstruct, false));
    // (A pattern tied to a neighbouring node compiles to `^`/`$` in place of its contexts.)
    const needsBreak = (p: Unsafe) => !p.beforeNode && !p.afterNode && (Boolean(p.atBreak) || BREAK_CONTEXTS.has(p.before ?? '') || BREAK_CONTEXTS.has(p.after ?? ''));
    scope = { all: byCharacter(inScope), noBreak: byCharacter(inScope.filter((p) => !needsBreak(p))) };
    byStack.set(key, scope);
  }
  recent = { byStack, stack: [...stack], scope };
  return scope;
}

function byCharacter(patterns: Unsafe[]): Group[] {
  const groups = new Map<string, Unsafe[]>();
  for (const pattern of patterns) {
    const group = groups.get(pattern.character);
    if (group) group.push(pattern);
    else groups.set(pattern.character, [pattern]);
  }
  return [...groups];
}

/** Whether `state.safe` could change `value`: some pattern matches at a character of the value itself. */
function needsEscape(state: State, value: string, info: Info): boolean {
  const before = info.before ?? '';
  const after = info.after ?? '';
  // Backslashes are escaped by what follows them, the context included.
  if (value.includes('\\') || before.includes('\\') || after.includes('\\')) return true;
  let whole: string | undefined;
  const start = before.length;
  const end = start + value.length;
  const scope = scopeOf(state);
  const nearBreak = BREAK.test(value) || BREAK.test(before) || BREAK.test(after);
  for (const [character, patterns] of nearBreak ? scope.all : scope.noBreak) {
    // Only a character of the value itself can need an escape.
    if (!value.includes(character)) continue;
    whole ??= before + value + after;
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
  }
  return false;
}

/** mdast-util-to-markdown's `text` handler, without the regex scan for text that needs no escape. */
export function textHandler(node: Text, _parent: unknown, state: State, info: Info): string {
  return needsEscape(state, node.value, info) ? state.safe(node.value, info) : node.value;
}
