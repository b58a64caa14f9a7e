/**
 * `startHost`: the self-hosted bundle server. It listens at once (probes answer, pages
 * get a 503 until a site is ready), serves the last good site from the cache if there
 * is one, then fetches the configured bundle, verifies and installs it, and swaps it in.
 * `reload()` repeats the fetch (SIGHUP, config change); a failed fetch or verification
 * keeps the current site and logs why. Swapping replaces one pointer: requests already
 * running keep the site they started with, whose files stay on disk until a later swap.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { HostConfig } from './config.js';
import { fetchBundle, redactBundleUrl } from './fetch-bundle.js';
import { createRequestHandler, type HandlerOptions, type HostState } from './handler.js';
import { Site } from './site.js';
import { SiteCache, checkVersion } from './site-cache.js';
import { mcpAccess, type McpAccess } from './mcp/mcp-access.js';

export interface ReloadResult {
  /** True when a new site is now served. */
  updated: boolean;
  /** Why nothing changed: unchanged bundle, disabled, or the error that kept the old site. */
  reason?: string;
  bundleSha256?: string;
}

export interface RunningHost {
  url: string;
  /** Fetches the bundle again (with `config` when given) and swaps it in if it verifies. */
  reload(config?: HostConfig): Promise<ReloadResult>;
  /** The site being served, or null. */
  current(): Site | null;
  close(): Promise<void>;
}

