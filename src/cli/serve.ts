/**
 * `quire serve`: the admin API (and, in embedded mode, the job workers) until SIGTERM
 * or SIGINT, which drain in-flight requests and close the database cleanly.
 */
import { loadConfig } from '../config/load-config.js';
import { setIgnoredErrorLogger } from '../core/ignored-errors.js';
import { createLogger } from '../core/logger.js';
import { startService } from '../service.js';
import type { Io } from './io.js';

export interface ServeFlags {
  port?: string;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  config?: string;
  workers?: boolean;
  exportConcurrency?: string;
  agentConcurrency?: string;
  renderNice?: string;
}

/**
 * Runs the service until a signal. `worker` mode (`quire worker`) runs the job workers
 * only, without HTTP; `serve` runs the API and, unless --no-workers, the workers too.
 */
export async function runServe(flags: ServeFlags, env: NodeJS.ProcessEnv, io: Io, mode: 'serve' | 'worker' = 'serve'): Promise<number> {
  const config = loadConfig({
    env,
    file: flags.config,
    flags: {
      port: flags.port,
      host: flags.host,
      dataDir: flags.dataDir,
      databaseUrl: flags.databaseUrl,
      'workers.enabled': mode === 'worker' ? true : flags.workers === false ? false : undefined,
      // A worker process never creates the demo: that is the API's first start.
      bootstrapDemo: mode === 'worker' ? false : undefined,
      'workers.exportConcurrency': flags.exportConcurrency,
      'workers.agentConcurrency': flags.agentConcurrency,
      'exports.renderNice': flags.renderNice,
    },
  });
  // Pretty lines for a person at a terminal; JSON for everything else (CI, files, collectors).
  const logger = createLogger(config.logLevel, undefined, { pretty: process.stdout.isTTY === true && !env.CI });
  setIgnoredErrorLogger(logger);
  // Signals are caught from the very start: a SIGTERM while starting up still ends in
  // an orderly shutdown once the service is up, never in a killed process.
  let signalled: string | undefined;
  let onStop: ((signal: string) => void) | undefined;
  const onSignal = (signal: string) => {
    if (signalled) return;
    signalled = signal;
    onStop?.(signal);
  };
  const onTerm = () => onSignal('SIGTERM');
  const onInt = () => onSignal('SIGINT');
  process.on('SIGTERM', onTerm);
  process.on('SIGINT', onInt);
  try {
    const service = await startService(config, { logger, http: mode === 'serve' });
    const b = service.bootstrap;
    const lines = [
      mode === 'serve'
        ? `Quire is listening on ${service.url}${config.workers.enabled ? '' : ' (API only: no workers)'}`
        : `Quire worker running (exports x${config.workers.exportConcurrency}, agent jobs x${config.workers.agentConcurrency}); /healthz, /readyz and /metrics on ${service.url}`,
    ];
    if (b?.project) {
      lines.push(`Demo project: ${b.project.id} (${b.project.domain})`);
      lines.push(`Admin key file: ${b.keyFile}${b.created ? ' (created now, readable only by you)' : ''}`);
      lines.push(
        `Try: curl -X POST -H "Authorization: Bearer $(cat ${b.keyFile})" -H "Content-Type: application/json" -d '{"domain":"${b.project.domain}"}' ${service.url}/v1/static-export/jobs`,
      );
    }
    io.stderr.write(`${lines.join('\n')}\n`);
    logger.info({ url: service.url, workers: config.workers.enabled }, 'listening');

    return await new Promise<number>((resolve) => {
      onStop = (signal: string) => {
        logger.info({ signal }, 'shutting down: draining requests and jobs');
        const force = setTimeout(() => {
          logger.error('shutdown grace period over, exiting');
          resolve(1);
        }, config.shutdownGraceSeconds * 1000);
        force.unref();
        service.close().then(
          () => {
            clearTimeout(force);
            logger.info('stopped');
            logger.flush(() => resolve(0));
          },
          (err: unknown) => {
            logger.error({ err }, 'error while shutting down');
            resolve(1);
          },
        );
      };
      if (signalled) onStop(signalled);
    });
  } finally {
    process.off('SIGTERM', onTerm);
    process.off('SIGINT', onInt);
  }
}
