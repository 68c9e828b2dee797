import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordSecurityEvent } from '../../../platform/access/access-guard.ts';
import type { AuthDeps } from '../context.ts';
import { GoTrueError, redirectWithError } from '../gotrue-errors.ts';
import { body, optional, pkceFields } from '../route-schemas.ts';
import { clientInfo } from '../request-user.ts';
import { authBaseUrl, resolveRedirect } from '../site-url.ts';
import { issueAuthCode, readPkceParams } from '../tokens/pkce.ts';
import { sessionFragment, sessionResponse, startSession } from '../tokens/sessions.ts';
import { linkSamlIdentity, samlProviderName } from './saml-linking.ts';
import { RelayRequestCache, samlFor, serviceProvider } from './saml-provider.ts';
import { SAML_METHOD, SamlRefusal, dropFlowState, relayTarget, startSamlSignIn, verifySamlResponse } from './saml.service.ts';
import { authFlowState } from '../../../db/schema/auth.ts';
import { eq } from 'drizzle-orm';

const acsBody = body({ SAMLResponse: optional(z.string().max(500_000)), RelayState: optional(z.string().max(200)) });

async function finishSignIn(deps: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const input = request.body as z.infer<typeof acsBody>;
  const authBase = authBaseUrl(request);
  const relay = await relayTarget(deps, input.RelayState);
  // An IdP-initiated sign-in lands on the identity provider's relay state when it is an allowed address, else the site.
  const target = relay?.redirectTo ?? resolveRedirect(deps.env, request, input.RelayState);
  try {
    const verified = await verifySamlResponse(deps, input, authBase);
    const { flow } = verified;
    const outcome = await deps.db.transaction(async (tx) => {
      const { userId, created } = await linkSamlIdentity(tx, verified);
      if (created && deps.joinSsoOrganization) await deps.joinSsoOrganization(tx, { organizationId: verified.organizationId, userId });
      if (flow?.codeChallenge) return { code: await issueAuthCode(tx, flow.id, userId) };
      if (flow) await tx.delete(authFlowState).where(eq(authFlowState.id, flow.id));
      return startSession(tx, {
        userId,
        method: SAML_METHOD,
        client: clientInfo(request),
        provider: samlProviderName(verified.organizationId),
      });
    });
    // No flow (IdP-initiated): the implicit grant's fragment, as GoTrue answers one.
    const url = new URL(flow?.redirectTo ?? target);
    if ('code' in outcome) {
      url.searchParams.set('code', outcome.code);
      return reply.redirect(url.toString(), 303);
    }
    url.hash = sessionFragment(await sessionResponse(deps, deps.db, outcome.session, outcome.refreshToken));
    return reply.redirect(url.toString(), 303);
  } catch (error) {
    if (!(error instanceof GoTrueError)) throw error;
    // Never a session: the refusal is a security event, and the browser goes back with the reason.
    await recordSecurityEvent(request, {
      userId: null,
      eventType: 'AUTH_FAILURE',
      details: { reason: 'saml_response_refused', check: error instanceof SamlRefusal ? error.check : error.code, message: error.message },
    });
    if (relay) await dropFlowState(deps, relay.flowStateId);
    return redirectWithError(reply, target, error, true, 303);
  }
}

/** POST /sso, POST /sso/saml/acs, GET /sso/saml/metadata: GoTrue's SAML single sign-on (docs/auth.md "SAML SSO"). */
export function registerSamlRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/sso',
    {
      schema: {
        tags: ['auth'],
        operationId: 'signInWithSso',
        summary:
          'Start signing in through the identity provider of an e-mail domain (or provider id): answers its address, or redirects there',
        body: body({
          domain: optional(z.string().max(253)),
          provider_id: optional(z.string().max(64)),
          redirect_to: optional(z.string().max(2000)),
          skip_http_redirect: optional(z.boolean()),
          ...pkceFields,
        }),
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const url = await startSamlSignIn(deps, {
        domain: request.body.domain,
        providerId: request.body.provider_id,
        redirectTo: resolveRedirect(deps.env, request, request.body.redirect_to),
        authBase: authBaseUrl(request),
        pkce: readPkceParams(request.body),
      });
      return request.body.skip_http_redirect ? { url } : reply.redirect(url, 303);
    },
  );

  routes.post(
    '/sso/saml/acs',
    {
      schema: {
        tags: ['auth'],
        operationId: 'receiveSamlResponse',
        summary: 'The identity provider’s signed answer (HTTP-POST binding): checked, then signs in and redirects to the site',
        body: acsBody,
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => finishSignIn(deps, request, reply),
  );

  routes.get(
    '/sso/saml/metadata',
    {
      schema: {
        tags: ['auth'],
        operationId: 'getSamlMetadata',
        summary: 'Our SAML service provider metadata, for the identity provider',
        querystring: z.object({ download: optional(z.enum(['true', 'false'])) }),
      },
    },
    async (request, reply) => {
      const authBase = authBaseUrl(request);
      const { acsUrl } = serviceProvider(authBase);
      // The identity provider's details do not enter our metadata: one document serves every organization.
      const saml = await samlFor({ idpSsoUrl: acsUrl, certificates: [] }, authBase, new RelayRequestCache());
      const xml = saml.generateServiceProviderMetadata(null, null);
      if (request.query.download === 'true') reply.header('content-disposition', 'attachment; filename="metadata.xml"');
      return reply.type('application/xml; charset=utf-8').send(xml);
    },
  );
}
