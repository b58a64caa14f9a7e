/**
 * How many malloc arenas the `quire` process runs with. glibc gives each thread that
 * allocates while another holds an arena an arena of its own (up to 8 per core), and keeps
 * what a thread freed in that arena: an export runs an export thread, render threads, a
 * Twoslash thread and a sandbox thread (when this was measured, also a short-lived light-page
 * thread, since dropped: render-threads.ts), and memory the short-lived ones
 * freed stayed resident to the end of the export, ~100 MB of Mintlify's docs' peak RSS that
 * no V8 heap accounted for. With two arenas the threads reuse each other's freed memory:
 * Mintlify's docs cold, 2026-11-28, alternated rounds on a loaded 2-core host: peak RSS 522,
 * 525 MB -> 468, 467 MB, CPU no higher (21.4, 20.7 s -> 20.5, 19.3 s), output identical.
 *
 * glibc reads MALLOC_ARENA_MAX once, when the process starts, so `bin/quire.js` starts itself
 * again with it (process.execve: same process id, files and terminal) unless the operator set
 * it, to any value. Only for the commands that export or keep running (export, serve, worker):
 * the restart is one more Node start-up, ~0.05-0.1 s of CPU, which a short operator command
 * would feel and gain nothing for. Other C libraries ignore the variable.
 */

/** The arenas `quire` runs with unless MALLOC_ARENA_MAX says otherwise. */
export const MALLOC_ARENAS = 2;

/** Commands whose memory the arenas are for: exports, and the processes that run export jobs. */
const COMMANDS = new Set(['export', 'serve', 'worker']);

/**
 * The environment to start `quire` again with so that glibc reads MALLOC_ARENA_MAX, or null
 * when there is no need: not Linux, not a command of COMMANDS (the first of `args` that is
 * not an option), or the variable is set already (by the operator, or by this restart).
 */
export function mallocArenaRestart(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, args: string[]): NodeJS.ProcessEnv | null {
  if (platform !== 'linux' || env.MALLOC_ARENA_MAX !== undefined) return null;
  const command = args.find((a) => !a.startsWith('-'));
  if (!command || !COMMANDS.has(command)) return null;
  return { ...env, MALLOC_ARENA_MAX: String(MALLOC_ARENAS) };
}
