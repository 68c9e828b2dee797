import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authFlowState } from '../../../db/schema/auth.ts';
import { errors } from '../gotrue-errors.ts';
import type { Tx } from '../users/user-store.ts';

export interface PkceParams {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}

const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** Returns the normalised PKCE parameters, `undefined` for the implicit flow (auth-wire.md §3.1–3.2). */
export function readPkceParams(params: PkceParams): { challenge: string; method: 's256' | 'plain' } | undefined {
  const challenge = params.code_challenge ?? undefined;
  const method = params.code_challenge_method?.toLowerCase() ?? undefined;
  if (!challenge && !method) return undefined;
  if (!challenge || !method) {
    throw errors.validation('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (method !== 's256' && method !== 'plain') throw errors.validation(`code challenge method not supported: ${method}`);
  if (!CHALLENGE.test(challenge)) {
    throw errors.validation('code challenge has to be between 43 and 128 characters and only contain URL-safe characters');
  }
  return { challenge, method };
}

export function verifyCodeChallenge(challenge: string, method: string, verifier: string): boolean {
  const expected = method.toLowerCase() === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface NewFlowState {
  /** Absent for an implicit OAuth flow, which still needs a flow state for its `state`. */
  challenge?: { challenge: string; method: string };
  providerType: string;
  authenticationMethod: string;
  redirectTo: string;
  userId?: string;
  providerCodeVerifier?: string;
  providerNonce?: string;
  linkingTargetId?: string;
}

export async function createFlowState(tx: Tx, input: NewFlowState): Promise<string> {
  const [row] = await tx
    .insert(authFlowState)
    .values({
      codeChallenge: input.challenge?.challenge,
      codeChallengeMethod: input.challenge?.method,
      providerType: input.providerType,
      authenticationMethod: input.authenticationMethod,
      redirectTo: input.redirectTo,
      userId: input.userId,
      providerCodeVerifier: input.providerCodeVerifier,
      providerNonce: input.providerNonce,
      linkingTargetId: input.linkingTargetId,
    })
    .returning({ id: authFlowState.id });
  if (!row) throw new Error('createFlowState: insert returned nothing');
  return row.id;
}

/** Attaches the user and issues the single-use auth code the client exchanges with its verifier. */
export async function issueAuthCode(
  tx: Tx,
  flowStateId: string,
  userId: string,
  extra: { providerAccessToken?: string; providerRefreshToken?: string } = {},
): Promise<string> {
  const code = randomUUID();
  await tx
    .update(authFlowState)
    .set({ userId, authCode: code, authCodeIssuedAt: new Date(), updatedAt: new Date(), ...extra })
    .where(eq(authFlowState.id, flowStateId));
  return code;
}
