import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from '../context.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.service.ts';
import { bearerToken, clientInfo, requireRequestUser } from '../request-user.ts';
import { errors } from '../gotrue-errors.ts';
import { body, optional, uuidParam } from '../route-schemas.ts';
import { siteOrigin } from '../site-url.ts';

const factorParams = z.object({ factorId: uuidParam('factor_id') });
/** What auth-js's WebAuthn methods send: the relying party (the page's host and origin) and, at verify, the ceremony's answer. */
const webauthnBody = optional(
  z.object({
    rpId: optional(z.string().max(253)),
    rpOrigins: optional(z.array(z.string().max(2000)).max(10)),
    type: optional(z.enum(['create', 'request'])),
    credential_response: optional(z.record(z.string(), z.unknown())),
  }),
);

/** GoTrue authenticates before it reads the factor id: no bearer is 401 no_authorization whatever the path holds. */
async function requireBearer(request: FastifyRequest): Promise<void> {
  if (!bearerToken(request)) throw errors.noAuthorization();
}

/** POST /factors, /factors/{id}/challenge, /factors/{id}/verify, DELETE /factors/{id} (auth-wire.md §2.10). */
export function registerMfaRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const mfaLimit = { rateLimit: { max: deps.env.AUTH_RATE_LIMIT_MFA, timeWindow: '1 minute' } };

  routes.post(
    '/factors',
    {
      schema: {
        tags: ['auth'],
        operationId: 'enrollFactor',
        summary: 'Start enrolling a second factor (TOTP, phone or a passkey)',
        body: body({
          factor_type: optional(z.string()),
          friendly_name: optional(z.string()),
          issuer: optional(z.string()),
          phone: optional(z.string()),
        }),
      },
    },
    async (request) => {
      const current = await requireRequestUser(deps, request);
      return enrollFactor(deps, current, request.body, new URL(siteOrigin(request)).host);
    },
  );

  routes.post(
    '/factors/:factorId/challenge',
    {
      schema: {
        tags: ['auth'],
        operationId: 'challengeFactor',
        summary: 'Open a challenge for a second factor',
        params: factorParams,
        body: body({ channel: optional(z.string()), webauthn: webauthnBody }),
      },
      onRequest: requireBearer,
      config: mfaLimit,
    },
    async (request) => {
      const current = await requireRequestUser(deps, request);
      return challengeFactor(deps, current, request.params.factorId, clientInfo(request), {
        params: request.body.webauthn,
        siteOrigin: siteOrigin(request),
      });
    },
  );

  routes.post(
    '/factors/:factorId/verify',
    {
      schema: {
        tags: ['auth'],
        operationId: 'verifyFactor',
        summary: "Answer a challenge with the factor's code; the session is raised to aal2",
        params: factorParams,
        body: body({ challenge_id: optional(z.string()), code: optional(z.string()), webauthn: webauthnBody }),
      },
      onRequest: requireBearer,
      config: mfaLimit,
    },
    async (request) => {
      const current = await requireRequestUser(deps, request);
      return verifyFactor(deps, current, request.params.factorId, request.body, clientInfo(request));
    },
  );

  routes.delete(
    '/factors/:factorId',
    {
      schema: { tags: ['auth'], operationId: 'unenrollFactor', summary: 'Remove a second factor', params: factorParams },
      onRequest: requireBearer,
    },
    async (request) => {
      const current = await requireRequestUser(deps, request);
      return unenrollFactor(deps, current, request.params.factorId);
    },
  );
}
