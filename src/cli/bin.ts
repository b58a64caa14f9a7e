/** Process entry of the `quire` command: runs main() with this process's argv and env. */
import { main } from './main.js';

main(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`quire: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
