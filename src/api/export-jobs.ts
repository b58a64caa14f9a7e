/** Static export routes: `/v1/static-export/jobs`, status, and bundle links. */
import type { FastifyInstance } from 'fastify';
import { createBundleLink, getExportJob, startExport, toExportJob, type ExportSettings, type StartExportRequest } from '../core/export-jobs.js';
import type { AppDeps } from './deps.js';
import { principalOf } from './auth.js';
import { sendJsonWithEtag, taggedJson } from './etag.js';
import { bundleLinkSchema, errorResponses, exportJobSchema } from './schemas.js';

const jobIdParams = { type: 'object', required: ['jobId'], properties: { jobId: { type: 'string', maxLength: 64 } } } as const;

export function exportSettings(deps: AppDeps): ExportSettings {
  const e = deps.config.exports;
  return { maxActivePerOrg: e.maxActivePerOrg, linkTtlSeconds: e.linkTtlSeconds, timeoutSeconds: e.timeoutSeconds, maxAttempts: e.maxAttempts };
}

export function registerExportJobRoutes(app: FastifyInstance, deps: AppDeps): void {
  const settings = exportSettings(deps);

  app.post<{ Body: StartExportRequest }>(
    '/v1/static-export/jobs',
    {
      schema: {
        summary: 'Start a static export',
        tags: ['static-export'],
        body: {
          type: 'object',
          required: ['domain'],
          additionalProperties: false,
          properties: {
            domain: { type: 'string', description: 'Bare hostname of one of the organization\'s projects', maxLength: 253 },
            version: { type: 'string', maxLength: 100, description: 'Recorded and written into the bundle manifest' },
            paths: { type: 'array', items: { type: 'string', maxLength: 512 }, minItems: 1, maxItems: 10000, description: 'Only these pages' },
          },
        },
        response: { 202: exportJobSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const job = await startExport({ store: deps.store, queue: deps.queue, settings }, principalOf(request).orgId, request.body);
      return reply.code(202).send(toExportJob(job));
    },
  );

  app.get<{ Params: { jobId: string } }>(
    '/v1/static-export/jobs/:jobId',
    {
      schema: {
        summary: 'Get an export job',
        tags: ['static-export'],
        params: jobIdParams,
        response: { 200: exportJobSchema, 304: { type: 'null', description: 'Not modified' }, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const job = await getExportJob(deps.store, principalOf(request).orgId, request.params.jobId);
      const running = job.status === 'queued' || job.status === 'running';
      return sendJsonWithEtag(request, reply, taggedJson(toExportJob(job)), running ? { 'retry-after': '2' } : undefined);
    },
  );

  app.post<{ Params: { jobId: string } }>(
    '/v1/static-export/jobs/:jobId/bundle',
    {
      schema: {
        summary: 'Mint a fresh download link for a completed export\'s bundle',
        tags: ['static-export'],
        params: jobIdParams,
        response: { 200: bundleLinkSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => createBundleLink({ store: deps.store, blobs: deps.blobs, settings }, principalOf(request).orgId, request.params.jobId),
  );
}
