/**
 * Entry point of the `quire` command: parses arguments and calls the same functions
 * the API and the tests call. The only place besides bin/ that reads process.env.
 */
import { Command, CommanderError } from 'commander';
import { registerExportCommand } from './export.js';
import { registerHostCommand } from './host.js';
import { registerOperatorCommands } from './operator.js';
import { registerRemoteCommands } from './remote.js';
import { processIo, reportError, type Io } from './io.js';
import type { ServeFlags } from './serve.js';
import { QUIRE_VERSION } from '../core/version.js';

// Heavy commands are loaded on use, so `quire key list` does not pay for the export
// engine, the HTTP server or the model SDKs (export.ts and host.ts load theirs when they run).
const runServe: typeof import('./serve.js').runServe = async (...args) => (await import('./serve.js')).runServe(...args);

export async function main(argv: string[], env: NodeJS.ProcessEnv, io: Io = processIo): Promise<number> {
  let exitCode = 0;
  const program = new Command('quire')
    .description('Quire: agent jobs, static export and bundle hosting for documentation platforms')
    .version(QUIRE_VERSION, '-V, --version', "print Quire's version")
    // Quire's own options only before a command: `quire remote export --version v7` names the bundle's version.
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .showHelpAfterError(false);

  program
    .command('serve')
    .description('run the admin API (and the job workers unless --no-workers)')
    .option('--port <port>', 'port to listen on (QUIRE_PORT, default 3000)')
    .option('--host <host>', 'address to listen on (QUIRE_HOST, default 127.0.0.1)')
    .option('--data-dir <dir>', 'data directory (QUIRE_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'postgres://... for PostgreSQL (QUIRE_DATABASE_URL)')
    .option('--config <file>', 'YAML or JSON config file (QUIRE_CONFIG)')
    .option('--no-workers', 'API only: run no job workers in this process')
    .option('--render-nice <n>', 'nice value of export render threads, 0 (normal) to 19 (lowest) (QUIRE_RENDER_NICE, default 0)')
    .action(async (flags: ServeFlags) => {
      exitCode = await runServe(flags, env, io);
    });

  program
    .command('worker')
    .description('run job workers only (scale-out mode): no API, only /healthz, /readyz and /metrics')
    .option('--port <port>', 'port of /healthz, /readyz and /metrics (QUIRE_PORT, default 3000)')
    .option('--host <host>', 'address of /healthz, /readyz and /metrics (QUIRE_HOST, default 127.0.0.1)')
    .option('--data-dir <dir>', 'data directory (QUIRE_DATA_DIR)')
    .option('--database-url <url>', 'postgres://... (QUIRE_DATABASE_URL)')
    .option('--config <file>', 'YAML or JSON config file (QUIRE_CONFIG)')
    .option('--export-concurrency <n>', 'exports run at once (QUIRE_EXPORT_CONCURRENCY, default 1)')
    .option('--agent-concurrency <n>', 'agent jobs run at once (QUIRE_AGENT_CONCURRENCY, default 2)')
    .option('--render-nice <n>', 'nice value of export render threads, 0 (normal) to 19 (lowest) (QUIRE_RENDER_NICE, default 0)')
    .action(async (flags: ServeFlags) => {
      exitCode = await runServe(flags, env, io, 'worker');
    });

  const setExit = (code: number) => {
    exitCode = code;
  };
  registerExportCommand(program, io, setExit);
  registerHostCommand(program, env, io, setExit);

  program
    .command('migrate')
    .description('apply pending database migrations and exit')
    .option('--json', 'print one JSON object')
    .action(async (flags: { json?: boolean }) => {
      exitCode = await (await import('./migrate.js')).runMigrate(flags, env, io);
    });

  registerOperatorCommands(program, env, io);
  registerRemoteCommands(program, env, io, setExit);

  // Subcommands inherit the override so bad flags surface as CommanderError.
  const applyOverride = (cmd: Command) => {
    cmd.exitOverride();
    cmd.configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
    cmd.commands.forEach(applyOverride);
  };
  program.commands.forEach(applyOverride);

  const json = argv.includes('--json');
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return 0;
      // Commander already printed its message (naming the bad option or value).
      if (json) io.stdout.write(`${JSON.stringify({ error: err.message.replace(/^error: /, '') })}\n`);
      return err.exitCode === 0 ? 0 : 2;
    }
    return reportError(io, err, json);
  }
}
