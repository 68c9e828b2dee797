import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth.routes.ts';
import type { AuthDeps } from './context.ts';
import { registerPublicConfigRoutes } from './public-config.routes.ts';
import { createSealer } from './tokens/sealing.ts';
import { SigningKeys } from './tokens/signing-keys.ts';
import { authIssuer } from './site-url.ts';
import { outboxSmsProvider } from './mfa/sms-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ES256 keys that sign and verify every token of the auth service. */
    authKeys: SigningKeys;
  }
}

/**
 * The ES256 signing keys (creating the first on a fresh database), kept rotating while the app
 * runs, as `app.authKeys`: the request authentication verifies with them, the auth service signs.
 */
export async function loadSigningKeys(app: FastifyInstance): Promise<SigningKeys> {
  const env = app.env;
  const keys = new SigningKeys({
    db: app.database.db,
    sealer: createSealer(env.AUTH_SECRET),
    issuer: authIssuer(env),
    tokenLifetimeSeconds: env.AUTH_JWT_EXPIRY_SECONDS,
    rotationDays: env.AUTH_KEY_ROTATION_DAYS,
  });
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    app.log.warn('AUTH_SECRET is not set: signing keys and TOTP secrets are stored unsealed in the database.');
  }
  await keys.init();
  keys.startMaintenance();
  app.addHook('onClose', async () => keys.stopMaintenance());
  app.decorate('authKeys', keys);
  return keys;
}

/** The auth service: /auth/v1 (GoTrue-compatible) and /api/v1/public-config. Needs loadSigningKeys and registerAuthentication first. */
export async function registerAuthModule(app: FastifyInstance, hooks: Pick<AuthDeps, 'joinSsoOrganization'> = {}): Promise<AuthDeps> {
  const sms = outboxSmsProvider(app.database.db, (line) => app.log.info(line));
  // The outbox is for development: in production its codes would reach nobody, so phone factors
  // are refused (a clear error at enrolment) rather than locking users out at sign-in.
  const phoneWithoutGateway = app.env.NODE_ENV === 'production' && sms.kind === 'outbox' && !app.env.AUTH_MFA_PHONE_DISABLED;
  if (app.env.NODE_ENV === 'production' && app.env.AUTH_MAILER_AUTOCONFIRM) {
    app.log.warn('AUTH_MAILER_AUTOCONFIRM is on in production: sign-ups are confirmed without proving the address.');
  }
  if (phoneWithoutGateway) app.log.warn('No SMS gateway is configured: phone MFA is turned off (AUTH_MFA_PHONE_DISABLED).');
  const deps: AuthDeps = {
    db: app.database.db,
    env: phoneWithoutGateway ? { ...app.env, AUTH_MFA_PHONE_DISABLED: true } : app.env,
    keys: app.authKeys,
    sealer: createSealer(app.env.AUTH_SECRET),
    sms,
    jobs: app.jobs,
    log: app.log,
    ...hooks,
  };
  registerPublicConfigRoutes(app, deps);
  await registerAuthRoutes(app, deps);
  return deps;
}
