/** Agent job routes: `/v2/agent/{projectId}/job/...`. */
import type { FastifyInstance } from 'fastify';
import { getAgentJobRecord, toAgentJob } from '../core/agent-jobs.js';
import type { AppDeps } from './deps.js';
import { principalOf } from './auth.js';
import { sendJsonWithEtag } from './etag.js';
import { agentJobSchema, errorResponses } from './schemas.js';

const jobParams = {
  type: 'object',
  required: ['projectId', 'id'],
  properties: { projectId: { type: 'string', maxLength: 100 }, id: { type: 'string', maxLength: 100 } },
} as const;

export function registerAgentJobRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { projectId: string; id: string } }>(
    '/v2/agent/:projectId/job/:id',
    {
      schema: {
        summary: 'Get an agent job',
        tags: ['agent'],
        params: jobParams,
        response: { 200: agentJobSchema, 304: { type: 'null', description: 'Not modified' }, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { orgId } = principalOf(request);
      const job = await getAgentJobRecord(deps.store, orgId, request.params.projectId, request.params.id);
      return sendJsonWithEtag(request, reply, toAgentJob(job));
    },
  );
}
