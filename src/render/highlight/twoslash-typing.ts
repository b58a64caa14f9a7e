/**
 * Types one Twoslash block with TypeScript (the `twoslash` package over @typescript/vfs) and
 * returns what Twoslash found as plain data: what the renderer draws (twoslash.ts) and what a
 * thread that types a site's blocks apart from its render thread (pool/twoslash-thread.ts)
 * sends back. Loading TypeScript here costs ~0.5 s of CPU and its first program (the DOM
 * library) ~1.5 s and ~80 MB of heap, kept until releaseTypeScript.
 *
 * The block is hostile input. TypeScript runs on a fully virtual file system holding only
 * its own `lib.*.d.ts` files (@typescript/vfs `createSystem` over a map): an `import` of
 * `/etc/passwd`, `// @filename`, `/// <reference path>` or `// @types` can name only files
 * of that map, never the disk. TypeScript only reads and checks the code; nothing runs.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
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
    vfsRoot: '/',
    // Shiki's defaults (defaultTwoslashOptions): bundler resolution and its custom tags.
    compilerOptions: { moduleResolution: ts.ModuleResolutionKind.Bundler },
    customTags: ['annotate', 'log', 'warn', 'error'],
    // The errors are checked where the block is drawn (twoslash.ts), so a block never throws for them.
    handbookOptions: { noErrorValidation: true },
  });
  return twoslasher;
}

/** Types `code` as a `.extension` file. */
export function typeTwoslash(code: string, extension: TwoslashExtension): TypedBlock {
  const twoslash = twoslasherNow();
  try {
    const { code: shown, nodes, meta } = twoslash(code, extension);
    return { ok: true, data: { code: shown, nodes, meta } };
  } catch (err) {
    // Unknown `// @flag`s and malformed notations throw TwoslashError; anything else is ours.
    if (!(err instanceof Error) || err.name !== 'TwoslashError') return { failed: err instanceof Error ? err.message : String(err) };
    return { ok: false, reason: err.message.replace(/\s+/g, ' ').trim().slice(0, 300) };
  }
}

/**
 * Lets TypeScript go: its language service over the DOM library is ~45 MB of heap, its code
 * and source ~20 MB more, kept otherwise until the thread ends. A later block loads it again.
 */
export function releaseTypeScript(): void {
  if (!twoslasher) return;
  twoslasher = null;
  // Its module record would keep TypeScript's 9 MB of functions alive.
  const require = createRequire(import.meta.url);
  delete require.cache[require.resolve('typescript')];
}
