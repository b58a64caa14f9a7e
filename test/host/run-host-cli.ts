/** Runs `quire host` in a child process for the CLI tests (signals and file watching need a process of their own). */
import { runHostCommand } from '../../src/cli/host.js';

process.exitCode = await runHostCommand(process.argv.slice(2), process.env);
