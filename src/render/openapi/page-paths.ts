/**
 * Where Mintlify puts the page of an operation, so that links and redirects written
 * against a Mintlify site keep working: `{directory}/{tag slug}/{summary slug}`, e.g.
 * `POST /indexes/{uid}/search` tagged `Search`, summary `Search with POST`, in the
 * directory `reference/api` is `reference/api/search/search-with-post`.
 *
 * The rules follow Mintlify's page generator (`processOpenApiPath` and
 * `prepareStringToBeValidFilename` of its scraping package):
 * - directory: `directory` of the `openapi` source object, default `api-reference`;
 * - folder: the first tag, slugged; none (the directory itself) for an untagged operation;
 * - file: the summary, slugged; without a summary `{method}-{path}` with path parameters
 *   dropped (`GET /users/{id}` -> `get-users`), or for a webhook its name slugged
 *   (`orderUpdated` -> `orderupdated`, Mintlify's `processOpenApiWebhook`);
 * - a slug taken earlier in document order gets `-1`, `-2`, ...;
 * - `x-mint.href` on the operation replaces the whole path (`/guides/special` -> `guides/special`).
 */
import type { OperationInfo } from './operations.js';
import type { OpenApiObject } from './read-document.js';
import { objectAt } from './schema-utils.js';

export const DEFAULT_DIRECTORY = 'api-reference';

/**
 * Mintlify's slug: spaces become `-`, `{param}` becomes `-`, one leading and one trailing
 * `-` go, `{}(),.'` and `/` go, `--` becomes `-`, lower case. Other characters stay as
 * Mintlify keeps them (`who-&-why`), except those a static file URL cannot carry: `? # %`,
 * `\`, controls, and `:` (a relative link `a:b.html` would read as a URL scheme).
 */
export function mintlifySlug(text: string): string {
  return text
    .replaceAll(' ', '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replace(/[?#%:\\\u0000-\u001f\u007f]/g, '')
    .replaceAll('--', '-')
    .toLowerCase();
}

/** `x-mint.href` of an operation, as a page path (`/a/b` -> `a/b`); undefined when absent. */
export function hrefOverride(op: OpenApiObject | undefined): string | undefined {
  const href = objectAt(op?.['x-mint']).href;
  if (typeof href !== 'string' || !href.trim()) return undefined;
  const page = href.trim().replace(/^\/+|\/+$/g, '').replace(/\.mdx?$/i, '');
  return page ? page.toLowerCase() : undefined;
}

/** The page path of one operation before de-duplication. */
export function basePagePath(op: OperationInfo, directory: string = DEFAULT_DIRECTORY): string {
  if (op.href) return op.href;
  const file = (op.summary && mintlifySlug(op.summary)) || (op.webhook ? mintlifySlug(op.path) || 'webhook' : `${op.method.toLowerCase()}-${mintlifySlug(op.path)}`);
  const folder = op.tags[0] ? mintlifySlug(op.tags[0]) : '';
  return [directory, folder, file].filter(Boolean).join('/').toLowerCase();
}

/**
 * The pages of every operation of a document in one directory, in document order,
 * de-duplicated as Mintlify does (`-1`, `-2`, ...), then against `taken` (pages of other
 * documents and directories, and the author's own files).
 */
export function documentPagePaths(ops: OperationInfo[], directory: string, taken: (page: string, op: OperationInfo) => boolean): Map<OperationInfo, string> {
  const out = new Map<OperationInfo, string>();
  const mine = new Set<string>();
  // Excluded operations come last so they never shift the suffixes of published ones.
  for (const op of [...ops.filter((o) => !o.excluded), ...ops.filter((o) => o.excluded)]) {
    const base = basePagePath(op, directory);
    let page = base;
    for (let n = 1; mine.has(page) || taken(page, op); n++) page = `${base}-${n}`;
    mine.add(page);
    out.set(op, page);
  }
  return out;
}
