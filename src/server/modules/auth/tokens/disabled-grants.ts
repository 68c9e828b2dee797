import { decodeJwt } from 'jose';
import { GoTrueError, errors } from '../gotrue-errors.ts';

/**
 * Grants auth-js offers and we do not (Web3 wallets, native ID tokens): each fails the way GoTrue
 * fails with the feature turned off (token_oidc.go, web3.go), so a client written for Supabase
 * reads the same `error.code`.
 */

/** The issuers GoTrue ties to its built-in ID-token providers (provider/*.go). */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};
const CONFIGURED_ISSUER_PROVIDERS = new Set(['azure', 'keycloak']);

export interface IdTokenGrantInput {
  id_token?: string;
  provider?: string;
  client_id?: string;
  issuer?: string;
}

function unverifiedIssuer(idToken: string): string {
  try {
    const { iss } = decodeJwt(idToken);
    return typeof iss === 'string' ? iss : '';
  } catch {
    return '';
  }
}

/** POST /token?grant_type=id_token (`signInWithIdToken`): no provider is enabled for it. */
export function idTokenGrantError(input: IdTokenGrantInput): GoTrueError {
  if (!input.id_token) return errors.validation('id_token required');
  const provider = (input.provider ?? '').toLowerCase();
  if (!provider && !(input.client_id && input.issuer)) return errors.validation('provider or client_id and issuer required');
  const builtIn = Object.entries(ID_TOKEN_ISSUERS).find(([name, issuer]) => provider === name || input.issuer === issuer);
  if (builtIn) return providerDisabled(builtIn[1]);
  if (CONFIGURED_ISSUER_PROVIDERS.has(provider)) return providerDisabled(input.issuer ?? unverifiedIssuer(input.id_token));
  return errors.validation(`Custom OIDC provider ${JSON.stringify(input.provider ?? '')} not allowed`);
}

function providerDisabled(issuer: string): GoTrueError {
  return new GoTrueError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);
}

/** POST /token?grant_type=web3 (`signInWithWeb3`, Ethereum and Solana). */
export const web3GrantError = (): GoTrueError => errors.web3Disabled();
