/** `quire host`: the self-hosted server that fetches, verifies and serves a static export bundle. */
export { loadHostConfig, resolveHostConfig, type HostConfig, type LoadedHostConfig } from './config.js';
export { startHost, type ReloadResult, type RunningHost } from './host.js';
export { fetchBundle, redactBundleUrl } from './fetch-bundle.js';
export { SiteCache } from './site-cache.js';