export async function startHost(initialConfig: HostConfig, deps: { logger: Logger }): Promise<RunningHost> {
  const { logger } = deps;
  let config = initialConfig;
  const stopping = new AbortController();
  const state: HostState = { mode: config.staticExport.enabled ? 'waiting' : 'disabled', site: null };
  // Mutable so that a reload's serve options apply to the next request.
  // The MCP endpoint's accepted Host and Origin depend on the bound port: set once listening.
  const handlerOptions: HandlerOptions = { permanentRedirectStatus: config.serve.permanentRedirectStatus, accessLog: config.serve.accessLog, logger, mcp: false };
  const handler = createRequestHandler(() => state, handlerOptions);
  const server = createServer({ keepAliveTimeout: 5_000 }, handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const mcpOptions = (c: HostConfig): McpAccess | false => {
    if (!c.mcp.enabled) return false;
    const access = mcpAccess(c.publicUrl, c.host, address.port);
    if (access.hostUnchecked) logger.warn(`mcp: ${access.hostUnchecked}`);
    return access;
  };
  handlerOptions.mcp = mcpOptions(config);
  logger.info({ url, enabled: config.staticExport.enabled, mcp: config.mcp.enabled ? `${url}/mcp` : false }, 'quire host listening');

  const swap = (site: Site): void => {
    state.site = site;
    state.mode = 'serving';
  };

  /** The cached site, if it exists, opens and satisfies the pinned version. */
  const openCached = async (): Promise<Site | null> => {
    const cache = new SiteCache(config.cacheDir);
    const pointer = await cache.readPointer();
    if (!pointer) return null;
    let site: Site;
    try {
      site = await Site.open(pointer.id, cache.siteDir(pointer.id), { memoryCacheBytes: config.serve.memoryCacheBytes });
    } catch (err) {
      logger.warn({ reason: (err as Error).message }, 'cached site not usable');
      // A damaged install must not be reused when the same bundle is fetched again.
      await cache.remove(pointer.id);
      return null;
    }
    try {
      checkVersion(site.manifest, config.staticExport.version);
      return site;
    } catch (err) {
      logger.warn({ reason: (err as Error).message }, 'cached site not usable');
      return null;
    }
  };

  const update = async (): Promise<ReloadResult> => {
    if (!config.staticExport.enabled) {
      state.mode = 'disabled';
      state.site = null;
      logger.info('static export disabled: serving 503, fetching nothing');
      return { updated: false, reason: 'static export is disabled' };
    }
    if (state.mode === 'disabled') state.mode = 'waiting';
    const bundleUrl = config.staticExport.bundleUrl!;
    const cache = new SiteCache(config.cacheDir);
    const source = redactBundleUrl(bundleUrl);
    try {
      const archive = await cache.downloadPath();
      const started = Date.now();
      const fetched = await fetchBundle(bundleUrl, archive, { ...config.fetch, maxBytes: config.limits.maxArchiveBytes, logger, signal: stopping.signal });
      logger.info({ source, sizeBytes: fetched.sizeBytes, sha256: fetched.sha256, ms: Date.now() - started }, 'bundle downloaded');
      const installed = await cache.install(archive, fetched.sha256, {
        limits: config.limits,
        precompress: config.serve.precompress,
        pinnedVersion: config.staticExport.version,
      }).finally(() => cache.clearDownloads());
      const previous = state.site;
      if (previous && previous.id === installed.id && previous.manifest.version === installed.manifest.version) {
        logger.info({ bundleSha256: installed.id }, 'bundle unchanged');
        return { updated: false, reason: 'bundle unchanged', bundleSha256: installed.id };
      }
      const site = await Site.open(installed.id, installed.dir, { memoryCacheBytes: config.serve.memoryCacheBytes });
      await cache.writePointer({ id: site.id, previous: previous?.id ?? null, installedAt: new Date().toISOString(), source });
      swap(site);
      // Keep the site just replaced: requests that started on it may still be reading its files.
      await cache.prune([site.id, ...(previous && previous.id !== site.id ? [previous.id] : [])]);
      logger.info({ bundleSha256: site.id, jobId: site.manifest.jobId, version: site.manifest.version, files: site.files.size, reused: installed.reused, extractMs: installed.extractMs, precompressMs: installed.precompressMs, ms: Date.now() - started }, 'site ready');
      return { updated: true, bundleSha256: site.id };
    } catch (err) {
      const reason = (err as Error).message;
      if (state.site) logger.warn({ source, reason, servingBundle: state.site.id }, 'bundle update failed; still serving the last good site');
      else logger.error({ source, reason }, 'bundle update failed and no verified site is available');
      return { updated: false, reason };
    }
  };

  // Reloads run one after another; a reload asked for while one runs runs after it.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined); // the caller of this reload gets its failure through `run`; the next one still runs
    return run;
  };

  // With no site to serve (first start offline, refused bundle), keep trying now and then.
  let recheckTimer: NodeJS.Timeout | undefined;
  let recheckDelay = config.fetch.recheckMs;
  const scheduleRecheck = (): void => {
    clearTimeout(recheckTimer);
    if (state.site || !config.staticExport.enabled || stopping.signal.aborted) {
      recheckDelay = config.fetch.recheckMs;
      return;
    }
    logger.info({ inMs: recheckDelay }, 'no verified site yet: fetching again later');
    recheckTimer = setTimeout(() => void serialized(update).then(scheduleRecheck), recheckDelay);
    recheckTimer.unref();
    recheckDelay = Math.min(recheckDelay * 2, 600_000);
  };

  await serialized(async () => {
    if (!config.staticExport.enabled) return update();
    const cached = await openCached();
    if (cached) {
      swap(cached);
      logger.info({ bundleSha256: cached.id, version: cached.manifest.version }, 'serving the cached site while fetching the bundle');
    }
    const result = await update();
    if (!result.updated && cached && state.site === cached && result.reason !== 'bundle unchanged') {
      logger.warn({ reason: result.reason, bundleSha256: cached.id }, 'bundle link unusable (expired or offline?): serving the cached site');
    }
    return result;
  });
  scheduleRecheck();

  return {
    url,
    current: () => state.site,
    reload: (next?: HostConfig) =>
      serialized(async () => {
        if (next) {
          if (next.port !== config.port || next.host !== config.host) logger.warn('port and host changes take effect at the next start');
          if (state.site && next.staticExport.version !== null && state.site.manifest.version !== next.staticExport.version) {
            logger.warn({ serving: state.site.manifest.version, pinned: next.staticExport.version }, 'the site being served does not match the new pinned version');
          }
          config = { ...next, port: config.port, host: config.host };
          handlerOptions.permanentRedirectStatus = config.serve.permanentRedirectStatus;
          handlerOptions.accessLog = config.serve.accessLog;
          handlerOptions.mcp = mcpOptions(config);
        }
        const result = await update();
        scheduleRecheck();
        return result;
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopping.abort();
        clearTimeout(recheckTimer);
        // Requests being answered may finish (up to 5 s); idle keep-alive connections go now.
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      }),
  };
}
