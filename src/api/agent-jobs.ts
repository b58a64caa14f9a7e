/**
 * Agent job routes: `/v2/agent/{projectId}/job/...`: read a job (clients poll it), and
 * create, follow up, archive and read the transcript, which send runs to the queue.
 */
import type { FastifyInstance } from 'fastify';
import {
  archiveAgentJob,
  createAgentJob,
  followUpAgentJob,
  getAgentTranscript,
  type AgentServiceDeps,
} from '../agent/agent-job-service.js';
import { getAgentJobRecord, getAgentJobRecordNow, toAgentJob } from '../core/agent-jobs.js';
import { principalOf } from './auth.js';
import { sendJsonWithEtag, taggedJsonOf } from './etag.js';
import { agentJobSchema, errorResponses } from './schemas.js';

const jobParams = {
  type: 'object',
  required: ['projectId', 'id'],
  properties: { projectId: { type: 'string', maxLength: 100 }, id: { type: 'string', maxLength: 100 } },
} as const;

const projectParams = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: { type: 'string', maxLength: 100 } },
} as const;

const promptProperty = { type: 'string', description: 'What the agent should do' } as const;

const transcriptSchema = {
  type: 'object',
  required: ['jobId', 'status', 'failureReason', 'messages'],
  properties: {
    jobId: { type: 'string' },
    status: { type: 'string', enum: ['active', 'completed', 'archived', 'failed'] },
    failureReason: { type: ['string', 'null'], description: 'Why the job failed' },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seq', 'role', 'content', 'createdAt'],
        properties: {
          seq: { type: 'integer' },
          role: { type: 'string', description: 'user, assistant, tool, validation, result or error' },
          content: { type: 'object', additionalProperties: true },
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

export function registerAgentJobRoutes(app: FastifyInstance, service: AgentServiceDeps): void {
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
    // Not async: a job the store can read now (SQLite, the embedded default) is sent
    // in the same turn of the event loop, without a promise. Clients poll this route.
    (request, reply) => {
      const { orgId } = principalOf(request);
      const { projectId, id } = request.params;
      const job = getAgentJobRecordNow(service.store, orgId, projectId, id);
      if (job) {
        sendJsonWithEtag(request, reply, taggedJsonOf(job, toAgentJob));
        return;
      }
      return getAgentJobRecord(service.store, orgId, projectId, id).then((j) => sendJsonWithEtag(request, reply, taggedJsonOf(j, toAgentJob)));
    },
  );

  app.post<{ Params: { projectId: string }; Body: { prompt: string; ref?: string; model?: string } }>(
    '/v2/agent/:projectId/job',
    {
      schema: {
        summary: 'Create an agent job',
        tags: ['agent'],
        params: projectParams,
        body: {
          type: 'object',
          required: ['prompt'],
          properties: {
            prompt: promptProperty,
            ref: { type: 'string', maxLength: 200, description: "Branch, tag or commit to start from (default: the project's default ref)" },
            model: { type: 'string', maxLength: 200, description: 'One of the allowed models (default: the first)' },
          },
        },
        response: { 201: agentJobSchema, ...errorResponses(404, 429, 503) },
      },
    },
    async (request, reply) => {
      const { orgId } = principalOf(request);
      const job = await createAgentJob(service, orgId, request.params.projectId, request.body);
      return reply.code(201).send(toAgentJob(job));
    },
  );

  app.post<{ Params: { projectId: string; id: string }; Body: { prompt: string } }>(
    '/v2/agent/:projectId/job/:id/message',
    {
      schema: {
        summary: 'Send a follow-up to a completed agent job',
        tags: ['agent'],
        params: jobParams,
        body: { type: 'object', required: ['prompt'], properties: { prompt: promptProperty } },
        response: { 200: agentJobSchema, ...errorResponses(404, 409, 429, 503) },
      },
    },
    async (request) => {
      const { orgId } = principalOf(request);
      return toAgentJob(await followUpAgentJob(service, orgId, request.params.projectId, request.params.id, request.body));
    },
  );

  app.post<{ Params: { projectId: string; id: string } }>(
    '/v2/agent/:projectId/job/:id/archive',
    {
      schema: {
        summary: 'Archive a completed or failed agent job',
        tags: ['agent'],
        params: jobParams,
        response: { 200: agentJobSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { orgId } = principalOf(request);
      return toAgentJob(await archiveAgentJob(service.store, orgId, request.params.projectId, request.params.id));
    },
  );

  app.get<{ Params: { projectId: string; id: string } }>(
    '/v2/agent/:projectId/job/:id/messages',
    {
      schema: {
        summary: "An agent job's transcript and, for a failed job, the reason",
        tags: ['agent'],
        params: jobParams,
        response: { 200: transcriptSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { orgId } = principalOf(request);
      return getAgentTranscript(service.store, orgId, request.params.projectId, request.params.id);
    },
  );
}
