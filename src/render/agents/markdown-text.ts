/**
 * The `text` handler the page Markdown is printed with (page-markdown.ts): the same output
 * as mdast-util-to-markdown's own, found faster. Its `state.safe` runs each of the ~100
 * unsafe patterns in scope as a regex over every text node (70% of the printing time
 * of a docs page); prose almost never holds a character that needs an escape. So the
 * patterns in scope are kept per construct stack, only those whose character occurs in
 * the text are tried, and `state.safe` runs only when one of them matches inside the
 * text itself: otherwise it would give the text back unchanged (test/render/agents/
 * markdown-text.test.ts compares both on a corpus).
 */
import type { Text } from 'mdast';
import type { Info, State, Unsafe } from 'mdast-util-to-markdown';

/** Patterns in scope for a construct stack (joined), per pattern list: one list per `toMarkdown` call. */
const scopes = new WeakMap<Unsafe[], Map<string, Unsafe[]>>();

function listInScope(stack: readonly string[], list: Unsafe['inConstruct'], none: boolean): boolean {
  if (!list || list.length === 0) return none;
  return typeof list === 'string' ? stack.includes(list) : list.some((c) => stack.includes(c));
}

/** What `patternInScope` of mdast-util-to-markdown decides, kept per stack. */
function patternsInScope(state: State): Unsafe[] {
  let byStack = scopes.get(state.unsafe);
  if (!byStack) scopes.set(state.unsafe, (byStack = new Map<string, Unsafe[]>()));
  const key = state.stack.join(' ');
  let list = byStack.get(key);
  if (!list) {
    list = state.unsafe.filter((p) => listInScope(state.stack, p.inConstruct, true) && !listInScope(state.stack, p.notInConstruct, false));
    byStack.set(key, list);
  }
  return list;
}

/** Whether `state.safe` could change `value`: some pattern matches at a character of the value itself. */
function needsEscape(state: State, value: string, info: Info): boolean {
  const before = info.before ?? '';
  const whole = before + value + (info.after ?? '');
  // Backslashes are escaped by what follows them, the context included.
  if (whole.includes('\\')) return true;
  const start = before.length;
  const end = start + value.length;
  for (const pattern of patternsInScope(state)) {
    const at = whole.indexOf(pattern.character, start);
    if (at < 0 || at >= end) continue;
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

/** mdast-util-to-markdown's `text` handler, without the regex scan for text that needs no escape. */
export function textHandler(node: Text, _parent: unknown, state: State, info: Info): string {
  return needsEscape(state, node.value, info) ? state.safe(node.value, info) : node.value;
}
