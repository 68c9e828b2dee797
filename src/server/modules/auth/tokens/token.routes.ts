import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthDeps } from '../context.ts';
import { GoTrueError } from '../gotrue-errors.ts';
import { clientInfo } from '../request-user.ts';
import { idTokenGrantError, web3GrantError } from './disabled-grants.ts';
import { passwordGrant, pkceGrant, refreshGrant } from './token.service.ts';

const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

// Unknown keys (gotrue_meta_security …) and nulls are tolerated, as auth-js sends them (auth-wire.md §1.3).
const tokenBody = z
  .object({
    email: optionalString,
    phone: optionalString,
    password: optionalString,
    refresh_token: optionalString,
    auth_code: optionalString,
    code_verifier: optionalString,
    id_token: optionalString,
    provider: optionalString,
    client_id: optionalString,
    issuer: optionalString,
  })
  .nullish()
  .transform((value) => value ?? {});

/** POST /token?grant_type=password|refresh_token|pkce (auth-wire.md §2.2, §2.6, §2.7); id_token and web3 fail as GoTrue's do when off. */
export function registerTokenRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        operationId: 'createSession',
        summary: 'Sign in (grant_type=password or pkce) or refresh a session (grant_type=refresh_token)',
        querystring: z.object({ grant_type: z.string().optional() }),
        body: tokenBody,
      },
      // Generous and per IP: a 429 on refresh signs out a user whose token has expired (auth-wire.md §1.8).
      config: { rateLimit: { max: deps.env.AUTH_RATE_LIMIT_TOKEN, timeWindow: '5 minutes' } },
    },
    async (request) => {
      const body = request.body;
      switch (request.query.grant_type) {
        case 'password': {
          return passwordGrant(deps, body, clientInfo(request));
        }
        case 'refresh_token': {
          return refreshGrant(deps, body);
        }
        case 'pkce': {
          return pkceGrant(deps, body, clientInfo(request));
        }
        case 'id_token': {
          throw idTokenGrantError(body);
        }
        case 'web3': {
          throw web3GrantError();
        }
        default: {
          throw new GoTrueError(400, 'invalid_credentials', 'unsupported_grant_type');
        }
      }
    },
  );
}
