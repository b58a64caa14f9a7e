/**
 * Downloads behind the links of the fs blob driver: `GET|HEAD /v1/static-export/
 * bundles/<key>?expires=..&signature=..`. No Authorization header: the HMAC signature
 * is the credential (checked in constant time); expired or altered links get 403.
 * Supports Range, and sends Content-Length, ETag and Content-Type application/gzip.
 */
import type { FastifyInstance } from 'fastify';
import { BUNDLE_LINK_PATH } from '../blobs/types.js';
import { parseRange } from '../core/http-range.js';
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
        'content-type': 'application/gzip',
        'accept-ranges': 'bytes',
        etag,
        'cache-control': 'private, max-age=0',
        'content-disposition': `attachment; filename="${check.key.split('/').slice(-2).join('-')}"`,
      });
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const rangeHeader = request.headers.range;
      const ifRange = request.headers['if-range'];
      const range = rangeHeader && (!ifRange || ifRange === etag) ? parseRange(rangeHeader, info.size) : undefined;
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${info.size}`);
        return sendError(reply, 416, 'Requested range is not satisfiable');
      }
      if (range) {
        reply.code(206).headers({ 'content-range': `bytes ${range.start}-${range.end}/${info.size}`, 'content-length': String(range.end - range.start + 1) });
        if (request.method === 'HEAD') return reply.send();
        return reply.send(await blobs.read(check.key, range));
      }
      reply.header('content-length', String(info.size));
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await blobs.read(check.key));
    },
  });
}
