import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from '../context.ts';
import { GoTrueError, errors, redirectWithError } from '../gotrue-errors.ts';
import { clientInfo } from '../request-user.ts';
import { FIVE_MINUTES, body, linkTarget, optional, pkceFields, redirectQuery } from '../route-schemas.ts';
import { sessionFragment } from '../tokens/sessions.ts';
import { requestEmailOtp, requestRecovery, resendConfirmation } from './signup.service.ts';
import { resolveRedirect } from '../site-url.ts';
import { VERIFY_TYPES, type VerifyType, verifyEmailLink, verifyOtp } from './verify.service.ts';

/** POST /otp, GET|POST /verify, POST /recover, POST /resend (auth-wire.md §2.3, §2.4, §2.13). */
// eslint-disable-next-line max-lines-per-function -- the module's route table (5 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerEmailLinkRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const otpLimit = { rateLimit: { max: deps.env.AUTH_RATE_LIMIT_OTP, timeWindow: FIVE_MINUTES } };
  const verifyLimit = { rateLimit: { max: deps.env.AUTH_RATE_LIMIT_VERIFY, timeWindow: FIVE_MINUTES } };

  routes.post(
    '/otp',
    {
      schema: {
        tags: ['auth'],
        operationId: 'sendOtp',
        summary: 'Send a one-time sign-in link and code by e-mail',
        querystring: redirectQuery,
        body: body({
          email: optional(z.string()),
          phone: optional(z.string()),
          create_user: optional(z.boolean()),
          data: optional(z.record(z.string(), z.unknown())),
          ...pkceFields,
        }),
      },
      config: otpLimit,
    },
    async (request) => {
      await requestEmailOtp(deps, request.body, linkTarget(deps, request, request.query.redirect_to));
      return {};
    },
  );

  routes.get(
    '/verify',
    {
      schema: {
        tags: ['auth'],
        operationId: 'verifyEmailLink',
        summary: 'Open an e-mail link: redirects to the site with a session, a PKCE code or an error',
        querystring: z.object({ token: z.string().default(''), type: z.string().default(''), redirect_to: z.string().optional() }),
      },
      config: verifyLimit,
    },
    async (request, reply) => {
      const { token, type, redirect_to: redirectTo } = request.query;
      const target = resolveRedirect(deps.env, request, redirectTo);
      const isPkce = token.startsWith('pkce_');
      try {
        if (!VERIFY_TYPES.includes(type as VerifyType) || type === 'email') throw errors.validation('Verify requires a verification type');
        const outcome = await verifyEmailLink(deps, token, type as VerifyType, clientInfo(request));
        if (outcome.kind === 'pkce') {
          const url = new URL(outcome.redirectTo);
          url.searchParams.set('code', outcome.code);
          return reply.redirect(url.toString(), 303);
        }
        const url = new URL(target);
        url.hash = sessionFragment(outcome.response, type);
        return reply.redirect(url.toString(), 303);
      } catch (error) {
        if (!(error instanceof GoTrueError)) throw error;
        const linkError =
          error.code === 'otp_expired' ? new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired') : error;
        return redirectWithError(reply, target, linkError, isPkce);
      }
    },
  );

  routes.post(
    '/verify',
    {
      schema: {
        tags: ['auth'],
        operationId: 'verifyOtp',
        summary: 'Exchange an e-mailed code or token hash for a session',
        querystring: redirectQuery,
        body: body({
          email: optional(z.string()),
          phone: optional(z.string()),
          token: optional(z.string()),
          token_hash: optional(z.string()),
          type: optional(z.string()),
        }),
      },
      config: verifyLimit,
    },
    async (request) => verifyOtp(deps, request.body, clientInfo(request)),
  );

  routes.post(
    '/recover',
    {
      schema: {
        tags: ['auth'],
        operationId: 'sendPasswordRecovery',
        summary: 'Send a password-recovery link by e-mail',
        querystring: redirectQuery,
        body: body({ email: optional(z.string()), ...pkceFields }),
      },
      config: otpLimit,
    },
    async (request) => {
      await requestRecovery(deps, request.body, linkTarget(deps, request, request.query.redirect_to));
      return {};
    },
  );

  routes.post(
    '/resend',
    {
      schema: {
        tags: ['auth'],
        operationId: 'resendSignupConfirmation',
        summary: 'Send the sign-up confirmation link again (type=signup)',
        querystring: redirectQuery,
        body: body({ email: optional(z.string()), type: optional(z.string()), ...pkceFields }),
      },
      config: otpLimit,
    },
    async (request) => {
      if (request.body.type !== 'signup') throw errors.validation('Only resending the signup confirmation is supported');
      await resendConfirmation(deps, request.body, linkTarget(deps, request, request.query.redirect_to));
      return {};
    },
  );
}
