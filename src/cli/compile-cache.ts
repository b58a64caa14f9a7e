/**
 * Node's on-disk compile cache (V8 code cache) for Quire's own processes and threads. Each
 * `quire` command is a fresh process, and the export starts an export thread, render threads
 * and a sandbox thread, each compiling its modules again (TypeScript's 9 MB among them);
 * with the cache a module is compiled once per machine and Quire version.
 *
 * A code cache is executable input: whoever can write it runs code in Quire. So it lives only
 * in a directory Quire creates for itself (0700) under the operator's data dir or the user's
 * cache dir, never in a source tree or an export's cache folder, and a directory that is not
 * safely ours (another owner, writable by group or others, a link, or under a parent others
 * can write) is not used.
 *
 * Off unless `QUIRE_COMPILE_CACHE` is `on` (the default folder) or a path: on Mintlify's docs
 * (2026-11-28, idle machine, 3 alternated rounds) it saved no measurable CPU or wall and added
 * 20-40 MB of peak RSS (code read from the cache comes with the bytecode of every function
 * once compiled, where V8 compiles lazily what a thread runs), against ~0.3 s of CPU on a small
 * export: worth it for many short commands, not for the exports the memory goal is about.
 */
import { constants, enableCompileCache } from 'node:module';
import { lstatSync, mkdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export type CompileCacheOutcome = { enabled: true; directory: string } | { enabled: false; reason: string };

/** Values of `QUIRE_COMPILE_CACHE` that leave the cache off (as unset does) and that turn it on in its default folder. */
const OFF = new Set(['off', '0', 'false', 'no']);
const ON = new Set(['on', '1', 'true', 'yes']);

/**
 * Where the cache goes: null unless `QUIRE_COMPILE_CACHE` asks for it (see the header); the
 * folder it names, or for `on` `cache/node-compile` in `QUIRE_DATA_DIR` when the operator set
 * one, else `quire/node-compile` in the user's cache dir (XDG_CACHE_HOME, ~/.cache). Not the
 * default `./data`: `quire export` runs from any folder, often the docs checkout itself. Null
 * too when no home is known.
 */
export function compileCacheDir(env: NodeJS.ProcessEnv): string | null {
  const chosen = env.QUIRE_COMPILE_CACHE?.trim();
  if (!chosen || OFF.has(chosen.toLowerCase())) return null;
  if (!ON.has(chosen.toLowerCase())) return resolve(chosen);
  if (env.QUIRE_DATA_DIR?.trim()) return resolve(env.QUIRE_DATA_DIR.trim(), 'cache', 'node-compile');
  const xdg = env.XDG_CACHE_HOME?.trim();
  if (xdg && isAbsolute(xdg)) return join(xdg, 'quire', 'node-compile');
  let home: string;
  try {
    home = env.HOME?.trim() || homedir();
  } catch {
    return null; // no home directory for this user: nowhere of ours to keep it
  }
  return isAbsolute(home) ? join(home, '.cache', 'quire', 'node-compile') : null;
}

const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;

/** Why `st` (of `path`) may not hold our code cache, or null when only we (or root) can change it. */
function unsafe(path: string, st: Stats, own: boolean): string | null {
  if (uid !== undefined && st.uid !== uid && (own || st.uid !== 0)) return `${path} belongs to uid ${st.uid}, not to this user (${uid})`;
  // A parent others may write is fine with the sticky bit (/tmp): they cannot rename our entry.
  const sticky = !own && (st.mode & 0o1000) !== 0;
  if ((st.mode & 0o022) !== 0 && !sticky) return `${path} is writable by ${st.mode & 0o002 ? 'every user' : 'its group'} (mode ${(st.mode & 0o777).toString(8)})`;
  return null;
}

/**
 * Creates `dir` (0700) if missing and checks it and its parents; the real path to use, or
 * why not. Creating is the only change made: an existing folder's mode is not repaired.
 */
export function prepareCompileCacheDir(dir: string): { ok: true; directory: string } | { ok: false; reason: string } {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (lstatSync(dir).isSymbolicLink()) return { ok: false, reason: `${dir} is a symbolic link` };
    const real = realpathSync(dir);
    const st = statSync(real);
    if (!st.isDirectory()) return { ok: false, reason: `${dir} is not a directory` };
    const problem = unsafe(real, st, true);
    if (problem) return { ok: false, reason: problem };
    for (let parent = dirname(real); ; parent = dirname(parent)) {
      const why = unsafe(parent, statSync(parent), false);
      if (why) return { ok: false, reason: why };
      if (dirname(parent) === parent) break;
    }
    return { ok: true, directory: real };
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
}

/**
 * Turns the compile cache on for this process and, through NODE_COMPILE_CACHE in its
 * environment, for the worker threads it starts later (Node reads it when a thread starts).
 * Never throws: the cache only saves time. Called by bin/quire.js, with process.env, before
 * the CLI loads: a module compiled before this is not cached.
 */
export function startCompileCache(env: NodeJS.ProcessEnv): CompileCacheOutcome {
  const outcome = tryStart(env);
  // Only the entry point sees this, before any logger exists: said on stderr at debug level.
  if (!outcome.enabled && /^(debug|trace)$/i.test(env.QUIRE_LOG_LEVEL ?? '')) process.stderr.write(`quire: compile cache not used: ${outcome.reason}\n`);
  return outcome;
}

function tryStart(env: NodeJS.ProcessEnv): CompileCacheOutcome {
  const dir = compileCacheDir(env);
  const asked = env.QUIRE_COMPILE_CACHE?.trim();
  // Node itself turned on a NODE_COMPILE_CACHE set by whoever started us; the threads inherit it.
  if (!dir && env.NODE_COMPILE_CACHE) return { enabled: true, directory: env.NODE_COMPILE_CACHE };
  if (!dir) return { enabled: false, reason: !asked ? 'off by default (QUIRE_COMPILE_CACHE unset)' : ON.has(asked.toLowerCase()) ? 'no home directory' : `QUIRE_COMPILE_CACHE=${env.QUIRE_COMPILE_CACHE}` };
  const prepared = prepareCompileCacheDir(dir);
  if (!prepared.ok) return { enabled: false, reason: prepared.reason };
  const result = enableCompileCache(prepared.directory);
  if (result.status === constants.compileCacheStatus.ENABLED) {
    // The folder given, not result.directory (Node's subfolder for this Node version and uid).
    env.NODE_COMPILE_CACHE = prepared.directory;
    return { enabled: true, directory: prepared.directory };
  }
  // NODE_COMPILE_CACHE set by whoever started us: theirs is kept, and the threads inherit it.
  if (result.status === constants.compileCacheStatus.ALREADY_ENABLED) return { enabled: true, directory: env.NODE_COMPILE_CACHE ?? result.directory ?? '' };
  return { enabled: false, reason: result.message ?? 'disabled by NODE_DISABLE_COMPILE_CACHE' };
}
