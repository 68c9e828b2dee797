import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from '../context.ts';
import { clientInfo } from '../request-user.ts';
import { FIVE_MINUTES, body, linkTarget, optional, pkceFields, redirectQuery } from '../route-schemas.ts';
import { signUp } from './signup.service.ts';

const signupBody = body({
  email: optional(z.string()),
  phone: optional(z.string()),
  password: optional(z.string()),
  data: optional(z.record(z.string(), z.unknown())),
  ...pkceFields,
});

/** POST /signup?redirect_to=… (auth-wire.md §2.1). */
export function registerSignupRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        operationId: 'signUp',
        summary: 'Create an account with an e-mail address and password; a confirmation link is sent',
        querystring: redirectQuery,
        body: signupBody,
      },
      config: { rateLimit: { max: deps.env.AUTH_RATE_LIMIT_OTP, timeWindow: FIVE_MINUTES } },
    },
    async (request) => signUp(deps, request.body, linkTarget(deps, request, request.query.redirect_to), clientInfo(request)),
  );
}
