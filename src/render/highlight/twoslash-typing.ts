/**
 * Types one Twoslash block with TypeScript (the `twoslash` package over @typescript/vfs) and
 * returns what Twoslash found as plain data: what the renderer draws (twoslash.ts) and what a
 * thread that types a site's blocks apart from its render thread (pool/twoslash-thread.ts)
 * sends back. Loading TypeScript here costs ~0.16 s of CPU and its first program ~0.37 s
 * (half of it the DOM's library, see typeTwoslash), kept until releaseTypeScript.
 *
 * The block is hostile input. TypeScript runs on a fully virtual file system holding only
 * its own `lib.*.d.ts` files (@typescript/vfs `createSystem` over a map): an `import` of
 * `/etc/passwd`, `// @filename`, `/// <reference path>` or `// @types` can name only files
 * of that map, never the disk. TypeScript only reads and checks the code; nothing runs.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { VirtualTypeScriptEnvironment } from '@typescript/vfs';
import type { TwoslashInstance, TwoslashReturn } from 'twoslash/core';

/** The file extensions Twoslash checks a block as. */
export type TwoslashExtension = 'ts' | 'tsx' | 'js' | 'jsx';

/** Fence languages Twoslash reads, and the file extension each is checked as. */
const EXTENSION: Record<string, TwoslashExtension> = {
  ts: 'ts', typescript: 'ts', mts: 'ts', cts: 'ts', tsx: 'tsx', js: 'js', javascript: 'js', mjs: 'js', cjs: 'js', jsx: 'jsx',
};

/** Largest block given to TypeScript; a larger one is highlighted without types (and a warning). */
export const MAX_TWOSLASH_CHARS = 20_000;

/** The extension Twoslash checks a fence language as, or null when the option does not apply to it. */
export function twoslashExtension(lang: string | null | undefined): TwoslashExtension | null {
  return (lang && EXTENSION[lang.toLowerCase()]) || null;
}

/** What Twoslash found in a block, as data (its `queries`, `errors`, ... are views of `nodes`). */
export type TwoslashData = Pick<TwoslashReturn, 'code' | 'nodes' | 'meta'>;

/**
 * A typed block: Twoslash's data, or why the block cannot be typed (an unknown `// @flag`, a
 * malformed notation: TwoslashError), or an error of Quire's own (`failed`, thrown again
 * where the block is rendered, as if it had been typed there).
 */
export type TypedBlock = { ok: true; data: TwoslashData } | { ok: false; reason: string } | { failed: string };

let twoslasher: TwoslashInstance | null = null;
/** Twoslash's language services, one per set of compiler options (createTwoslasher's `cache`). */
const services = new Map<string, VirtualTypeScriptEnvironment>();
/** Whether a block was typed with the DOM's library: from then on every block is (see typeTwoslash). */
let domLoaded = false;

/**
 * TypeScript's libraries without the DOM's. Twoslash types a block for target ESNext, whose
 * default library is lib.esnext.full.d.ts: ECMAScript's libraries and the DOM's (lib.dom.d.ts
 * alone is 1.9 MB of declarations), which TypeScript parses and binds before it checks a line.
 */
const ES_LIBRARIES = ['lib.esnext.d.ts'];

/**
 * Names the ECMAScript libraries declare and the DOM's libraries declare again, adding to them
 * (lib.scripthost.d.ts gives `Date` a `getVarDate`, lib.dom.d.ts `ImportMeta` a `url`): their types
 * differ without the DOM's, with no error to tell. twoslash.test.ts checks this list against
 * TypeScript's files.
 */
export const MERGED_WITH_DOM = ['Date', 'DateConstructor', 'ImportMeta'];

/**
 * Globals of the DOM's libraries that examples use most: a block naming one is typed with them at
 * once, not first without them (which would fail and type it twice). A routing guess only: a
 * DOM global not listed makes the lean typing report it unknown, and the block is typed again.
 */
const COMMON_DOM_GLOBALS = [
  'console', 'window', 'document', 'fetch', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'localStorage',
  'sessionStorage', 'navigator', 'location', 'alert', 'URL', 'URLSearchParams', 'Response', 'Request', 'Headers', 'FormData',
  'Blob', 'File', 'Element', 'HTMLElement', 'Event', 'addEventListener', 'crypto', 'performance', 'structuredClone',
  'TextEncoder', 'TextDecoder', 'AbortController', 'AbortSignal', 'WebSocket', 'requestAnimationFrame', 'atob', 'btoa',
  'queueMicrotask',
];

/**
 * What in a block's code sends it to the full libraries at once: a name of the two lists above,
 * `import.meta` (its type merges), `declare global` (it may add to a DOM declaration), and
 * notations that change what the lean typing can see: `// @` flags (compiler options, files,
 * expected errors), `@ts-` comments (which silence the very error the lean typing relies on),
 * `/// <reference` and `^|` completions (which list every global).
 */
