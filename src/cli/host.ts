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
import { pino } from 'pino';
import { loadHostConfig } from '../host/config.js';
import { startHost } from '../host/host.js';
import { processIo, reportError, UsageError, type Io } from './io.js';

const USAGE = `usage: quire host --config FILE [--port N]

Fetches the static export bundle named by staticExport.bundleUrl, verifies it and serves
the site. Environment overrides: QUIRE_HOST_ENABLED, QUIRE_HOST_BUNDLE_URL,
QUIRE_HOST_VERSION, QUIRE_HOST_PORT, QUIRE_HOST_ADDRESS, QUIRE_HOST_CACHE_DIR,
QUIRE_HOST_LOG_LEVEL. SIGHUP or editing the config file reloads.
`;

/** Debounce for config file events: editors write a file in several steps. */
const WATCH_DEBOUNCE_MS = 300;

export async function runHostCommand(args: string[], env: NodeJS.ProcessEnv, io: Io = processIo): Promise<number> {
  let configFile: string | null = null;
  let port: number | undefined;
  try {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
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
  const logger = pino({ level: loaded.config.logLevel, base: { service: 'quire-host' } }, io.stdout);
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
  } catch {
    return null;
  }
}
