import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pressArticlesResponseSchema } from '../../../shared/schemas/press.ts';
import { listPressArticles } from './press.service.ts';

/** The landing page's press block (product.md §2, §7): public, cacheable for a few minutes. */
export function registerPressRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/press-articles',
    {
      schema: {
        response: { 200: pressArticlesResponseSchema },
        tags: ['content'],
        operationId: 'listPressArticles',
        summary: 'The newest published press articles (at most 6)',
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { articles: await listPressArticles(app.database.db) };
    },
  );
}
