/**
 * Conditional GETs for polling clients: a strong ETag over the JSON body, and 304
 * with no body when `If-None-Match` carries the current tag.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../core/http-conditional.js';
import { derivedOnce } from '../store/prepared.js';

export function etagOf(payload: string): string {
  // crypto.hash (Node >= 20.12) is the one-shot form: no Hash object per response.
  return `"${crypto.hash('sha1', payload, 'base64url')}"`;
}

/** A JSON body and its ETag. */
export interface TaggedJson {
  payload: string;
  tag: string;
}

export function taggedJson(body: unknown): TaggedJson {
  const payload = JSON.stringify(body);
  return { payload, tag: etagOf(payload) };
}

const shared = new WeakMap<object, TaggedJson>();

/**
 * `view(source)` as tagged JSON, made once per `source` when it is a record the hot
 * lookups share between requests until the database changes (see derivedOnce), so a
 * job polled many times is serialized and hashed once per version of its row.
 */
export function taggedJsonOf<T extends object>(source: T, view: (source: T) => unknown): TaggedJson {
  return derivedOnce<object, TaggedJson>(shared, source, () => taggedJson(view(source)));
}

/** Sends a JSON body with its ETag, or 304 when the client already has it. */
export function sendJsonWithEtag(request: FastifyRequest, reply: FastifyReply, body: TaggedJson, headers?: Record<string, string>): FastifyReply {
  reply.header('etag', body.tag).header('cache-control', 'no-cache');
  if (headers) reply.headers(headers);
  if (etagMatches(request.headers['if-none-match'], body.tag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.payload);
}
