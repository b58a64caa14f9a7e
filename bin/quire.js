#!/usr/bin/env node
// The `quire` command: runs the compiled CLI (built by `npm install` / `npm run build`).
// First, `export`, `serve` and `worker` start themselves again once with two malloc arenas on Linux (unless
// MALLOC_ARENA_MAX is set) and V8's flags for short batch work and for highlighting (unless Node's command line or NODE_OPTIONS
// names them): both are read only when a process starts (cli/process-restart.ts: ~50 MB less peak RSS, ~15% less CPU on a real
// export). V8 reads its flags when it starts: one flipped later (v8.setFlagsFromString) crashed exports on the main thread.
// Node's compile cache first when QUIRE_COMPILE_CACHE asks for it (cli/compile-cache.ts), so that the CLI and the export's threads
// load their modules from it; hence import() below: a static import would compile the CLI first.
import { availableParallelism } from 'node:os';
import { processRestart } from '../dist/cli/process-restart.js';

const restart = processRestart(process.env, process.platform, process.argv.slice(2), process.execArgv, availableParallelism());
if (restart && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...restart.execArgv, ...process.argv.slice(1)], restart.env);
}
const { startCompileCache } = await import('../dist/cli/compile-cache.js');
startCompileCache(process.env);
await import('../dist/cli/bin.js');
