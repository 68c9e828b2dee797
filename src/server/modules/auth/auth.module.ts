import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth.routes.ts';
import { startAuthCleanup } from './cleanup.ts';
import type { AuthDeps } from './context.ts';
import { registerPublicConfigRoutes } from './public-config.routes.ts';
import { createSealer } from './sealing.ts';
import { outboxSmsProvider } from './sms-provider.ts';

/** The auth service: /auth/v1 (GoTrue-compatible) and /api/v1/public-config. Needs registerAuthentication first. */
export async function registerAuthModule(app: FastifyInstance): Promise<AuthDeps> {
  const deps: AuthDeps = {
    db: app.database.db,
    env: app.env,
    keys: app.authKeys,
    sealer: createSealer(app.env.AUTH_SECRET),
    sms: outboxSmsProvider(app.database.db, (line) => app.log.info(line)),
    notifyMail: () => app.mailWorker.notify(),
    log: app.log,
  };
  let stopCleanup: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopCleanup = startAuthCleanup(deps);
  });
  app.addHook('onClose', async () => stopCleanup?.());
  registerPublicConfigRoutes(app, deps);
  await registerAuthRoutes(app, deps);
  return deps;
}
