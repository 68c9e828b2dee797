import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../app-error.ts';
import { registerAdminRoutes } from './admin/admin.routes.ts';
import type { AuthDeps } from './context.ts';
import { GoTrueError, errors, sendGoTrueError } from './gotrue-errors.ts';
import { registerMfaRoutes } from './mfa/mfa.routes.ts';
import { registerServiceInfoRoutes } from './service-info.routes.ts';
import { registerOidcRoutes } from './oidc/oidc.routes.ts';
import { registerSamlRoutes } from './saml/saml.routes.ts';
import { registerEmailLinkRoutes } from './email/email-link.routes.ts';
import { registerSignupRoutes } from './email/signup.routes.ts';
import { registerTokenRoutes } from './tokens/token.routes.ts';
import { registerCurrentUserRoutes } from './users/current-user.routes.ts';
import { noStore } from '../../platform/http/no-store.ts';

function parseJson(body: string): unknown {
  // auth-js sends `Content-Type: application/json` with no body on /logout and the DELETEs (auth-wire.md §1.3).
  if (body.trim() === '') return {};
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON');
  }
}

function toGoTrueError(error: FastifyError | GoTrueError | AppError): GoTrueError {
  if (error instanceof GoTrueError) return error;
  // The app-wide input check (plugins/storable-input.ts) names the field as GoTrue does.
  if (error instanceof AppError) {
    const first = error.issues?.[0];
    if (error.code === 'VALIDATION_FAILED') return errors.validation(first ? `${first.path}: ${first.message}` : error.message);
    return new GoTrueError(error.status, error.code.toLowerCase(), error.message);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // Our path parameters are ids (route-schemas.ts `uuidParam`); GoTrue answers a malformed one with 404.
    if (error.validationContext === 'params') return new GoTrueError(404, 'validation_failed', first?.message ?? 'Not found');
    const where = first ? `${first.instancePath.replace(/^\//, '') || error.validationContext}: ` : '';
    return errors.validation(`${where}${first?.message ?? 'invalid request'}`);
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status === 429) return errors.rateLimited();
  if (status === 413) return new GoTrueError(413, 'request_too_large', 'Request body too large');
  if (status === 415) return new GoTrueError(415, 'validation_failed', 'Unsupported content type');
  if (status < 500) return new GoTrueError(status, 'unknown', error.message);
  return new GoTrueError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
}

/**
 * The GoTrue-compatible API under /auth/v1, in its own plugin context: GoTrue's error format,
 * a JSON parser that accepts empty bodies, form posts for the OAuth callback, and no apikey check
 * (browser navigations carry none; auth-wire.md §1.2).
 */
export async function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  await app.register(
    async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, parseJson(String(body)));
        } catch (error) {
          done(error as Error, undefined);
        }
      });
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
      scope.setErrorHandler((error: FastifyError | GoTrueError | AppError, request, reply) => {
        const goTrue = toGoTrueError(error);
        if (goTrue.status >= 500) request.log.error({ err: error }, 'auth request failed');
        if (goTrue.code === 'over_request_rate_limit') {
          const retryAfter = reply.getHeader('retry-after');
          if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
        }
        return sendGoTrueError(request, reply, goTrue);
      });
      const notFound = (request: FastifyRequest, reply: FastifyReply) =>
        sendGoTrueError(
          request,
          reply,
          new GoTrueError(404, 'not_found', `No API route for ${request.method} ${request.url.split('?')[0]}`),
        );
      scope.setNotFoundHandler(notFound);
      // The web app's `GET /*` page fallback would otherwise match an unknown GET under /auth/v1 and
      // answer it from the root context, in the app's error envelope; this more specific catch-all
      // keeps every method under /auth/v1 in GoTrue's shape.
      scope.all('/*', { schema: { hide: true } }, notFound);
      scope.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.headers(noStore);
      });

      registerServiceInfoRoutes(scope, deps);
      registerTokenRoutes(scope, deps);
      registerSignupRoutes(scope, deps);
      registerEmailLinkRoutes(scope, deps);
      registerCurrentUserRoutes(scope, deps);
      registerMfaRoutes(scope, deps);
      registerOidcRoutes(scope, deps);
      registerSamlRoutes(scope, deps);
      await scope.register(async (admin) => registerAdminRoutes(admin, deps));
    },
    { prefix: '/auth/v1' },
  );
}
