/**
 * The composition root of `quire serve` and `quire worker`, and the one place the
 * service is put together: opens the records store (running migrations) and the ports
 * (drivers picked in ports.ts), bootstraps the demo on an empty database, starts every
 * feature's worker where workers run, mounts every feature's routes and listens.
 * SIGTERM handling lives in the CLI; `close()` drains requests and closes the store.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type RouteModule } from './api/app.js';
import type { AppDeps } from './api/deps.js';
import type { QuireConfig } from './config/schema.js';
import { KeyUsageRecorder } from './core/api-keys.js';
import { bootstrapDemo, type BootstrapResult } from './core/bootstrap.js';
import { startWorkerProbes } from './api/worker-probes.js';
import { watchForStaleQueue } from './core/job-metrics.js';
import type { Logger } from './core/logger.js';
import { openStore } from './store/open-store.js';
import type { Store } from './store/types.js';
import { openBlobsFor, openQueueFor } from './ports.js';
import { noteIgnored } from './core/ignored-errors.js';
import { agentJobsFeature } from './features/agent-jobs.js';
import { exportsFeature } from './features/exports.js';
import type { Feature } from './features/feature.js';

/** The service's features: each brings its routes and its worker. */
export const FEATURES: Feature[] = [exportsFeature, agentJobsFeature];

/** Quire's own user guide, the demo project's repository. */
export const BUNDLED_DOCS_DIR = fileURLToPath(new URL('../docs', import.meta.url));

export interface Service {
  app: FastifyInstance;
  store: Store;
  deps: AppDeps;
  url: string;
  bootstrap: BootstrapResult | undefined;
  close(): Promise<void>;
}

export interface StartServiceOptions {
  logger: Logger;
  /** Route modules besides the features' (tests add probes here). */
  modules?: RouteModule[];
  /** Called after the ports are open and before listening. */
  onStoreReady?: (store: Store, deps: AppDeps) => Promise<{ close(): Promise<void> } | void>;
  /** The features to run: their routes are mounted, their workers run when `config.workers.enabled`. @default FEATURES */
  features?: Feature[];
  /** Serve HTTP. `quire worker` runs the workers only. @default true */
  http?: boolean;
}

export async function startService(config: QuireConfig, options: StartServiceOptions): Promise<Service> {
  const { logger } = options;
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: config.databaseSchema });
  const closers: { close(): Promise<void> }[] = [];
  try {
    const bootstrap = config.bootstrapDemo
      ? await bootstrapDemo(store, { dataDir: config.dataDir, repository: config.demoRepository ?? BUNDLED_DOCS_DIR })
      : undefined;
    const usage = new KeyUsageRecorder(store);
    const blobs = openBlobsFor(config);
    const queue = openQueueFor(config, store, logger);
    await queue.start();
    // Stopped after the HTTP server: running jobs get the grace period, then go back to the queue.
    closers.push({ close: () => queue.stop({ graceMs: config.shutdownGraceSeconds * 1000 }) });
    const deps: AppDeps = { config, store, logger, usage, queue, blobs };
    const extra = await options.onStoreReady?.(store, deps);
    if (extra) closers.push(extra);
    const features = options.features ?? FEATURES;
    if (config.workers.enabled) {
      for (const feature of features) {
        const stop = await feature.worker(deps);
        if (stop) closers.push({ close: async () => stop() });
      }
    } else {
      // An API alone cannot tell a slow queue from one no worker takes from: it says so in the log.
      const stop = watchForStaleQueue(store, { warn: (msg) => logger.warn(msg) });
      closers.push({ close: async () => stop() });
    }
    const app = await buildApp(deps, [...features.map((f) => f.routes), ...(options.modules ?? [])]);
    let url = config.publicUrl;
    if (options.http !== false) {
      url = await app.listen({ host: config.host, port: config.port });
      // Port 0 asks for any free port: links handed out must name the real one.
      if (config.publicUrl.endsWith(':0')) config.publicUrl = url;
    } else {
      // A worker answers its probes and metrics on the same host and port setting.
      const probes = await startWorkerProbes(store, logger, config.host, config.port);
      closers.unshift(probes);
      url = probes.url;
    }
    let closed = false;
    return {
      app,
      store,
      deps,
      url,
      bootstrap,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        // Reverse order of opening: extra parts and workers first, the queue last.
        for (const c of closers.reverse()) await c.close();
        await usage.flush().catch((err: unknown) => logger.warn({ err }, 'could not record key usage'));
        await store.close();
      },
    };
  } catch (err) {
    for (const c of closers.reverse()) await c.close().catch((e: unknown) => noteIgnored('service.close-after-failed-start', e)); // the start-up error is the one reported
    await store.close();
    throw err;
  }
}
