/**
 * How `quire export`, `serve` and `worker` start: each restarts itself once (process.execve:
 * same process id, files and terminal) when a setting that only takes effect at a process's
 * start is missing. The restart is one more Node start-up, ~0.05-0.1 s of CPU,
 * which a short operator command would feel and gain nothing from, so other commands run as
 * they are.
 *
 * - **Two malloc arenas**, on Linux unless the operator set MALLOC_ARENA_MAX (to any value):
 *   glibc gives each thread that allocates while another holds an arena an arena of its own
 *   (up to 8 per core) and keeps what a thread freed in that arena. An export runs an export
 *   thread, render threads, a highlight thread, a Twoslash thread and a sandbox thread, and
 *   memory the short-lived ones freed stayed resident to the end of the export, ~100 MB of
 *   Mintlify's docs' peak RSS that no V8 heap accounted for. With two arenas the threads reuse
 *   each other's freed memory: Mintlify's docs cold, 2026-11-28, alternated rounds on a loaded
 *   2-core host: peak RSS 522, 525 MB -> 468, 467 MB, CPU no higher (21.4, 20.7 s -> 20.5,
 *   19.3 s), output identical. glibc reads the variable once, when the process starts. Other C
 *   libraries ignore it.
 * - **V8 flags for batch work** (V8_FLAGS), for `export` and `worker` (whose work is export and
 *   agent jobs) unless the Node command line names one of them already: no TurboFan (`--max-opt=2`: code is optimized by Maglev at most) and no eager
 *   compilation of functions V8 guesses will run at once (`--max-lazy`). An export runs its
 *   code for seconds in six threads: TurboFan's compiles (V8's background threads: a third of
 *   an export's CPU went to threads that are not Quire's) cost more than its faster code gives
 *   back in that time, and eagerly compiled functions are often never called. Mintlify's docs
 *   cold, 2026-11-29, 3 alternated rounds on a loaded 2-core host: 8.63-8.86 s wall and
 *   15.1-15.2 s CPU -> 7.25-8.19 s and 12.5-13.8 s; 0xsequence's 10.4-11.7 s -> 8.4-9.3 s;
 *   peak RSS the same, output identical (docs/benchmarks.mdx). v8.setFlagsFromString once the
 *   process runs did not give this (the same rounds: no change), hence the restart. Not for
 *   `serve`: an API server runs the same handlers for hours, where TurboFan's code pays; with
 *   these flags `npm run bench:api` fell from a ratio of ~1.0 to 0.44 of a bare server's
 *   requests per second (2026-11-29).
 * - **A first mark-compact at 96 MB** (`--initial-old-space-size=96`), same commands: V8 starts
 *   each isolate with a small old-generation limit and raises it from what each mark-compact
 *   leaves alive, so a thread whose live heap climbs to 50-100 MB (the export thread, a render
 *   thread, the highlight and Twoslash threads) is marked again and again on the way (Mintlify's
 *   docs: 20 mark-compacts, ~1 GB marked in all, mostly by V8's background threads); from 96 MB
 *   on, 10 or fewer. Mintlify's docs cold, 2026-11-29, alternated rounds: 5.63-6.17 s and
 *   9.7-10.7 s CPU -> 5.19-5.56 s and 8.9-9.8 s at 128 MB, 5.30-5.64 s and 9.1-9.8 s at 96;
 *   peak RSS 435-457 -> 455-463 MB. 256 MB gained no more and peaked at 495-521 MB; langchain's
 *   docs peaked 60 MB higher at 128, not at 96 (568 MB). A thread's own limit (resourceLimits)
 *   still holds: V8 caps the first limit below it.
 * - **No bytecode flushing** (`--no-flush-bytecode`), same commands: V8 drops the bytecode of
 *   a function not run for a while, after a few collections, and compiles it again when it
 *   runs next; an export's threads collect often in a few seconds. Mintlify's docs cold,
 *   2026-11-29, 10 alternated pairs on this loaded 2-core host: 5.47-6.78 s -> 5.14-5.79 s,
 *   9.7-12.0 s CPU -> 9.0-10.0 s; langchain's, meilisearch's and 0xsequence's docs (3 pairs
 *   each) at or below; peak RSS the same.
 * - **V8's worker pool no larger than the machine's cores** (`--v8-pool-size`, a Node option;
 *   same commands): Node gives V8 four background threads whatever the machine, and an export's
 *   concurrent marking and Maglev compiles on four threads compete with its own six for two
 *   cores. Sized to the cores (only below Node's four): Mintlify's docs cold, 2026-11-29, 7
 *   alternated pairs on this 2-core host: 5.17-5.64 s -> 4.86-5.24 s wall, peak RSS the same
 *   (458-469 -> 458-470 MB); 0xsequence's 5.52-5.69 -> 5.49-5.60 s, +15 MB. One thread was as
 *   fast but let the heaps grow (0xsequence +60-90 MB, docs/benchmarks.mdx).
 *
 * - **No regexp tier-up** (`--no-regexp-tier-up`), all three commands (`serve` runs export jobs
 *   too): V8 runs a regular expression in its bytecode interpreter first and compiles it to native
 *   code once it is used enough (again after a collection flushed its code); with that switch in
 *   the middle of highlighting, SQL tokens on langchain's and 0xsequence's docs (`main` in `CREATE
 *   FUNCTION main.tools`, `TRY_CAST`) came out coloured or plain from one run to the next, where
 *   only interpreting, or only native code, colours them every time as a fresh highlighter does
 *   (docs/benchmarks.mdx). Faster too: Mintlify's docs 8.02 / 8.46 -> 7.57 / 7.68 s, Continue's
 *   2.29 / 2.25 -> 2.12 / 2.13 s (alternated, 2026-11-29). On the command line, not
 *   v8.setFlagsFromString once Node runs, as bin/quire.js did until 2026-11-29: V8 reads its flags
 *   when it starts, and with the flag flipped afterwards, an export run on the main thread (Node's
 *   API, `workers: 0`) died in V8's native regexp code (SIGSEGV) in 3 of 8 runs of mem0's docs,
 *   0 of 8 with the same flag on the command line.
 *
 * A flag the operator named, on Node's command line or in NODE_OPTIONS, is kept as given.
 */

