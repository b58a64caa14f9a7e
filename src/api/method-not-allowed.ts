/**
 * Unknown routes answer 404, and a known path asked with a method it does not serve
 * answers 405 with an `Allow` header. Fastify only knows 404, so the registered routes
 * are collected as patterns and checked in the not-found handler.
 */
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';

interface RoutePattern {
  regex: RegExp;
  methods: Set<string>;
}

function toRegex(url: string): RegExp {
  const body = url
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // Exactly the route's path: with a trailing slash it is another path, and answers 404.
  return new RegExp(`^${body}$`);
}

export function installNotFound(app: FastifyInstance): void {
  const patterns = new Map<string, RoutePattern>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const entry = patterns.get(route.url) ?? { regex: toRegex(route.url), methods: new Set<string>() };
    for (const m of methods) entry.methods.add(m.toUpperCase());
    patterns.set(route.url, entry);
  });
  app.setNotFoundHandler((request, reply) => {
    // Matched routes set it in their first hook (app.ts); no route hook runs here.
    reply.header('x-request-id', request.id);
    const path = request.url.split('?')[0] ?? '/';
    const allowed = new Set<string>();
    for (const p of patterns.values()) if (p.regex.test(path)) for (const m of p.methods) allowed.add(m);
    if (allowed.size > 0) {
      return sendError(reply, 405, `Method ${request.method} is not allowed on ${path}`, { allow: [...allowed].sort().join(', ') });
    }
    return sendError(reply, 404, `Route ${request.method} ${path} not found`);
  });
}
