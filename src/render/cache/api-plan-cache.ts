/**
 * The API reference plan (openapi/plan.ts) kept in the export's cache folder between
 * exports. Planning reads, validates and dereferences every OpenAPI document the site
 * names: on Mintlify's docs (24 documents) ~0.4 s on the scan's path of a warm export,
 * the same every time no document changed, and the validator's and parser's modules
 * (~0.1 s more) are loaded only to do it.
 *
 * `api-plan.json` holds the last plan with what it depended on: a key over the engine, the
 * deployment, the resolved config, the site's file list (which decides how references
 * resolve and which page paths are taken), its skipped links and the pages' `openapi:` /
 * `asyncapi:` frontmatter; and a hash of every file the plan read or tried to read
 * (documents, `$ref` targets: read-document.ts `PlanInputs`) and of every JSON and YAML
 * file (the search for a document by name reads their first bytes). The plan is taken
 * again only when the key is the same and every one of those files, read again through
 * the same confinement, still has its hash: what it reports (its diagnostics) is what
 * planning those same bytes again would report. A plan that read a URL (a document or a
 * `$ref`) is never kept: what the network answers is no input a hash pins. One file, the
 * last plan: it never grows; an unreadable or stale file only costs the planning it saves.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from './cache-key.js';
import { engineCode } from './engine-version.js';
import { inputHash, inputHashes, keep, readKept, stillHashes } from './input-hashes.js';
import { claimsOf, type FrontmatterClaims, type PageClaim } from '../openapi/scan-frontmatter.js';
import type { Outbound, PlanInputs } from '../openapi/read-document.js';
import type { ApiReferencePlan } from '../openapi/types.js';
import type { SkippedLink } from '../output/walk-files.js';
import type { Deployment, SiteConfig } from '../types.js';

const FORMAT = 'quire-api-plan-1';
/** The files DocumentIndex reads the head of when it looks for a document (openapi/document-index.ts). */
const SPEC_FILE = /\.(json|ya?ml)$/i;

interface StoredPlan {
  format: string;
  key: string;
  /** Path -> hash of its bytes (or of why it could not be read). */
  reads: Record<string, string>;
  plan: ApiReferencePlan;
}

/** What planning takes besides the claims and the outbound it is given. */
export interface PlanArgs {
  root: string;
  config: SiteConfig;
  deployment: Deployment;
  /** Each page source's pageClaim, as the scan found it (path -> claim: source/source-facts.ts). */
  pageClaims: ReadonlyMap<string, PageClaim | undefined>;
  outbound: Outbound | undefined;
  /** Every file of the docs folder (walk-files.ts), and the links its walk skipped. */
  files: readonly string[];
  links: readonly SkippedLink[];
}

/** Plans the API reference: openapi/plan.ts, given the claims already scanned and the outbound to read through. */
export type Planner = (claims: FrontmatterClaims, outbound: Outbound | undefined) => Promise<ApiReferencePlan>;

/** `plan(...)`, or the plan kept in `cacheDir` while it still holds (see the header). */
export async function cachedApiPlan(cacheDir: string | undefined, args: PlanArgs, plan: Planner): Promise<ApiReferencePlan> {
  const { root, config, deployment, pageClaims, outbound, files, links } = args;
  const claims = claimsOf(pageClaims);
  if (!cacheDir) return plan(claims, outbound);
  const file = join(cacheDir, 'api-plan.json');
  // A skipped link is not in the file list, yet decides whether a page path is taken (existsSync follows it).
  const linkState = links.map((l) => [l.path, l.outside, existsSync(join(root, l.path))]);
  const key = sha256(FORMAT, engineCode(), deployment, JSON.stringify(config), JSON.stringify(files), JSON.stringify(linkState), JSON.stringify(claims));
  const stored = await readKept<StoredPlan>(file, 'render.api-plan-cache.read');
  if (stored?.format === FORMAT && stored.key === key && stored.reads && stored.plan && (await stillHashes(root, stored.reads))) return stored.plan;

  // The documents are hashed before planning reads them, the few other files it read after.
  const specFiles = files.filter((f) => SPEC_FILE.test(f));
  const before = await inputHashes(root, specFiles);
  const inputs: PlanInputs = { files: new Set(), remote: false };
  const planned = await plan(claims, { policy: {}, ...outbound, inputs });
  const copied = [...planned.endpoints, ...planned.channels].some((spec) => spec.localCopy !== undefined);
  if (inputs.remote || copied) return planned;
  const reads = before;
  for (const f of [...inputs.files].sort()) reads[f] ??= await inputHash(root, f);
  await keep(file, { format: FORMAT, key, reads, plan: planned } satisfies StoredPlan, 'render.api-plan-cache.write');
  return planned;
}