/** The arenas `quire` runs with unless MALLOC_ARENA_MAX says otherwise. */
export const MALLOC_ARENAS = 2;

/** V8 flags `quire` runs these commands with, unless Node's command line or NODE_OPTIONS names the flag. */
export const V8_FLAGS = ['--max-opt=2', '--max-lazy', '--initial-old-space-size=96', '--no-flush-bytecode'];

/** V8 flags every command of COMMANDS runs with (they highlight code), unless the operator named the flag. */
export const REGEXP_FLAGS = ['--no-regexp-tier-up'];

/** V8's background threads by Node's default: more than a machine with fewer cores can run at once. */
const NODE_POOL_SIZE = 4;

/** The batch flags for a machine of `cores` cores: V8_FLAGS, and the worker pool sized to the cores when they are fewer than Node's default. */
export function batchFlags(cores: number): string[] {
  const pool = Math.max(1, Math.floor(cores));
  return pool < NODE_POOL_SIZE ? [...V8_FLAGS, `--v8-pool-size=${pool}`] : V8_FLAGS;
}

/** Commands that export or keep running (and run export jobs): the arenas and REGEXP_FLAGS. */
const COMMANDS = new Set(['export', 'serve', 'worker']);
/** Commands whose work is batches (an export, jobs): the V8 flags. */
const BATCH_COMMANDS = new Set(['export', 'worker']);

/** How to start the process again: its environment and Node's own options. */
export interface Restart {
  env: NodeJS.ProcessEnv;
  execArgv: string[];
}

/** The flag's name: `--max-opt` of `--max-opt=2`, `--max-lazy` of `--no-max-lazy` (V8 also reads `_` for `-`). */
function flagName(option: string): string {
  return option.split('=')[0].replace(/^--no-/, '--').replaceAll('_', '-');
}

/**
 * How to start `quire` again, or null when there is no need: not a command of COMMANDS (the
 * first of `args` that is not an option), or its settings in place already (by the operator,
 * or by this restart). `execArgv` is Node's options of this process, kept in the restart;
 * `cores` the machine's (os.availableParallelism()).
 */
export function processRestart(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, args: string[], execArgv: string[], cores: number): Restart | null {
  const command = args.find((a) => !a.startsWith('-'));
  if (!command || !COMMANDS.has(command)) return null;
  const arenas = platform === 'linux' && env.MALLOC_ARENA_MAX === undefined;
  const fromEnv = (env.NODE_OPTIONS ?? '').split(/\s+/).filter((o) => o.startsWith('--'));
  const named = new Set([...execArgv, ...fromEnv].map(flagName));
  const wanted = BATCH_COMMANDS.has(command) ? [...batchFlags(cores), ...REGEXP_FLAGS] : REGEXP_FLAGS;
  const flags = wanted.filter((f) => !named.has(flagName(f)));
  if (!arenas && flags.length === 0) return null;
  return { env: arenas ? { ...env, MALLOC_ARENA_MAX: String(MALLOC_ARENAS) } : env, execArgv: [...flags, ...execArgv] };
}
