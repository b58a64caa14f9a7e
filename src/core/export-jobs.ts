/**
 * Static export jobs: starting one (checks of domain, plan, limits and paths), how a job
 * looks through the API, and minting bundle links. Running a job is run-export-job.ts.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BlobStore } from '../blobs/types.js';
import type { Queue } from '../queue/types.js';
import { findOrganization } from '../store/records/organizations.js';
import { findProjectByDomain, type Project } from '../store/records/projects.js';
import * as records from '../store/records/export-jobs.js';
import type { ExportJobRecord } from '../store/records/export-jobs.js';
import type { Store } from '../store/types.js';
import { isRemoteUrl } from '../git/git-runner.js';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError, RateLimitedError } from './errors.js';
import { newId, nowIso } from './ids.js';
import { domainProblem } from './projects.js';
import { normalizePagePath } from '../render/output/page-paths.js';

export const EXPORT_QUEUE = 'static-export';
export const EXPORT_NOT_FOUND = 'Export job not found';

/** The export job of the API contract. */
export interface ExportJob {
  jobId: string;
  status: ExportJobRecord['status'];
  progress: number;
  pageCount: number;
  createdAt: string;
  updatedAt: string;
  error: string | null;
}

export function toExportJob(r: ExportJobRecord): ExportJob {
  return { jobId: r.id, status: r.status, progress: r.progress, pageCount: r.pageCount, createdAt: r.createdAt, updatedAt: r.updatedAt, error: r.error };
}

export interface ExportSettings {
  maxActivePerOrg: number;
  linkTtlSeconds: number;
  timeoutSeconds: number;
  maxAttempts: number;
}

export interface StartExportRequest {
  domain: unknown;
  version?: unknown;
  paths?: unknown;
}


function checkPaths(value: unknown, project: Project): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length === 0 || !value.every((p) => typeof p === 'string' && p.trim() !== '')) {
    throw new InvalidError('paths must be a non-empty array of page paths');
  }
  const pages = [...new Set(value.map((p: string) => normalizePagePath(p)))];
  for (const page of pages) {
    if (page.split('/').some((s) => s === '..' || s === '.')) throw new InvalidError(`paths: "${page}" is not a page path`);
  }
  // A local source is checked now; a git source is checked when the job has cloned it
  // (the job then fails naming the path), since cloning here would stall the request.
  if (!isRemoteUrl(project.repository)) {
    const root = resolve(project.repository, project.docsPath);
    for (const page of pages) {
      if (!['.mdx', '.md'].some((ext) => existsSync(join(root, page + ext)))) {
        throw new InvalidError(`paths: "${page}" is not a page of the site`);
      }
    }
  }
  return pages.sort();
}

export async function startExport(
  deps: { store: Store; queue: Queue; settings: ExportSettings },
  orgId: string,
  body: StartExportRequest,
): Promise<ExportJobRecord> {
  const problem = domainProblem(body.domain);
  if (problem) throw new InvalidError(problem);
  if (body.version !== undefined && body.version !== null && (typeof body.version !== 'string' || !/^[\w.+-]{1,100}$/.test(body.version))) {
    throw new InvalidError('version must be a string of letters, digits, ".", "_", "+" or "-" (at most 100)');
  }
  const domain = (body.domain as string).toLowerCase();
  const project = await findProjectByDomain(deps.store.db, domain);
  if (!project || project.orgId !== orgId) throw new NotFoundError(`No project of this organization has the domain ${domain}`);
  const org = await findOrganization(deps.store.db, orgId);
  if (!org?.features.includes('static-export')) throw new ForbiddenError('Static export is not part of this organization\'s plan');
  const paths = checkPaths(body.paths, project);

  const limit = deps.settings.maxActivePerOrg;
  const tooMany = () => new RateLimitedError(`At most ${limit} exports may be queued or running at once; wait for one to finish`, 30);
  if ((await records.countActiveExports(deps.store.db, orgId)) >= limit) throw tooMany();
  const now = nowIso();
  const job = await records.insertExportJob(deps.store.db, {
    id: newId('se'),
    orgId,
    projectId: project.id,
    domain,
    version: (body.version as string | undefined) ?? null,
    paths,
    status: 'queued',
    progress: 0,
    pageCount: 0,
    error: null,
    bundleKey: null,
    bundleSize: null,
    bundleSha256: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  });
  // Count again after inserting: two API processes racing past the first check both
  // see each other here, and the late one withdraws, so the limit holds across them.
  if ((await records.countActiveExports(deps.store.db, orgId)) > limit) {
    await records.deleteExportJob(deps.store.db, job.id);
    throw tooMany();
  }
  await enqueueExport(deps.queue, deps.settings, job.id);
  return job;
}

/** Queues an export's run; while the queue keeps that run (any state), returns its id and queues nothing. */
export function enqueueExport(queue: Queue, settings: Pick<ExportSettings, 'maxAttempts' | 'timeoutSeconds'>, jobId: string): Promise<string> {
  return queue.send(EXPORT_QUEUE, { jobId }, {
    singletonKey: jobId,
    retryLimit: settings.maxAttempts - 1,
    retryDelaySeconds: 5,
    expireInSeconds: settings.timeoutSeconds,
  });
}

export async function getExportJob(store: Store, orgId: string, jobId: string): Promise<ExportJobRecord> {
  const job = await records.findExportJob(store.db, jobId);
  if (!job || job.orgId !== orgId) throw new NotFoundError(EXPORT_NOT_FOUND);
  return job;
}

export interface BundleLink {
  jobId: string;
  bundleUrl: string;
  sizeBytes: number;
  sha256: string;
  expiresAt: string;
}

/** A fresh link for a completed job's bundle (every call mints a new one). */
export async function createBundleLink(deps: { store: Store; blobs: BlobStore; settings: ExportSettings }, orgId: string, jobId: string): Promise<BundleLink> {
  const job = await getExportJob(deps.store, orgId, jobId);
  if (job.status !== 'completed' || !job.bundleKey) {
    throw new ConflictError(`The export is ${job.status}; its bundle is available once it is completed`);
  }
  const link = await deps.blobs.presignGet(job.bundleKey, deps.settings.linkTtlSeconds, { downloadName: `${job.domain}-${job.id}.tar.gz` });
  return { jobId: job.id, bundleUrl: link.url, sizeBytes: job.bundleSize ?? 0, sha256: job.bundleSha256 ?? '', expiresAt: link.expiresAt };
}

export function bundleKeyOf(jobId: string): string {
  return `${jobId}/bundle.tar.gz`;
}
