/**
 * The composition root of `quire serve`: opens the records store (running
 * migrations), bootstraps the demo on an empty database, builds the API and listens.
 * SIGTERM handling lives in the CLI; `close()` drains requests and closes the store.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type RouteModule } from './api/app.js';
import type { AppDeps } from './api/deps.js';
import type { QuireConfig } from './config/schema.js';
import { KeyUsageRecorder } from './core/api-keys.js';
import { bootstrapDemo, type BootstrapResult } from './core/bootstrap.js';
import type { Logger } from './core/logger.js';
import { openStore } from './store/open-store.js';
import type { Store } from './store/types.js';

/** Quire's own user guide, the demo project's repository. */
export const BUNDLED_DOCS_DIR = fileURLToPath(new URL('../docs', import.meta.url));

export interface Service {
  app: FastifyInstance;
  store: Store;
  url: string;
  bootstrap: BootstrapResult | undefined;
  close(): Promise<void>;
}

export interface StartServiceOptions {
  logger: Logger;
  /** Extra route modules (export jobs, agent job creation, ...). */
  modules?: RouteModule[];
  /** Called after the store is open and before listening, e.g. to start workers. */
  onStoreReady?: (store: Store, deps: AppDeps) => Promise<{ close(): Promise<void> } | void>;
  /** @default true */
  listen?: boolean;
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
    const deps: AppDeps = { config, store, logger, usage };
    const extra = await options.onStoreReady?.(store, deps);
    if (extra) closers.push(extra);
    const app = await buildApp(deps, options.modules ?? []);
    let url = config.publicUrl;
    if (options.listen !== false) {
      url = await app.listen({ host: config.host, port: config.port });
      // Port 0 asks for any free port: links handed out must name the real one.
      if (config.publicUrl.endsWith(':0')) config.publicUrl = url;
    }
    let closed = false;
    return {
      app,
      store,
      url,
      bootstrap,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        for (const c of closers.reverse()) await c.close();
        await usage.flush().catch((err: unknown) => logger.warn({ err }, 'could not record key usage'));
        await store.close();
      },
    };
  } catch (err) {
    for (const c of closers.reverse()) await c.close().catch(() => undefined);
    await store.close();
    throw err;
  }
}
