/**
 * Code blocks with the `twoslash` option (Mintlify's create/code.mdx, "Twoslash"): in a
 * JavaScript or TypeScript block, TypeScript's language service gives each identifier its
 * type, shown when the reader hovers or focuses it, with `// ^?` queries, `// @errors`,
 * `// ---cut---` and the other Twoslash notations. Mintlify does this with Shiki's twoslash
 * transformer; so does Quire, through the public APIs of `twoslash` and `@shikijs/twoslash`.
 *
 * TypeScript types the block (twoslash-typing.ts): in a thread of its own for the blocks an
 * export finds in its pages before they render (pool/twoslash-thread.ts hands the results in
 * with addTypedBlock to the export's highlight thread, which draws them), here for any other.
 * Drawing a typed block needs only Shiki's renderer.
 *
 * As with Shiki's transformer (`throws: false`), a block whose compiler errors are not the
 * ones it declares (`// @errors: 2307`) is shown as plain highlighted code; Quire also says
 * so in a warning naming the error, which Shiki's transformer leaves to its caller.
 */
import { createRequire } from 'node:module';
import type { HighlighterCore, ShikiTransformer } from 'shiki/core';
import { DARK_THEME, LIGHT_THEME } from './highlighter.js';
import { HIGHLIGHT_LIMITS } from './dual-tokenize.js';
import type { TwoslashReturn } from 'twoslash/core';
import type { TwoslashRenderer } from '@shikijs/twoslash/core';
import { twoslashKey } from './twoslash-blocks.js';
import { MAX_TWOSLASH_CHARS, releaseTypeScript, twoslashExtension, typeTwoslash, type TwoslashData, type TwoslashExtension, type TypedBlock } from './twoslash-typing.js';

export { MAX_TWOSLASH_CHARS, twoslashExtension };

let transformer: ((run: () => TwoslashReturn) => ShikiTransformer) | null = null;

/**
 * Shiki's Twoslash transformer with its rich renderer, which draws a typed block; loaded at
 * the first one (it needs no TypeScript: the block's types are handed to it). Synchronous
 * (require of the ES module) because highlighting is.
 */
function transformerNow(): (run: () => TwoslashReturn) => ShikiTransformer {
  if (transformer) return transformer;
  const shiki = createRequire(import.meta.url)('@shikijs/twoslash/core') as typeof import('@shikijs/twoslash/core');
  const renderer: TwoslashRenderer = shiki.rendererRich({ errorRendering: 'line' });
  // Each block passes its own twoslasher (the types found for it): the factory's default is never called.
  const factory = shiki.createTransformerFactory(() => {
    throw new Error('a twoslash block was drawn without its types');
  }, renderer);
  transformer = (run) => factory({ twoslasher: () => run(), langs: ['ts', 'tsx', 'js', 'jsx'], throws: true, explicitTrigger: false });
  return transformer;
}

/** Blocks typed ahead of their page (pool/twoslash-thread.ts), by twoslashKey. */
const typedAhead = new Map<string, TypedBlock>();

/** Hands in the types of a block typed elsewhere: the block is drawn from them, not typed again here. */
export function addTypedBlock(code: string, extension: TwoslashExtension, typed: TypedBlock): void {
  typedAhead.set(twoslashKey({ code, extension }), typed);
}

/** Whether the types of this block were handed in (addTypedBlock). */
export function hasTypedBlock(code: string, extension: TwoslashExtension): boolean {
  return typedAhead.has(twoslashKey({ code, extension }));
}

/**
 * Lets TypeScript and the blocks typed ahead go once the thread has no more Twoslash pages
 * to render (the export knows them from their sources). A page that needs types after all
 * gets them again (typed here).
 */
export function releaseTwoslash(): void {
  typedAhead.clear();
  releaseTypeScript();
}

/** Twoslash's answer rebuilt from its data: `errors`, `queries`, ... are views of `nodes`, as Twoslash makes them. */
function twoslashReturn({ code, nodes, meta }: TwoslashData): TwoslashReturn {
  const of = (type: string) => nodes.filter((n) => n.type === type);
  return {
    code, nodes, meta,
    get queries() { return of('query'); },
    get completions() { return of('completion'); },
    get errors() { return of('error'); },
    get highlights() { return of('highlight'); },
    get hovers() { return of('hover'); },
    get tags() { return of('tag'); },
  } as TwoslashReturn;
}

/** The errors TypeScript found that the block does not list in `// @errors`. */
function undeclaredErrors(result: TwoslashReturn): TwoslashReturn['errors'] {
  const declared = new Set(result.meta.handbookOptions.errors.map(Number));
  return result.errors.filter((e) => e.code === undefined || !declared.has(Number(e.code)));
}

