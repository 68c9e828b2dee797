import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerWebRoutes } from './modules/web/web.routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

export interface AppDeps {
  database: Database;
  /** The built web app to serve; omit to run the API alone (most integration tests). */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
}

/** Builds the whole app, plugins then modules, without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: { info: { title: 'ComplianceCore API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  registerMetrics(app);

  registerHealthRoutes(app, deps.database);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  if (deps.webDir) await registerWebRoutes(app, deps.webDir);
  return app;
}
