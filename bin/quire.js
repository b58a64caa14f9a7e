#!/usr/bin/env node
// The `quire` command: runs the compiled CLI (built by `npm install` / `npm run build`).
// Node's compile cache first when QUIRE_COMPILE_CACHE asks for it (cli/compile-cache.ts), so that the CLI and the export's threads
// load their modules from it; hence import() below: a static import would compile the CLI first.
import { startCompileCache } from '../dist/cli/compile-cache.js';

startCompileCache(process.env);
await import('../dist/cli/bin.js');
