import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../shared/schemas/health.ts';
import type { Database } from '../../db/client.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** Liveness and readiness: 200 when the database answers, 503 when it does not. */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
        tags: ['operations'],
        operationId: 'checkHealth',
        summary: 'Liveness and database readiness: 200 when the database answers, 503 when it does not',
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let databaseStatus: 'ok' | 'unavailable' = 'ok';
      try {
        await database.ping();
      } catch {
        databaseStatus = 'unavailable';
      }
      reply.headers(noStore);
      const body = {
        status: databaseStatus === 'ok' ? ('ok' as const) : ('degraded' as const),
        uptimeSeconds: Math.round(process.uptime()),
        database: { status: databaseStatus, kind: database.kind, latencyMs: Math.round(performance.now() - started) },
      };
      return reply.status(databaseStatus === 'ok' ? 200 : 503).send(body);
    },
  );
}
