/**
 * Small pieces of the export proper (export-run.ts) that need nothing of its state: the
 * options' checks, the pages `paths` selects, a bounded map, and the report's orderings.
 */
import { InvalidError } from '../core/errors.js';
import { isHttpUrl } from '../core/http-url.js';
import type { Deployment, Diagnostic, ExportOptions } from './types.js';
import { normalizePagePath } from './output/page-paths.js';
import type { SitePlan } from './output/plan-site.js';
import type { RenderTask } from './pool/render-task.js';
import { remoteMediaMode } from './media/remote-media.js';

const DEPLOYMENTS: Deployment[] = ['cloud', 'client-hosted', 'air-gapped'];

/** Maps with at most `limit` promises in flight, keeping the order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** Refuses options no export can run with, naming the bad value. */
export async function checkOptions(options: ExportOptions): Promise<void> {
  if (options.deployment && !DEPLOYMENTS.includes(options.deployment)) {
    throw new InvalidError(`unknown deployment "${options.deployment}" (expected ${DEPLOYMENTS.join(', ')})`);
  }
  if (options.baseUrl !== undefined) {
    if (!isHttpUrl(options.baseUrl)) throw new InvalidError(`base URL "${options.baseUrl}" is not an absolute http(s) URL`);
  }
  // The parser (and ipaddr.js) is loaded only for an export that has entries.
  const entries = options.fetchAllow ?? [];
  if (entries.length > 0) {
    const { parseAllowEntry } = await import('../core/allow-entry.js');
    for (const entry of entries) {
      try {
        parseAllowEntry(entry);
      } catch (err) {
        throw new InvalidError(`fetch allow-list: ${(err as Error).message}`);
      }
    }
  }
  remoteMediaMode(options, options.deployment ?? 'cloud');
}

/** The pages to render: all of them, or those named by `paths` (each must exist). */
export function selectTasks(plan: SitePlan, paths: string[] | undefined): RenderTask[] {
  if (!paths) return plan.tasks;
  const byPage = new Map(plan.tasks.map((t) => [t.page, t]));
  const chosen = new Set<string>();
  for (const raw of paths) {
    const page = normalizePagePath(raw);
    if (!byPage.has(page)) throw new InvalidError(`unknown page "${raw}": no such page in the site`);
    chosen.add(page);
  }
  return plan.tasks.filter((t) => chosen.has(t.page));
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Pages in the order they render: the pages of `first` (if any), then by search shard, then
 * by path. `shardOf` is asked once per page (it hashes).
 */
export function renderOrder<T extends { page: string }>(list: T[], shardOf: (task: T) => number, first: ReadonlySet<string> = new Set()): T[] {
  const shards = new Map(list.map((t) => [t, shardOf(t)]));
  return list.sort((a, b) => Number(first.has(b.page)) - Number(first.has(a.page)) || shards.get(a)! - shards.get(b)! || cmp(a.page, b.page));
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list.sort((a, b) => cmp(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || cmp(a.message, b.message));
}
