#!/usr/bin/env node
// The `quire` command: runs the compiled CLI (built by `npm install` / `npm run build`).
// First, on Linux, `export`, `serve` and `worker` start themselves again with two malloc arenas unless
// MALLOC_ARENA_MAX is set (cli/malloc-arenas.ts: glibc reads it only at start; ~50 MB less peak RSS on a real export).
// Node's compile cache first when QUIRE_COMPILE_CACHE asks for it (cli/compile-cache.ts), so that the CLI and the export's threads
// load their modules from it; hence import() below: a static import would compile the CLI first.
import { mallocArenaRestart } from '../dist/cli/malloc-arenas.js';

const restart = mallocArenaRestart(process.env, process.platform, process.argv.slice(2));
if (restart && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], restart);
}
const { startCompileCache } = await import('../dist/cli/compile-cache.js');
startCompileCache(process.env);
await import('../dist/cli/bin.js');
