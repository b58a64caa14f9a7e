/**
 * Conditional GETs for polling clients: a strong ETag over the JSON body, and 304
 * with no body when `If-None-Match` carries the current tag.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function etagOf(payload: string): string {
  // crypto.hash (Node >= 20.12) is the one-shot form: no Hash object per response.
  return `"${crypto.hash('sha1', payload, 'base64url')}"`;
}

function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/** Sends `body` as JSON with an ETag, or 304 when the client already has it. */
export function sendJsonWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown, headers: Record<string, string> = {}): FastifyReply {
  const payload = JSON.stringify(body);
  const tag = etagOf(payload);
  reply.headers({ etag: tag, 'cache-control': 'no-cache', ...headers });
  if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(payload);
}
