/**
 * Code blocks with the `twoslash` option (Mintlify's create/code.mdx, "Twoslash"): in a
 * JavaScript or TypeScript block, TypeScript's language service gives each identifier its
 * type, shown when the reader hovers or focuses it, with `// ^?` queries, `// @errors`,
 * `// ---cut---` and the other Twoslash notations. Mintlify does this with Shiki's twoslash
 * transformer; so does Quire, through the public APIs of `twoslash` and `@shikijs/twoslash`.
 *
 * The block is hostile input. TypeScript runs on a fully virtual file system holding only
 * its own `lib.*.d.ts` files (@typescript/vfs `createSystem` over a map): an `import` of
 * `/etc/passwd`, `// @filename`, `/// <reference path>` or `// @types` can name only files
 * of that map, never the disk. TypeScript only reads and checks the code; nothing runs.
 * TypeScript (~10 MB of JavaScript, about 2 s and 80 MB of heap to parse its DOM library)
 * is loaded in a thread only when it types a block (none of the export's caches had it).
 *
 * As with Shiki's transformer (`throws: false`), a block whose compiler errors are not the
 * ones it declares (`// @errors: 2307`) is shown as plain highlighted code; Quire also says
 * so in a warning naming the error, which Shiki's transformer leaves to its caller.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { HighlighterCore, ShikiTransformer } from 'shiki/core';
import { DARK_THEME, LIGHT_THEME } from './highlighter.js';
import type { TwoslashInstance, TwoslashReturn } from 'twoslash/core';
import type { TwoslashRenderer } from '@shikijs/twoslash/core';

/** Fence languages Twoslash reads, and the file extension each is checked as. */
const EXTENSION: Record<string, 'ts' | 'tsx' | 'js' | 'jsx'> = {
  ts: 'ts', typescript: 'ts', mts: 'ts', cts: 'ts', tsx: 'tsx', js: 'js', javascript: 'js', mjs: 'js', cjs: 'js', jsx: 'jsx',
};

/** Largest block given to TypeScript; a larger one is highlighted without types (and a warning). */
export const MAX_TWOSLASH_CHARS = 20_000;

/** The extension Twoslash checks a fence language as, or null when the option does not apply to it. */
export function twoslashExtension(lang: string | null | undefined): 'ts' | 'tsx' | 'js' | 'jsx' | null {
  return (lang && EXTENSION[lang.toLowerCase()]) || null;
}

interface Loaded {
  twoslasher: TwoslashInstance;
  transformer: (run: () => TwoslashReturn) => ShikiTransformer;
}

let loaded: Loaded | null = null;

/**
 * TypeScript, Twoslash and the renderer, loaded in this thread at the first block that is
 * really typed, not when a page with one is parsed: a block whose HTML an export's highlight
 * cache holds (a warm re-export of a changed Twoslash page) then costs no TypeScript at all,
 * which otherwise took 0.3-0.6 s to load and ~1.5 s for its first program (DOM library) per thread.
 * Synchronous (require, also of the ES modules) because highlighting is.
 */
function twoslashNow(): Loaded {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  // require, not import(): Node would first scan TypeScript's 9 MB of CommonJS for its
  // export names (~0.45 s of CPU); require hands over module.exports as it is.
  const ts = require('typescript') as typeof import('typescript');
  const { createTwoslasher } = require('twoslash/core') as typeof import('twoslash/core');
  const { createDefaultMapFromNodeModules } = require('@typescript/vfs') as typeof import('@typescript/vfs');
  const shiki = require('@shikijs/twoslash/core') as typeof import('@shikijs/twoslash/core');
  const libDir = dirname(require.resolve('typescript'));
  // Only TypeScript's own declaration files, read from our installation; `fsMap` makes
  // Twoslash use @typescript/vfs's in-memory system instead of the disk.
  const fsMap = createDefaultMapFromNodeModules({}, ts, libDir);
  const twoslasher = createTwoslasher({
    // Twoslash's type is TypeScript's ES namespace, which also carries itself as `default`.
    tsModule: { ...ts, default: ts },
    tsLibDirectory: libDir,
    fsMap,
    vfsRoot: '/',
    // Shiki's defaults (defaultTwoslashOptions): bundler resolution and its custom tags.
    compilerOptions: { moduleResolution: ts.ModuleResolutionKind.Bundler },
    customTags: ['annotate', 'log', 'warn', 'error'],
    // The errors are checked here (undeclaredErrors), so a block never throws for them.
    handbookOptions: { noErrorValidation: true },
  });
  const renderer: TwoslashRenderer = shiki.rendererRich({ errorRendering: 'line' });
  const factory = shiki.createTransformerFactory(twoslasher, renderer);
  loaded = {
    twoslasher,
    transformer: (run) => factory({ twoslasher: () => run(), langs: ['ts', 'tsx', 'js', 'jsx'], throws: true, explicitTrigger: false }),
  };
  return loaded;
}

/**
 * Lets TypeScript go once the thread has no more Twoslash pages to render (the export knows
 * them from their sources): its language service over the DOM library is ~45 MB of heap,
 * its code and source ~20 MB more, kept otherwise until the thread ends. A page that needs
 * it after all loads it again (twoslashNow).
 */
export function releaseTwoslash(): void {
  if (!loaded) return;
  loaded = null;
  // Its module record would keep TypeScript's 9 MB of functions alive.
  const require = createRequire(import.meta.url);
  delete require.cache[require.resolve('typescript')];
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

const settled = new WeakSet<HighlighterCore>();

/**
 * Seen with Shiki 4.6: the first two-theme `codeToHtml` of a freshly created highlighter gave
 * some tokens their neighbour's light colour (`"x";` had the string's blue on the `;`), with
 * either regex engine, and every later call was right. Not reproduced on the page
 * highlighter (already used by tokenizeDual) nor in a unit test, so kept as a guard: one
 * throwaway call per highlighter, a few microseconds.
 */
function settleThemes(h: HighlighterCore): void {
  if (settled.has(h)) return;
  h.codeToHtml('x', { lang: 'text', themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false });
  settled.add(h);
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
  return typeBlock(h, code, extension, preAttrs, lineClass);
}

function typeBlock(h: HighlighterCore, code: string, extension: 'ts' | 'tsx' | 'js' | 'jsx', preAttrs: Record<string, string>, lineClass: (n: number) => string): TwoslashOutcome {
  const { twoslasher, transformer } = twoslashNow();
  let result: TwoslashReturn;
  try {
    result = twoslasher(code, extension);
  } catch (err) {
    // Unknown `// @flag`s and malformed notations throw TwoslashError; anything else is ours.
    if (!(err instanceof Error) || err.name !== 'TwoslashError') throw err;
    return { ok: false, reason: err.message.replace(/\s+/g, ' ').trim().slice(0, 300) };
  }
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
  settleThemes(h);
  const html = h.codeToHtml(code, {
    lang: extension,
    themes: { light: LIGHT_THEME, dark: DARK_THEME },
    defaultColor: false,
    transformers: [transformer(() => result), quire],
  });
  return { ok: true, html };
}
