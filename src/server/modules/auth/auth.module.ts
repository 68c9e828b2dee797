import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth.routes.ts';
import { startAuthCleanup } from './cleanup.ts';
import type { AuthDeps } from './context.ts';
import { registerPublicConfigRoutes } from './public-config.routes.ts';
import { createSealer } from './sealing.ts';
import { outboxSmsProvider } from './sms-provider.ts';

/** The auth service: /auth/v1 (GoTrue-compatible) and /api/v1/public-config. Needs registerAuthentication first. */
export async function registerAuthModule(app: FastifyInstance): Promise<AuthDeps> {
  const sms = outboxSmsProvider(app.database.db, (line) => app.log.info(line));
  // The outbox is for development: in production its codes would reach nobody, so phone factors
  // are refused (a clear error at enrolment) rather than locking users out at sign-in.
  const phoneWithoutGateway = app.env.NODE_ENV === 'production' && sms.kind === 'outbox' && !app.env.AUTH_MFA_PHONE_DISABLED;
  if (phoneWithoutGateway) app.log.warn('No SMS gateway is configured: phone MFA is turned off (AUTH_MFA_PHONE_DISABLED).');
  const deps: AuthDeps = {
    db: app.database.db,
    env: phoneWithoutGateway ? { ...app.env, AUTH_MFA_PHONE_DISABLED: true } : app.env,
    keys: app.authKeys,
    sealer: createSealer(app.env.AUTH_SECRET),
    sms,
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