/**
 * For each line of the code as Twoslash prints it (1-based), the line of the code given
 * that it comes from. Lines Twoslash took out (`// ^?`, `// @errors`, everything above
 * `---cut---`) are in no entry; a line whose break went shares its output line with the next, whose marks it takes.
 */
function lineMap(code: string, removals: [number, number][]): Map<number, number> {
  const from = new Map<number, number>();
  let removedBreaks = 0;
  let line = 1;
  let lineGone = true;
  const removed = (i: number) => removals.some(([s, e]) => i >= s && i < e);
  for (let i = 0; i <= code.length; i++) {
    const end = i === code.length || code[i] === '\n';
    if (!end) {
      if (!removed(i)) lineGone = false;
      continue;
    }
    const breakGone = i < code.length && removed(i);
    if (!(lineGone && breakGone)) from.set(line - removedBreaks, line);
    if (breakGone) removedBreaks++;
    line++;
    lineGone = true;
  }
  return from;
}

export type TwoslashOutcome = { ok: true; html: string } | { ok: false; reason: string };

/**
 * The highlighted `<pre>` of a Twoslash block (Shiki's rich renderer: hover popups, queries,
 * errors, completions, custom tags), or why the block is shown without types; undefined
 * when the option does not apply to the block's language. `pre` gets the attributes of
 * Quire's code blocks (its class with `twoslash lsp` added); `lineClass(n)` the classes of
 * the code's line n (numbered as given, before Twoslash took lines out). A block met again
 * is not typed again: the render thread's highlight cache (recentHighlights) answers first.
 */
export function runTwoslash(h: HighlighterCore, code: string, lang: string, preAttrs: Record<string, string>, lineClass: (n: number) => string): TwoslashOutcome | undefined {
  const extension = twoslashExtension(lang);
  if (!extension) return undefined;
  if (code.length > MAX_TWOSLASH_CHARS) return { ok: false, reason: `the block has ${code.length} characters (type information stops at ${MAX_TWOSLASH_CHARS})` };
  const longest = Math.max(...code.split(/\r\n|\r|\n/).map((line) => line.length));
  if (longest > HIGHLIGHT_LIMITS.maxLineChars) return { ok: false, reason: `a line of ${longest} characters (highlighting stops at ${HIGHLIGHT_LIMITS.maxLineChars})` };
  return typeBlock(h, code, extension, preAttrs, lineClass);
}

function typeBlock(h: HighlighterCore, code: string, extension: TwoslashExtension, preAttrs: Record<string, string>, lineClass: (n: number) => string): TwoslashOutcome {
  const typed = typedAhead.get(twoslashKey({ code, extension })) ?? typeTwoslash(code, extension);
  if ('failed' in typed) throw new Error(typed.failed);
  if (!typed.ok) return typed;
  const result = twoslashReturn(typed.data);
  const undeclared = undeclaredErrors(result);
  if (undeclared.length) {
    const first = undeclared[0];
    const more = undeclared.length > 1 ? ` and ${undeclared.length - 1} more` : '';
    return {
      ok: false,
      reason: `TypeScript error TS${first.code} on line ${first.line + 1} of the block: ${first.text.replace(/\.$/, '')}${more}; declare expected errors with // @errors: ${[...new Set(undeclared.map((e) => e.code))].join(' ')}`,
    };
  }
  const given = lineMap(code, result.meta.removals);
  const quire: ShikiTransformer = {
    name: 'quire:code-block',
    pre(node) {
      node.properties = { ...preAttrs, class: `${preAttrs.class ?? ''} twoslash lsp`.trim() };
    },
    line(node, n) {
      node.properties.class = lineClass(given.get(n) ?? 0);
    },
  };
  const html = h.codeToHtml(code, {
    lang: extension,
    themes: { light: LIGHT_THEME, dark: DARK_THEME },
    defaultColor: false,
    // Shiki stops tokenizing a line after 500 ms by default and leaves the rest of it one
    // uncoloured token: the first block of a grammar in a thread, its patterns translated
    // as it goes, could pass that on a loaded host and come out with the rest of a line in
    // the default colour for one theme (light, tokenized first). No limit, as tokenizeDual:
    // lines are bounded by HIGHLIGHT_LIMITS above, the page by its budget.
    tokenizeTimeLimit: 0,
    transformers: [transformerNow()(() => result), quire],
  });
  return { ok: true, html };
}
