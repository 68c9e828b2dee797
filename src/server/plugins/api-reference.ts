import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Where the readable API reference lives, and where its OpenAPI document can be downloaded. */
export const API_REFERENCE_PATH = '/api/reference';
export const OPENAPI_JSON_PATH = '/api/openapi.json';

/**
 * The OpenAPI document at its conventional path (/api/openapi.json; /api/docs, its first address,
 * keeps answering) and a readable reference of it: Swagger UI, served from our own origin. The UI
 * page loads only its own script and style files (no inline script, nothing from elsewhere), so the
 * CSP every page shares already allows it; nothing is loosened for it. Register after @fastify/swagger.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  const document = { schema: { hide: true } };
  app.get('/api/docs', document, async () => app.swagger());
  app.get(OPENAPI_JSON_PATH, document, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    uiConfig: { url: OPENAPI_JSON_PATH, deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    // The UI's own static files; the page itself gets the shared CSP from the security headers.
    staticCSP: false,
  });
}
