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
 */

/** The arenas `quire` runs with unless MALLOC_ARENA_MAX says otherwise. */
export const MALLOC_ARENAS = 2;

/** V8 flags `quire` runs these commands with, unless the Node command line names the flag. */
export const V8_FLAGS = ['--max-opt=2', '--max-lazy', '--initial-old-space-size=96'];

/** Commands that export or keep running (and run export jobs): the arenas. */
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
 * or by this restart). `execArgv` is Node's options of this process, kept in the restart.
 */
export function processRestart(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, args: string[], execArgv: string[]): Restart | null {
  const command = args.find((a) => !a.startsWith('-'));
  if (!command || !COMMANDS.has(command)) return null;
  const arenas = platform === 'linux' && env.MALLOC_ARENA_MAX === undefined;
  const named = new Set(execArgv.map(flagName));
  const flags = BATCH_COMMANDS.has(command) ? V8_FLAGS.filter((f) => !named.has(flagName(f))) : [];
  if (!arenas && flags.length === 0) return null;
  return { env: arenas ? { ...env, MALLOC_ARENA_MAX: String(MALLOC_ARENAS) } : env, execArgv: [...flags, ...execArgv] };
}
