#!/usr/bin/env node
// The `quire` command: runs the compiled CLI (built by `npm install` / `npm run build`).
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2), process.env).then(
  (code) => {
    if (typeof code === 'number') process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`quire: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
