#!/usr/bin/env node
// The `quire` command: runs the compiled CLI (built by `npm install` / `npm run build`).
// First, `export`, `serve` and `worker` start themselves again once with two malloc arenas on Linux (unless
// MALLOC_ARENA_MAX is set) and V8's flags for short batch work (unless Node's command line or NODE_OPTIONS names them): both are read
// only when a process starts (cli/process-restart.ts: ~50 MB less peak RSS, ~15% less CPU on a real export).
// Node's compile cache first when QUIRE_COMPILE_CACHE asks for it (cli/compile-cache.ts), so that the CLI and the export's threads
// load their modules from it; hence import() below: a static import would compile the CLI first.
// V8's regexp tier-up off, first thing, as a command-line flag would be: V8 runs a regular expression in its
// bytecode interpreter first and compiles it to native code once it is used enough (again after a collection
// flushed its code); with that switch in the middle of highlighting, SQL tokens on langchain's and 0xsequence's docs
// (`main` in `CREATE FUNCTION main.tools`, `TRY_CAST`) came out coloured or plain from one run to the next, where only
// interpreting, or only native code, colours them every time as a fresh highlighter does (docs/benchmarks.mdx).
// Faster too: Mintlify's docs 8.02 / 8.46 -> 7.57 / 7.68 s, Continue's 2.29 / 2.25 -> 2.12 / 2.13 s (alternated,
// 2026-11-29). Set here, before the CLI loads, not when an export starts: a flag changed once many patterns have run
// (a test process) is what V8 warns may behave unpredictably.
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
setFlagsFromString('--no-regexp-tier-up');
import { processRestart } from '../dist/cli/process-restart.js';

const restart = processRestart(process.env, process.platform, process.argv.slice(2), process.execArgv, availableParallelism());
if (restart && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...restart.execArgv, ...process.argv.slice(1)], restart.env);
}
const { startCompileCache } = await import('../dist/cli/compile-cache.js');
startCompileCache(process.env);
await import('../dist/cli/bin.js');
