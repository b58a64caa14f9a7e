/**
 * `quire host --config deployment.yaml [--port N]`: runs the self-hosted bundle server
 * until SIGTERM or SIGINT. The config file (YAML or JSON) may be overridden by the
 * `QUIRE_HOST_*` variables listed in src/host/config.ts. SIGHUP, or a change of the
 * config file, re-reads the config and fetches the bundle again; a bad config or a
 * failed update keeps the current site. Logs are JSON lines (pino) on stdout.
 * Exit codes: 0 after a clean stop, 2 for bad arguments or config, 1 otherwise.
 */
import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { noteIgnored, setIgnoredErrorLogger } from '../core/ignored-errors.js';
import { reportError, UsageError, type Io } from './io.js';

const DETAILS = `
Fetches the static export bundle named by staticExport.bundleUrl, verifies it against
its manifest, keeps it in cacheDir and serves the site. When the link has expired or the
network is down at a later start, the last verified site is served (air-gapped runs).

deployment.yaml (or .json):
  staticExport:
    enabled: true            # false: every page answers 503, nothing is fetched
    bundleUrl: "https://..." # the link from POST /v1/static-export/jobs/{id}/bundle
                             # (file:///path or /path for a copied bundle)
    version: "2026-11-01"    # optional: refuse a bundle of another export version
  port: 8080                 # default 8080
  host: 127.0.0.1            # default loopback only; 0.0.0.0 to serve other machines
  cacheDir: ./site-cache     # relative to the config file
  limits:  {maxEntries: 100000, maxBytes: 2147483648, maxFileBytes: 536870912,
            maxRatio: 200, maxArchiveBytes: 1073741824}
  fetch:   {timeoutMs: 30000, retries: 4, backoffMs: 500,
            recheckMs: 30000}      # while no site is in place, fetch again (doubling)
  serve:   {permanentRedirectStatus: 308, memoryCacheBytes: 67108864,
            precompress: true, accessLog: false}
  logLevel: info

Environment overrides (win over the file): QUIRE_HOST_ENABLED, QUIRE_HOST_BUNDLE_URL,
QUIRE_HOST_VERSION, QUIRE_HOST_PORT, QUIRE_HOST_ADDRESS, QUIRE_HOST_CACHE_DIR,
QUIRE_HOST_LOG_LEVEL. SIGHUP or a change of the config file fetches again and swaps the
site in once verified. Probes: GET /healthz, GET /readyz (200 once a verified site is served).
`;

/** Debounce for config file events: editors write a file in several steps. */
const WATCH_DEBOUNCE_MS = 300;

function portNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError(`"${value}" is not a port number`);
  return Number(value);
}

/** Adds `quire host --config FILE [--port N]`; the server's modules are loaded only when it runs. */
export function registerHostCommand(program: Command, env: NodeJS.ProcessEnv, io: Io, setExit: (code: number) => void): void {
  program
    .command('host')
    .description('serve a static export bundle (self-hosted, also air-gapped)')
    .option('--config <file>', 'deployment.yaml or .json (below)')
    .option('--port <n>', 'port to listen on (overrides the file)', portNumber)
    .addHelpText('after', DETAILS)
    .action(async (flags: { config?: string; port?: number }) => setExit(await runHost(flags, env, io)));
}

async function runHost(flags: { config?: string; port?: number }, env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const configFile = flags.config === undefined ? null : resolve(flags.config);
  const port = flags.port;
  if (configFile === null && env.QUIRE_HOST_BUNDLE_URL === undefined && env.QUIRE_HOST_ENABLED === undefined) {
    return reportError(io, new UsageError('--config is required (or QUIRE_HOST_BUNDLE_URL); see quire host --help'));
  }
  const [{ createLogger }, { loadHostConfig }, { startHost }] = await Promise.all([import('../core/logger.js'), import('../host/config.js'), import('../host/host.js')]);

  let loaded;
  try {
    loaded = await loadHostConfig(configFile, env, { port });
  } catch (err) {
    return reportError(io, err);
  }
  // The same fields as quire serve (ISO time), pretty at a terminal.
  const logger = createLogger(loaded.config.logLevel, io.stdout, { service: 'quire-host', pretty: (io.stdout as NodeJS.WriteStream).isTTY === true && !env.CI });
  setIgnoredErrorLogger(logger);
  for (const warning of loaded.warnings) logger.warn(warning);

  let host;
  try {
    host = await startHost(loaded.config, { logger });
  } catch (err) {
    logger.error({ reason: (err as Error).message }, 'quire host could not start');
    return reportError(io, err);
  }

  let lastConfigHash = configFile ? await hashFile(configFile) : null;
  const reload = async (why: string): Promise<void> => {
    logger.info({ trigger: why }, 'reloading');
    try {
      const next = await loadHostConfig(configFile, env, { port });
      for (const warning of next.warnings) logger.warn(warning);
      await host.reload(next.config);
    } catch (err) {
      logger.error({ reason: (err as Error).message }, 'config not usable; keeping the current configuration and site');
    }
  };

  let watcher: FSWatcher | null = null;
  let debounce: NodeJS.Timeout | undefined;
  if (configFile) {
    const file = configFile;
    // Watch the folder: editors and config management replace the file rather than write it in place.
    watcher = watch(dirname(file), (_event, name) => {
      if (name !== null && name !== basename(file)) return;
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        void hashFile(file).then((hash) => {
          if (hash === null || hash === lastConfigHash) return;
          lastConfigHash = hash;
          return reload('config file changed');
        });
      }, WATCH_DEBOUNCE_MS);
    });
  }

  const onHup = (): void => void reload('SIGHUP');
  process.on('SIGHUP', onHup);
  await new Promise<void>((done) => {
    const stop = (signal: string): void => {
      logger.info({ signal }, 'stopping');
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      done();
    };
    const onTerm = (): void => stop('SIGTERM');
    const onInt = (): void => stop('SIGINT');
    process.on('SIGTERM', onTerm);
    process.on('SIGINT', onInt);
  });
  process.off('SIGHUP', onHup);
  clearTimeout(debounce);
  watcher?.close();
  await host.close();
  return 0;
}

async function hashFile(file: string): Promise<string | null> {
  try {
    return createHash('sha256').update(await readFile(file)).digest('hex');
  } catch (err) {
    // The watched config went away or is being rewritten: no hash, no reload now; the
    // next change event tries again.
    noteIgnored('cli.host.hash-config', err);
    return null;
  }
}