const NEEDS_DOM = new RegExp(
  `\\b(?:${[...MERGED_WITH_DOM, ...COMMON_DOM_GLOBALS].join('|')})\\b|\\bimport\\s*\\.\\s*meta\\b|\\bdeclare\\s+global\\b|\\/\\/\\s*@|@ts-|\\/\\/\\/\\s*<reference|\\^\\|`,
);

/** Errors that do not depend on the libraries: a module the virtual file system does not hold (TS2307, TS2792). */
const LIBRARY_FREE_ERRORS = new Set([2307, 2792]);

/**
 * TypeScript and Twoslash, loaded at the first block really typed. Synchronous (require, also
 * of the ES modules) because highlighting is.
 */
function twoslasherNow(): TwoslashInstance {
  if (twoslasher) return twoslasher;
  const require = createRequire(import.meta.url);
  // require, not import(): Node would first scan TypeScript's 9 MB of CommonJS for its
  // export names (~0.45 s of CPU); require hands over module.exports as it is.
  const ts = require('typescript') as typeof import('typescript');
  const { createTwoslasher } = require('twoslash/core') as typeof import('twoslash/core');
  const { createDefaultMapFromNodeModules } = require('@typescript/vfs') as typeof import('@typescript/vfs');
  const libDir = dirname(require.resolve('typescript'));
  // Only TypeScript's own declaration files, read from our installation; `fsMap` makes
  // Twoslash use @typescript/vfs's in-memory system instead of the disk.
  const fsMap = createDefaultMapFromNodeModules({}, ts, libDir);
  twoslasher = createTwoslasher({
    // Twoslash's type is TypeScript's ES namespace, which also carries itself as `default`.
    tsModule: { ...ts, default: ts },
    tsLibDirectory: libDir,
    fsMap,
    cache: services,
    vfsRoot: '/',
    // Shiki's defaults (defaultTwoslashOptions): bundler resolution and its custom tags.
    compilerOptions: { moduleResolution: ts.ModuleResolutionKind.Bundler },
    customTags: ['annotate', 'log', 'warn', 'error'],
    // The errors are checked where the block is drawn (twoslash.ts), so a block never throws for them.
    handbookOptions: { noErrorValidation: true },
  });
  return twoslasher;
}

/**
 * Types `code` as a `.extension` file, first without the DOM's libraries when that gives what
 * they would (half the CPU of a site's first block: ~0.19 of ~0.37 s, Mintlify's docs' example).
 * A TypeScript file is checked, so a name it takes from the DOM's libraries is an error
 * without them; with no error but an unresolved module, nothing it names came from them (every
 * block is a module, `moduleDetection: force`: only `declare global` adds to a global), and
 * what names both declare is in MERGED_WITH_DOM. Anything else is typed with them: JavaScript
 * files (not checked: an unknown name is no error there, its type just `any`), a block that
 * failed without them, and every block once they are loaded. `libraries: 'full'` types with them at once (tests).
 */
export function typeTwoslash(code: string, extension: TwoslashExtension, libraries: 'auto' | 'full' = 'auto'): TypedBlock {
  const twoslash = twoslasherNow();
  try {
    const lean = libraries === 'auto' && !domLoaded && (extension === 'ts' || extension === 'tsx') && !NEEDS_DOM.test(code);
    if (lean) {
      const { code: shown, nodes, meta } = twoslash(code, extension, { compilerOptions: { lib: ES_LIBRARIES } });
      if (nodes.every((n) => n.type !== 'error' || LIBRARY_FREE_ERRORS.has(Number(n.code)))) {
        // The data as the full typing gives it: its options name no `lib`.
        const { lib: _lib, ...compilerOptions } = meta.compilerOptions;
        return { ok: true, data: { code: shown, nodes, meta: { ...meta, compilerOptions } } };
      }
    }
    if (!domLoaded) {
      // The lean service is no use once the full one is made: let its program go.
      services.clear();
      domLoaded = true;
    }
    const { code: shown, nodes, meta } = twoslash(code, extension);
    return { ok: true, data: { code: shown, nodes, meta } };
  } catch (err) {
    // Unknown `// @flag`s and malformed notations throw TwoslashError; anything else is ours.
    if (!(err instanceof Error) || err.name !== 'TwoslashError') return { failed: err instanceof Error ? err.message : String(err) };
    return { ok: false, reason: err.message.replace(/\s+/g, ' ').trim().slice(0, 300) };
  }
}

/** Whether a block was typed with the DOM's libraries since TypeScript was loaded (tests). */
export function domLibrariesLoaded(): boolean {
  return domLoaded;
}

/**
 * Lets TypeScript go: its language service over the DOM library is ~45 MB of heap, its code
 * and source ~20 MB more, kept otherwise until the thread ends. A later block loads it again.
 */
export function releaseTypeScript(): void {
  if (!twoslasher) return;
  twoslasher = null;
  services.clear();
  domLoaded = false;
  // Its module record would keep TypeScript's 9 MB of functions alive.
  const require = createRequire(import.meta.url);
  delete require.cache[require.resolve('typescript')];
}
