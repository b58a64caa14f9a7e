/**
 * Downloads behind the links of the fs blob driver: `GET|HEAD /v1/static-export/
 * bundles/<key>?expires=..&signature=..`. No Authorization header: the HMAC signature
 * is the credential (checked in constant time); expired or altered links get 403.
 * Supports Range and If-None-Match, and sends Content-Length, ETag and the blob's Content-Type.
 */
import type { FastifyInstance } from 'fastify';
import { BUNDLE_LINK_PATH, blobContentType } from '../blobs/types.js';
import { contentRange, etagMatches, requestedRange } from '../core/http-conditional.js';
import type { AppDeps } from './deps.js';
import { sendError } from './error-handler.js';

export function registerBundleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { blobs } = deps;
  const checkLink = blobs.checkLink?.bind(blobs);
  if (!checkLink) return; // s3 links point at the bucket, not at Quire.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${BUNDLE_LINK_PATH}*`,
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      const check = checkLink(request.url);
      if (!check.ok) return sendError(reply, 403, check.reason === 'expired' ? 'This link has expired; ask for a new one' : 'This link is not valid');
      const info = await blobs.stat(check.key);
      if (!info) return sendError(reply, 404, 'Bundle not found');
      const etag = info.etag ?? `"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`;
      reply.headers({
        'content-type': blobContentType(check.key),
        'accept-ranges': 'bytes',
        etag,
        'cache-control': 'private, max-age=0',
        'content-disposition': `attachment; filename="${check.key.split('/').slice(-2).join('-')}"`,
      });
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const range = requestedRange(request.headers.range, request.headers['if-range'], info.size, etag);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${info.size}`);
        return sendError(reply, 416, 'Requested range is not satisfiable');
      }
      if (range) {
        reply.code(206).headers({ 'content-range': contentRange(range, info.size), 'content-length': String(range.end - range.start + 1) });
        if (request.method === 'HEAD') return reply.send();
        return reply.send(await blobs.read(check.key, range));
      }
      reply.header('content-length', String(info.size));
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await blobs.read(check.key));
    },
  });
}
