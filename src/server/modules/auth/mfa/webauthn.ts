import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { once } from '../../../../shared/once.ts';
import type { StoredWebAuthnCredential, WebAuthnSessionData } from '../../../db/schema/auth.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import type { FactorRow } from '../users/user-store.ts';

/**
 * Passkeys as a second factor (auth-js `mfa.webauthn.*`, GoTrue's WebAuthn MFA), with
 * @simplewebauthn/server doing the ceremonies. The challenge answers `webauthn.type` `create` for a
 * factor not yet registered and `request` once it is, with `credential_options.publicKey` in the
 * WebAuthn JSON form auth-js deserialises; verify takes `webauthn.credential_response` as auth-js
 * serialises it (the credential's toJSON()).
 */

export interface WebAuthnParams {
  rpId?: string;
  rpOrigins?: string[];
  type?: string;
  credential_response?: unknown;
}

/** @simplewebauthn/server (with the @peculiar/asn1 parsers), loaded at the first passkey ceremony, not with the server (~25 MB). */
const loadWebAuthn = once(() => import('@simplewebauthn/server'));

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const USER_VERIFICATION = 'preferred';

/**
 * The WebAuthn Level 3 `hints` for signing in with a registered passkey, from the transports it reported.
 * auth-js asks for a roaming security key by default (`hints: ['security-key']`), and the options sent
 * here are merged over its defaults: a passkey kept on the device (transport `internal`: Touch ID, Windows
 * Hello) or on a phone (`hybrid`) is asked for where it is. A security key keeps auth-js's default.
 */
export function requestHints(transports: readonly string[] | undefined): string[] | undefined {
  if (transports?.includes('internal')) return ['client-device'];
  if (transports?.includes('hybrid')) return ['hybrid'];
  return undefined;
}

/**
 * The relying party a ceremony is made for. auth-js sends the page's host and origin; we accept only
 * our own site's origin (and, on a loopback site, the other loopback names, as redirects do), and an
 * RP ID that is that origin's host or a parent domain of it.
 */
export function relyingParty(siteOrigin: string, params: WebAuthnParams | undefined): { rpId: string; origins: string[] } {
  const site = new URL(siteOrigin);
  const origins = params?.rpOrigins && params.rpOrigins.length > 0 ? params.rpOrigins : [site.origin];
  for (const origin of origins) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw errors.validation(`rpOrigins: ${origin} is not an origin`);
    }
    const sameSite = url.origin === site.origin;
    const loopback = LOOPBACK.has(site.hostname) && LOOPBACK.has(url.hostname) && url.protocol === site.protocol;
    if (!sameSite && !loopback) throw errors.validation(`rpOrigins: ${origin} is not this site`);
  }
  const rpId = params?.rpId ?? new URL(origins[0] ?? site.origin).hostname;
  const matches = origins.some((origin) => {
    const host = new URL(origin).hostname;
    return host === rpId || host.endsWith(`.${rpId}`);
  });
  if (!matches) throw errors.validation(`rpId: ${rpId} does not match the origins`);
  return { rpId, origins: origins.map((origin) => new URL(origin).origin) };
}

/** The options the authenticator is asked with, and what verify will check the answer against. */
export async function webauthnChallenge(
  factor: FactorRow,
  user: { id: string; email: string | null },
  registered: StoredWebAuthnCredential[],
  party: { rpId: string; origins: string[] },
  rpName: string,
): Promise<{ options: Record<string, unknown>; session: WebAuthnSessionData }> {
  const { generateAuthenticationOptions, generateRegistrationOptions } = await loadWebAuthn();
  if (factor.status === 'unverified' || !factor.webauthnCredential) {
    const options = await generateRegistrationOptions({
      rpName,
      rpID: party.rpId,
      userName: user.email ?? user.id,
      userID: new TextEncoder().encode(user.id),
      userDisplayName: user.email ?? '',
      attestationType: 'none',
      excludeCredentials: registered.map((credential) => ({ id: credential.id, transports: credential.transports })),
      authenticatorSelection: { residentKey: 'discouraged', userVerification: USER_VERIFICATION },
    });
    return { options: { ...options }, session: { type: 'create', challenge: options.challenge, ...party } };
  }
  const credential = factor.webauthnCredential;
  const options = await generateAuthenticationOptions({
    rpID: party.rpId,
    allowCredentials: [{ id: credential.id, transports: credential.transports }],
    userVerification: USER_VERIFICATION,
  });
  const hints = requestHints(credential.transports);
  return { options: { ...options, ...(hints ? { hints } : {}) }, session: { type: 'request', challenge: options.challenge, ...party } };
}

const failed = (detail: string) => new GoTrueError(422, 'mfa_verification_failed', `WebAuthn verification failed: ${detail}`);

/**
 * Checks the authenticator's answer against the challenge's session data: a registration stores the
 * new credential; an assertion must come from the registered credential with a growing counter.
 */
export async function verifyWebAuthn(
  factor: FactorRow,
  session: WebAuthnSessionData,
  params: WebAuthnParams | undefined,
): Promise<StoredWebAuthnCredential> {
  if (!params?.credential_response || typeof params.credential_response !== 'object') {
    throw errors.validation('webauthn.credential_response is required');
  }
  if (params.type && params.type !== session.type) throw failed(`this challenge expects a ${session.type} ceremony`);
  const expected = {
    expectedChallenge: session.challenge,
    expectedOrigin: session.origins,
    expectedRPID: session.rpId,
    requireUserVerification: false,
  };
  const { verifyAuthenticationResponse, verifyRegistrationResponse } = await loadWebAuthn();
  try {
    if (session.type === 'create') {
      const result = await verifyRegistrationResponse({ response: params.credential_response as RegistrationResponseJSON, ...expected });
      if (!result.verified) throw failed('the registration could not be verified');
      const { credential } = result.registrationInfo;
      return {
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports,
      };
    }
    const stored = factor.webauthnCredential;
    if (!stored) throw failed('the passkey is not registered');
    const result = await verifyAuthenticationResponse({
      response: params.credential_response as AuthenticationResponseJSON,
      ...expected,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: stored.transports,
      },
    });
    if (!result.verified) throw failed('the signature could not be verified');
    return { ...stored, counter: result.authenticationInfo.newCounter };
  } catch (error) {
    if (error instanceof GoTrueError) throw error;
    throw failed(error instanceof Error ? error.message : 'the answer could not be read');
  }
}
