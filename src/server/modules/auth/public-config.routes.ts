import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../shared/schemas/auth.ts';
import type { AuthDeps } from './context.ts';

/** GET /api/v1/public-config (public): the anon key and which sign-in providers are on. */
export function registerPublicConfigRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/public-config',
    {
      schema: {
        tags: ['auth'],
        operationId: 'getPublicConfig',
        summary: 'The public anonymous key and which sign-in providers are on',
        response: { 200: publicConfigSchema },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        anonKey: deps.keys.anonKey,
        providers: { google: Boolean(deps.env.OIDC_CLIENT_ID && deps.env.OIDC_CLIENT_SECRET) },
      };
    },
  );
}
