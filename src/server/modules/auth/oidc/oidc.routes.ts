import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authFlowState } from '../../../db/schema/auth.ts';
import type { AuthDeps } from '../context.ts';
import { GoTrueError, redirectWithError } from '../gotrue-errors.ts';
import { linkOidcIdentity } from './oidc-linking.ts';
import { OIDC_PROVIDER, finishOidcFlow, startOidcFlow } from './oidc.service.ts';
import { issueAuthCode, readPkceParams } from '../tokens/pkce.ts';
import { clientInfo, requireRequestUser } from '../request-user.ts';
import { sessionFragment, sessionResponse, startSession } from '../tokens/sessions.ts';
import { authBaseUrl, resolveRedirect, siteUrl } from '../site-url.ts';

const FLOW_STATE_LIFETIME_MS = 300_000;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

function stringParams(source: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (source && typeof source === 'object') {
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string') params[key] = value;
  }
  return params;
}

async function authorizeUrl(
  deps: AuthDeps,
  request: FastifyRequest,
  linkingTargetId?: string,
): Promise<{ url: string; skipRedirect: boolean }> {
  const query = stringParams(request.query);
  const url = await startOidcFlow(deps, {
    provider: query.provider,
    redirectTo: resolveRedirect(deps.env, request, query.redirect_to),
    authBase: authBaseUrl(request),
    scopes: query.scopes,
    pkce: readPkceParams({ code_challenge: query.code_challenge, code_challenge_method: query.code_challenge_method }),
    extraParams: query,
    linkingTargetId,
  });
  return { url, skipRedirect: query.skip_http_redirect === 'true' };
}

async function handleCallback(deps: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const params = { ...stringParams(request.query), ...stringParams(request.body) };
  const fallback = siteUrl(request);
  const state = params.state ?? '';
  const [flow] = UUID.test(state) ? await deps.db.select().from(authFlowState).where(eq(authFlowState.id, state)) : [];
  if (!flow || flow.providerType !== OIDC_PROVIDER || flow.authCode) {
    return redirectWithError(
      reply,
      fallback,
      new GoTrueError(400, 'bad_oauth_state', 'OAuth state parameter missing or invalid'),
      true,
      302,
    );
  }
  const target = flow.redirectTo;
  try {
    if (Date.now() - flow.createdAt.getTime() > FLOW_STATE_LIFETIME_MS)
      throw new GoTrueError(422, 'flow_state_expired', 'Flow state has expired');
    if (params.error) throw new GoTrueError(403, 'bad_oauth_callback', params.error_description ?? params.error);
    const callbackUrl = new URL(`${authBaseUrl(request)}/callback`);
    for (const [key, value] of Object.entries(params)) callbackUrl.searchParams.set(key, value);
    const provider = await finishOidcFlow(deps, callbackUrl, flow);
    const outcome = await deps.db.transaction(async (tx) => {
      const userId = await linkOidcIdentity(tx, provider.claims, flow.linkingTargetId);
      if (flow.codeChallenge) {
        const code = await issueAuthCode(tx, flow.id, userId, {
          providerAccessToken: provider.accessToken,
          providerRefreshToken: provider.refreshToken,
        });
        return { code };
      }
      await tx.delete(authFlowState).where(eq(authFlowState.id, flow.id));
      return startSession(tx, { userId, method: 'oauth', client: clientInfo(request), provider: OIDC_PROVIDER });
    });
    const url = new URL(target);
    if ('code' in outcome) {
      url.searchParams.set('code', outcome.code);
      return reply.redirect(url.toString(), 302);
    }
    const response = await sessionResponse(deps, deps.db, outcome.session, outcome.refreshToken, {
      provider_token: provider.accessToken,
      provider_refresh_token: provider.refreshToken,
    });
    url.hash = sessionFragment(response);
    return reply.redirect(url.toString(), 302);
  } catch (error) {
    if (!(error instanceof GoTrueError)) throw error;
    await deps.db.delete(authFlowState).where(eq(authFlowState.id, flow.id));
    return redirectWithError(reply, target, error, true, 302);
  }
}

/** GET /authorize, GET|POST /callback, GET /user/identities/authorize (auth-wire.md §2.5, §2.11). */
export function registerOidcRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get(
    '/authorize',
    {
      schema: {
        tags: ['auth'],
        operationId: 'authorizeWithProvider',
        summary: 'Start signing in with an external provider: redirects there, or answers its URL (skip_http_redirect)',
      },
    },
    async (request, reply) => {
      const { url, skipRedirect } = await authorizeUrl(deps, request);
      return skipRedirect ? { url } : reply.redirect(url, 302);
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: ['auth'],
        operationId: 'receiveOAuthCallback',
        summary: "The provider's redirect back: signs in and redirects to the site",
      },
    },
    async (request, reply) => handleCallback(deps, request, reply),
  );
  app.post(
    '/callback',
    {
      schema: {
        tags: ['auth'],
        operationId: 'receiveOAuthFormCallback',
        summary: "The provider's form post back (response_mode=form_post): signs in and redirects to the site",
      },
    },
    async (request, reply) => handleCallback(deps, request, reply),
  );

  app.get(
    '/user/identities/authorize',
    {
      schema: {
        tags: ['auth'],
        operationId: 'linkIdentity',
        summary: "Link an external provider's identity to the signed-in user: redirects there, or answers its URL",
      },
    },
    async (request, reply) => {
      const current = await requireRequestUser(deps, request);
      const { url, skipRedirect } = await authorizeUrl(deps, request, current.user.id);
      return skipRedirect ? { url } : reply.redirect(url, 302);
    },
  );
}
