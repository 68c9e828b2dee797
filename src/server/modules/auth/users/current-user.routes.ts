import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from '../context.ts';
import { requireRequestUser } from '../request-user.ts';
import { FIVE_MINUTES, body, linkTarget, optional, redirectQuery, uuidParam } from '../route-schemas.ts';
import { userJson } from './user-store.ts';
import { signOut, unlinkIdentity, updateUser } from './current-user.service.ts';
import { sendReauthenticationNonce } from './reauthentication.ts';

/** GET/PUT /user, GET /reauthenticate, POST /logout, DELETE /user/identities/{id} (auth-wire.md §2.8, §2.9, §2.11, §2.13). */
export function registerCurrentUserRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/user', { schema: { tags: ['auth'], operationId: 'getCurrentUser', summary: 'The signed-in user' } }, async (request) =>
    userJson(await requireRequestUser(deps, request)),
  );

  routes.put(
    '/user',
    {
      schema: {
        tags: ['auth'],
        operationId: 'updateCurrentUser',
        summary: "Change the signed-in user's e-mail address, password or metadata",
        querystring: redirectQuery,
        body: body({
          email: optional(z.string()),
          password: optional(z.string()),
          data: optional(z.record(z.string(), z.unknown())),
          nonce: optional(z.string()),
        }),
      },
      config: { rateLimit: { max: deps.env.AUTH_RATE_LIMIT_OTP, timeWindow: FIVE_MINUTES } },
    },
    async (request) => {
      const current = await requireRequestUser(deps, request);
      return updateUser(deps, current, request.body, linkTarget(deps, request, request.query.redirect_to));
    },
  );

  routes.get(
    '/reauthenticate',
    {
      schema: {
        tags: ['auth'],
        operationId: 'sendReauthenticationNonce',
        summary: 'E-mail a one-time code that a password change then carries as nonce',
      },
      config: { rateLimit: { max: deps.env.AUTH_RATE_LIMIT_OTP, timeWindow: FIVE_MINUTES } },
    },
    async (request) => {
      await sendReauthenticationNonce(deps, await requireRequestUser(deps, request));
      return {};
    },
  );

  routes.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        operationId: 'signOut',
        summary: 'End the session (scope=local), every session (global) or the others (others)',
        querystring: z.object({ scope: z.string().default('global') }),
      },
    },
    async (request, reply) => {
      const current = await requireRequestUser(deps, request);
      await signOut(deps, current, request.query.scope);
      return reply.status(204).send();
    },
  );

  routes.delete(
    '/user/identities/:id',
    {
      schema: {
        tags: ['auth'],
        operationId: 'unlinkIdentity',
        summary: 'Unlink a sign-in identity from the signed-in user',
        params: z.object({ id: uuidParam('identity_id') }),
      },
    },
    async (request) => {
      const current = await requireRequestUser(deps, request);
      await unlinkIdentity(deps, current, request.params.id);
      return {};
    },
  );
}
