/**
 * Errors Quire deliberately goes on after (a cache entry that cannot be read is rebuilt, a
 * log line that cannot be parsed is passed through): each is counted by the place it
 * happened in `quire_ignored_errors_total{site}` and logged at debug level, so an operator
 * who sees a count climb on `/metrics` can turn on debug logs and read why.
 *
 * Sites where ignoring is plainly right (removing a temp folder that may be gone) say so in
 * a comment instead; the linter (eslint.config.js, `quire/catch-needs-reason`) refuses a
 * catch that drops its error with neither.
 */
import type { Logger } from './logger.js';

/**
 * Counts by site. A plain map, not a prom-client counter: this module is loaded by nearly
 * every other, in every export process and render thread, and prom-client costs ~0.1 s of
 * CPU to load; api/metrics.ts turns the map into the counter when `/metrics` is read.
 */
const counts = new Map<string, number>();

/** What `noteIgnored` counted so far in this thread, by site. */
export function ignoredErrorCounts(): ReadonlyMap<string, number> {
  return counts;
}

let debugLogger: Logger | undefined;

/** Where `noteIgnored` logs: the process's logger, set once at start-up (none in tests: only counted). */
export function setIgnoredErrorLogger(logger: Logger | undefined): void {
  debugLogger = logger;
}

/**
 * Counts `err` under `site` (a short stable name such as `host.site-cache.read-meta`) and
 * logs it at debug level. Returns nothing: the caller goes on with its fallback.
 */
export function noteIgnored(site: string, err: unknown): void {
  counts.set(site, (counts.get(site) ?? 0) + 1);
  if (debugLogger?.isLevelEnabled('debug')) debugLogger.debug({ site, err: err instanceof Error ? err.message : String(err) }, 'error ignored');
}
