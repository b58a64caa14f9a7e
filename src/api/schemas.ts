/**
 * JSON schemas of the API's bodies. Routes reference them, Fastify validates and
 * serialises with them, and the OpenAPI document is generated from them.
 */
export const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } },
} as const;

const isoTime = { type: 'string', format: 'date-time' } as const;
const nullableIsoTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const agentJobSchema = {
  type: 'object',
  required: ['id', 'status', 'source', 'model', 'prLink', 'createdAt', 'archivedAt'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['active', 'completed', 'archived', 'failed'] },
    source: {
      type: 'object',
      required: ['repository', 'ref'],
      properties: { repository: { type: 'string' }, ref: { type: 'string', description: 'The branch the agent works on' } },
    },
    model: { type: 'string' },
    prLink: { type: ['string', 'null'], description: 'Web URL of the pull request; null while active and when no file changed' },
    createdAt: isoTime,
    archivedAt: nullableIsoTime,
  },
} as const;

export const exportJobSchema = {
  type: 'object',
  required: ['jobId', 'status', 'progress', 'pageCount', 'createdAt', 'updatedAt', 'error'],
  properties: {
    jobId: { type: 'string', pattern: '^se_[0-9a-f]{16}$' },
    status: { type: 'string', enum: ['queued', 'running', 'completed', 'failed'] },
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    pageCount: { type: 'integer', minimum: 0 },
    createdAt: isoTime,
    updatedAt: isoTime,
    error: { type: ['string', 'null'] },
  },
} as const;

export const bundleLinkSchema = {
  type: 'object',
  required: ['jobId', 'bundleUrl', 'sizeBytes', 'sha256', 'expiresAt'],
  properties: {
    jobId: { type: 'string' },
    bundleUrl: { type: 'string', format: 'uri' },
    sizeBytes: { type: 'integer' },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    expiresAt: isoTime,
  },
} as const;

/** Responses every authenticated route may give, merged into each route's schema. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorSchema> {
  const out: Record<number, typeof errorSchema> = {};
  for (const s of [400, 401, 403, ...statuses]) out[s] = errorSchema;
  return out;
}
