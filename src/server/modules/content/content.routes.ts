import type { FastifyInstance } from 'fastify';
import type { ContentDocument } from '../../../shared/schemas/content.ts';
import { loadContent } from '../../../shared/content-reader.server.ts';
import { renderRobots, renderSitemap, sitemapEntries } from './sitemap.ts';

/** GET /sitemap.xml and /robots.txt. Content is read once, when the app is built. */
export function registerContentRoutes(app: FastifyInstance, documents: readonly ContentDocument[] = loadContent()): void {
  const entries = sitemapEntries(documents);
  const cacheControl = 'public, max-age=3600';

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(renderSitemap(app.publicOrigin(request), entries)),
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(renderRobots(app.publicOrigin(request))),
  );
}
