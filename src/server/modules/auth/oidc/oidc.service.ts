import * as oidc from 'openid-client';
import type { AuthDeps } from '../context.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import { createFlowState } from '../tokens/pkce.ts';
import type { readPkceParams } from '../tokens/pkce.ts';

/** The one external provider: any OpenID Connect issuer (Google by default), named `google` on the wire. */
export const OIDC_PROVIDER = 'google';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Parameters the server controls; a caller's `queryParams` cannot override them (auth-wire.md §2.5). */
const RESERVED = new Set([
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'provider',
  'redirect_to',
  'scopes',
  'skip_http_redirect',
]);

const configs = new WeakMap<AuthDeps, Promise<oidc.Configuration>>();

export function oidcEnabled(deps: AuthDeps): boolean {
  return Boolean(deps.env.OIDC_CLIENT_ID && deps.env.OIDC_CLIENT_SECRET);
}

/** Discovery once per app; a failed discovery is retried on the next sign-in. */
export function oidcConfig(deps: AuthDeps): Promise<oidc.Configuration> {
  let config = configs.get(deps);
  if (!config) {
    const issuer = new URL(deps.env.OIDC_ISSUER);
    // Plain HTTP only for an issuer on this machine (development and the tests' real provider).
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    config = oidc.discovery(
      issuer,
      deps.env.OIDC_CLIENT_ID ?? '',
      deps.env.OIDC_CLIENT_SECRET,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    config.catch(() => configs.delete(deps));
    configs.set(deps, config);
  }
  return config;
}

export interface AuthorizeInput {
  provider?: string;
  redirectTo: string;
  authBase: string;
  scopes?: string;
  pkce: ReturnType<typeof readPkceParams>;
  extraParams: Record<string, string>;
  linkingTargetId?: string;
}

/** Creates the flow state (its id is the OAuth `state`) and returns the issuer's authorization URL. */
export async function startOidcFlow(deps: AuthDeps, input: AuthorizeInput): Promise<string> {
  if (input.provider !== OIDC_PROVIDER) throw errors.validation(`Unsupported provider: ${input.provider ?? ''}`);
  if (!oidcEnabled(deps)) throw errors.validation('Unsupported provider: provider is not enabled');
  let config: oidc.Configuration;
  try {
    config = await oidcConfig(deps);
  } catch (error) {
    deps.log.error({ err: error }, 'OIDC discovery failed');
    throw new GoTrueError(500, 'unexpected_failure', 'The sign-in provider cannot be reached right now.');
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = await createFlowState(deps.db, {
    challenge: input.pkce,
    providerType: OIDC_PROVIDER,
    authenticationMethod: 'oauth',
    redirectTo: input.redirectTo,
    providerCodeVerifier: verifier,
    providerNonce: nonce,
    linkingTargetId: input.linkingTargetId,
  });
  const extraScopes = (input.scopes ?? '').split(/[\s,]+/).filter(Boolean);
  const scope = [...new Set(['openid', 'email', 'profile', ...extraScopes])].join(' ');
  const passthrough = Object.fromEntries(Object.entries(input.extraParams).filter(([key]) => !RESERVED.has(key)));
  return oidc
    .buildAuthorizationUrl(config, {
      ...passthrough,
      redirect_uri: `${input.authBase}/callback`,
      response_type: 'code',
      scope,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

export interface ProviderResult {
  claims: Record<string, unknown>;
  accessToken: string;
  refreshToken?: string;
}

/** Exchanges the code (our PKCE verifier, state and nonce checked by openid-client) and returns the ID-token claims. */
export async function finishOidcFlow(
  deps: AuthDeps,
  callbackUrl: URL,
  flow: { id: string; providerCodeVerifier: string | null; providerNonce: string | null },
): Promise<ProviderResult> {
  const config = await oidcConfig(deps);
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.providerCodeVerifier ?? undefined,
      expectedState: flow.id,
      expectedNonce: flow.providerNonce ?? undefined,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    return { claims: { ...claims }, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  } catch (error) {
    deps.log.warn({ err: error }, 'OIDC code exchange failed');
    throw new GoTrueError(400, 'bad_oauth_callback', 'Unable to exchange external code');
  }
}
