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
import { noteIgnored, setIgnoredErrorLogger } from '../core/ignored-errors.js';
import { createLogger } from '../core/logger.js';
import { loadHostConfig } from '../host/config.js';
import { startHost } from '../host/host.js';
import { processIo, reportError, UsageError, type Io } from './io.js';

const USAGE = `usage: quire host --config FILE [--port N]

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

export async function runHostCommand(args: string[], env: NodeJS.ProcessEnv, io: Io = processIo): Promise<number> {
  let configFile: string | null = null;
  let port: number | undefined;
  try {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      const value = (): string => {
        const v = args[++i];
        if (v === undefined) throw new UsageError(`${arg} needs a value`);
        return v;
      };
      if (arg === '--help' || arg === '-h') {
        io.stdout.write(USAGE);
        return 0;
      } else if (arg === '--config') configFile = resolve(value());
      else if (arg.startsWith('--config=')) configFile = resolve(arg.slice('--config='.length));
      else if (arg === '--port') {
        const v = value();
        if (!/^\d+$/.test(v) || Number(v) > 65535) throw new UsageError(`--port must be a port number, got ${JSON.stringify(v)}`);
        port = Number(v);
      } else throw new UsageError(`unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
    }
    if (configFile === null && env.QUIRE_HOST_BUNDLE_URL === undefined && env.QUIRE_HOST_ENABLED === undefined) {
      throw new UsageError(`--config is required (or QUIRE_HOST_BUNDLE_URL)\n${USAGE}`);
    }
  } catch (err) {
    return reportError(io, err);
  }

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
