import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from './context.ts';

/** GET /.well-known/jwks.json, /settings and /health (auth-wire.md §2.12, §2.13). */
export function registerServiceInfoRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get(
    '/.well-known/jwks.json',
    { schema: { tags: ['auth'], operationId: 'getJwks', summary: 'The public keys that verify access tokens (JWKS)' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=600');
      return deps.keys.jwks();
    },
  );

  app.get(
    '/settings',
    { schema: { tags: ['auth'], operationId: 'getAuthSettings', summary: 'Which sign-in methods are on and whether sign-up is open' } },
    async () => ({
      external: { email: true, phone: false, google: Boolean(deps.env.OIDC_CLIENT_ID && deps.env.OIDC_CLIENT_SECRET) },
      disable_signup: deps.env.AUTH_DISABLE_SIGNUP,
      mailer_autoconfirm: deps.env.AUTH_MAILER_AUTOCONFIRM,
      phone_autoconfirm: false,
      sms_provider: deps.sms.kind,
      saml_enabled: false,
    }),
  );

  app.get('/health', { schema: { tags: ['auth'], operationId: 'checkAuthHealth', summary: 'The auth service answers' } }, async () => ({
    version: 'compliancecore',
    name: 'GoTrue',
    description: 'GoTrue-compatible auth service',
  }));
}
