import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the Authorization header is `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return !!given && timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics at /metrics: process defaults plus request durations per route. Access
 * (METRICS_TOKEN, docs/decisions/014): a bearer token when one is set; open outside production
 * when none is; not served at all in production without one.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { access: Config['metrics'] }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const { access } = opts;
  if (access !== 'off') {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (typeof access === 'object' && !bearerMatches(request.headers.authorization, access.token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHORIZED', 'errors.unauthorized');
      }
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  }
  app.decorate('metricsRegistry', registry);
});

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
  }
}
