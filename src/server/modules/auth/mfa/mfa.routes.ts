import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from '../context.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.service.ts';
import { clientInfo, requireRequestUser } from '../request-user.ts';
import { body, optional, uuidParam } from '../route-schemas.ts';
import { siteOrigin } from '../site-url.ts';

const factorParams = z.object({ factorId: uuidParam('factor_id') });

/** POST /factors, /factors/{id}/challenge, /factors/{id}/verify, DELETE /factors/{id} (auth-wire.md §2.10). */
export function registerMfaRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const mfaLimit = { rateLimit: { max: deps.env.AUTH_RATE_LIMIT_MFA, timeWindow: '1 minute' } };

  routes.post(
    '/factors',
    {
      schema: {
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
    { schema: { params: factorParams, body: body({ channel: optional(z.string()) }) }, config: mfaLimit },
    async (request) => {
      const current = await requireRequestUser(deps, request);
      return challengeFactor(deps, current, request.params.factorId, clientInfo(request));
    },
  );

  routes.post(
    '/factors/:factorId/verify',
    { schema: { params: factorParams, body: body({ challenge_id: optional(z.string()), code: optional(z.string()) }) }, config: mfaLimit },
    async (request) => {
      const current = await requireRequestUser(deps, request);
      return verifyFactor(deps, current, request.params.factorId, request.body, clientInfo(request));
    },
  );

  routes.delete('/factors/:factorId', { schema: { params: factorParams } }, async (request) => {
    const current = await requireRequestUser(deps, request);
    return unenrollFactor(deps, current, request.params.factorId);
  });
}
