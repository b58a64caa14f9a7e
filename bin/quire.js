#!/usr/bin/env node
// The `quire` command: runs the compiled CLI (built by `npm install` / `npm run build`).
import '../dist/cli/bin.js';
