import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchContentQuerySchema, searchResponseSchema } from '../../../shared/schemas/search.ts';
import { supportSearchHits } from '../support/support-search.ts';
import { searchContent } from './search.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/**
 * GET /functions/v1/search-content (product.md §7). Visitors search too (product.md §6): the bearer is either a
 * user's access token or the public anonymous key; without a valid one the answer is 401.
 */
export function registerSearchRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/functions/v1/search-content',
    {
      schema: {
        querystring: searchContentQuerySchema,
        response: { 200: searchResponseSchema },
        tags: ['functions'],
        operationId: 'searchContent',
        summary:
          'Full-text search of published documentation, support and knowledge-base content, and of the framework catalogue’s requirements (by id or words)',
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'anyKey', rateLimit: { max: app.env.SEARCH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const content = await searchContent(app.database.db, { ...request.query, requirements: true });
      // A signed-in user's own support requests (docs/support.md), on the first unfiltered page only.
      const isFirstPage = request.query.offset === 0 && !request.query.types.length && !request.query.categories.length;
      const supportRequests = isFirstPage ? await supportSearchHits(request, request.query.q) : [];
      return supportRequests.length > 0 ? { ...content, supportRequests } : content;
    },
  );
}
