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
import { type Env, parseEnv } from './env.ts';
import { type MailTransport, outboxTransport, smtpTransport } from './modules/mail/mail-transport.ts';
import { registerDevMailboxRoutes } from './modules/mail/mail.routes.ts';
import { MailWorker } from './modules/mail/mail.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerWebRoutes } from './modules/web/web.routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    env: Env;
    mailWorker: MailWorker;
  }
}

export interface AppDeps {
  database: Database;
  /** The parsed environment; tests get the test defaults. */
  env?: Env;
  /** Overrides the transport chosen from the environment (tests). */
  mailTransport?: MailTransport;
  /** The built web app to serve; omit to run the API alone (most integration tests). */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
}

/** Builds the whole app, plugins then modules, without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const env = deps.env ?? parseEnv({ NODE_ENV: 'test' });
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', deps.database);
  app.decorate('env', env);

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: { info: { title: 'ComplianceCore API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  registerMetrics(app);
  await registerRateLimit(app, env.REDIS_URL);

  const transport =
    deps.mailTransport ??
    (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : outboxTransport((line) => app.log.info(line)));
  const mailWorker = new MailWorker({
    db: deps.database.db,
    transport,
    from: env.MAIL_FROM,
    onError: (error, mailId) => app.log.warn({ err: error, mailId }, 'mail delivery failed; will retry'),
  });
  app.decorate('mailWorker', mailWorker);
  app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    transport.close?.();
  });
  if (env.NODE_ENV !== 'production' && transport.kind === 'outbox') registerDevMailboxRoutes(app, deps.database);

  registerHealthRoutes(app, deps.database);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  if (deps.webDir) await registerWebRoutes(app, deps.webDir);
  return app;
}
