import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../app-error.ts';
import { isLocalRequest } from './local-request.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics (heap, process and per-route figures): a request from this machine, or,
 * when METRICS_TOKEN is set, anyone presenting it as a bearer token (compared in constant time).
 * Anyone else hears 404, as if there were nothing here.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (isLocalRequest(request)) return true;
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/** Prometheus metrics at /metrics: process defaults plus request durations by route and status. */
export function registerMetrics(app: FastifyInstance, token?: string): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) throw new AppError('NOT_FOUND', 'No route for GET /metrics');
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
