import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { authMfaChallenges, authMfaFactors, authRefreshTokens, authSessions } from '../../../db/schema/auth.ts';
import type { AuthDeps, ClientInfo } from '../context.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import { checkSmsCode, checkTotp, hashSmsCode, newSmsCode, newTotpSecret, normalizePhone } from './mfa-codes.ts';
import type { RequestUser } from '../request-user.ts';
import { type SessionResponse, addAmr, issueRefreshToken, sessionResponse } from '../tokens/sessions.ts';
import { isUuid } from '../uuid.ts';
import { type WebAuthnParams, relyingParty, verifyWebAuthn, webauthnChallenge } from './webauthn.ts';
import type { StoredWebAuthnCredential } from '../../../db/schema/auth.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Tx } from '../users/user-store.ts';

const MAX_FACTORS = 10;
const AMR_METHOD = { totp: 'totp', phone: 'mfa/phone', webauthn: 'mfa/webauthn' } as const;
const UNVERIFIED_FACTOR_TTL_MS = 300_000;
export const CHALLENGE_TTL_MS = 300_000;
const PHONE_CHALLENGE_INTERVAL_MS = 60_000;

export interface EnrollInput {
  factor_type?: string;
  friendly_name?: string;
  issuer?: string;
  phone?: string;
}

export function factorNotFound(): GoTrueError {
  return new GoTrueError(404, 'mfa_factor_not_found', 'Factor not found');
}

/** POST /factors (auth-wire.md §2.10 "Checks at enroll"). */
export async function enrollFactor(
  deps: AuthDeps,
  current: RequestUser,
  input: EnrollInput,
  defaultIssuer: string,
): Promise<Record<string, unknown>> {
  const type = input.factor_type;
  if (type !== 'totp' && type !== 'phone' && type !== 'webauthn')
    throw errors.validation('factor_type needs to be totp, phone or webauthn');
  if (type === 'phone' && deps.env.AUTH_MFA_PHONE_DISABLED)
    throw new GoTrueError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  const userId = current.user.id;
  await deps.db
    .delete(authMfaFactors)
    .where(
      and(
        eq(authMfaFactors.userId, userId),
        eq(authMfaFactors.status, 'unverified'),
        lt(authMfaFactors.createdAt, new Date(Date.now() - UNVERIFIED_FACTOR_TTL_MS)),
        or(isNull(authMfaFactors.lastChallengedAt), lt(authMfaFactors.lastChallengedAt, new Date(Date.now() - UNVERIFIED_FACTOR_TTL_MS))),
      ),
    );
  let factors = await deps.db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, userId));
  const verified = factors.filter((factor) => factor.status === 'verified');
  if (verified.length > 0 && current.session.aal !== 'aal2') throw errors.insufficientAal('AAL2 required to enroll a new factor');
  let phone: string | undefined;
  if (type === 'phone') {
    phone = normalizePhone(input.phone ?? '');
    if (!phone) throw errors.validation('Invalid phone number format (E.164 required)');
    if (verified.some((factor) => factor.phone === phone)) {
      throw new GoTrueError(
        422,
        'mfa_verified_factor_exists',
        'A verified phone factor already exists, unenroll the existing factor to continue',
      );
    }
    const stale = factors.filter((factor) => factor.status === 'unverified' && factor.phone === phone);
    for (const factor of stale) await deps.db.delete(authMfaFactors).where(eq(authMfaFactors.id, factor.id));
    factors = factors.filter((factor) => !stale.includes(factor));
  }
  if (factors.length >= MAX_FACTORS || verified.length >= MAX_FACTORS) {
    throw new GoTrueError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  const friendlyName = input.friendly_name ?? '';
  if (factors.some((factor) => factor.friendlyName === friendlyName)) throw nameConflict(friendlyName);
  const id = randomUUID();
  if (type === 'webauthn') {
    // The passkey itself is made at the first challenge (`create`) and stored when that is verified.
    await insertFactor(deps, { id, userId, friendlyName, factorType: 'webauthn' });
    return { id, type: 'webauthn', friendly_name: friendlyName };
  }
  if (type === 'phone') {
    await insertFactor(deps, { id, userId, friendlyName, factorType: 'phone', phone });
    return { id, type: 'phone', friendly_name: friendlyName, phone: input.phone };
  }
  if (!current.user.email) throw errors.validation('A TOTP factor needs an e-mail address as its account name');
  const { secret, uri, qrCode } = await newTotpSecret(input.issuer || defaultIssuer, current.user.email);
  await insertFactor(deps, { id, userId, friendlyName, factorType: 'totp', secret: deps.sealer.seal(secret) });
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } };
}

const nameConflict = (friendlyName: string) =>
  new GoTrueError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);

/** Two enrolments racing with one name: the database's unique index decides, and the loser hears why. */
async function insertFactor(deps: AuthDeps, values: typeof authMfaFactors.$inferInsert): Promise<void> {
  try {
    await deps.db.insert(authMfaFactors).values(values);
  } catch (error) {
    if (isUniqueViolation(error, 'mfa_factors_user_friendly_name_key')) throw nameConflict(values.friendlyName ?? '');
    throw error;
  }
}

/** POST /factors/{id}/challenge: bound to the caller's IP; phone factors get an SMS code. */
export async function challengeFactor(
  deps: AuthDeps,
  current: RequestUser,
  factorId: string,
  client: ClientInfo,
  webauthn: { params: WebAuthnParams | undefined; siteOrigin: string },
): Promise<Record<string, unknown>> {
  const [factor] = await deps.db
    .select()
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.userId, current.user.id)));
  if (!factor) throw factorNotFound();
  const id = randomUUID();
  const now = new Date();
  if (factor.factorType === 'phone') {
    if (deps.env.AUTH_MFA_PHONE_DISABLED)
      throw new GoTrueError(422, 'mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
    const waitMs = (factor.lastChallengedAt?.getTime() ?? 0) + PHONE_CHALLENGE_INTERVAL_MS - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new GoTrueError(
        429,
        'over_sms_send_rate_limit',
        `For security purposes, you can only request this after ${seconds} seconds.`,
        {},
        { 'retry-after': String(seconds) },
      );
    }
    const code = newSmsCode();
    await deps.db.insert(authMfaChallenges).values({ id, factorId, ipAddress: client.ip, otpHash: hashSmsCode(id, code), createdAt: now });
    await deps.sms.send({ to: `+${factor.phone ?? ''}`, text: `Your code is ${code}` });
  } else if (factor.factorType === 'webauthn') {
    const party = relyingParty(webauthn.siteOrigin, webauthn.params);
    const registered = current.factors.flatMap((row) => (row.webauthnCredential ? [row.webauthnCredential] : []));
    const { options, session } = await webauthnChallenge(factor, current.user, registered, party, new URL(webauthn.siteOrigin).host);
    await deps.db.insert(authMfaChallenges).values({ id, factorId, ipAddress: client.ip, webauthnSessionData: session, createdAt: now });
    await deps.db.update(authMfaFactors).set({ lastChallengedAt: now }).where(eq(authMfaFactors.id, factorId));
    return {
      id,
      type: 'webauthn',
      expires_at: Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000),
      webauthn: { type: session.type, credential_options: { publicKey: options } },
    };
  } else {
    await deps.db.insert(authMfaChallenges).values({ id, factorId, ipAddress: client.ip, createdAt: now });
  }
  await deps.db.update(authMfaFactors).set({ lastChallengedAt: now }).where(eq(authMfaFactors.id, factorId));
  return { id, type: factor.factorType, expires_at: Math.floor((now.getTime() + CHALLENGE_TTL_MS) / 1000) };
}

const challengeNotFound = () => new GoTrueError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');

/**
 * POST /factors/{id}/verify: on success, in one transaction, the factor is verified, the session
 * becomes aal2, its refresh tokens are replaced (an aal1 token must not mint aal2 sessions), the
 * user's other aal1 sessions end and other unverified factors of the type go (auth-wire.md §2.10).
 */
export async function verifyFactor(
  deps: AuthDeps,
  current: RequestUser,
  factorId: string,
  input: { challenge_id?: string; code?: string; webauthn?: WebAuthnParams },
  client: ClientInfo,
): Promise<SessionResponse> {
  if (!input.code && !input.webauthn) throw errors.validation('MFA verification code is required');
  if (!input.challenge_id) throw errors.validation('challenge_id is required');
  const { challenge_id: challengeId } = input;
  const code = input.code ?? '';
  const [factor] = await deps.db
    .select()
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.userId, current.user.id)));
  if (!factor) throw factorNotFound();
  if (!isUuid(challengeId)) throw challengeNotFound();
  const result = await deps.db.transaction(async (tx) => {
    const [challenge] = await tx
      .select()
      .from(authMfaChallenges)
      .where(and(eq(authMfaChallenges.id, challengeId), eq(authMfaChallenges.factorId, factorId)))
      .for('update');
    if (!challenge) return { error: challengeNotFound() };
    if (challenge.verifiedAt || challenge.ipAddress !== client.ip) {
      return {
        error: new GoTrueError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch. Try enrollment again.'),
      };
    }
    if (Date.now() - challenge.createdAt.getTime() > CHALLENGE_TTL_MS) {
      await tx.delete(authMfaChallenges).where(eq(authMfaChallenges.id, challenge.id));
      return {
        error: new GoTrueError(
          422,
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        ),
      };
    }
    let credential: StoredWebAuthnCredential | undefined;
    if (factor.factorType === 'webauthn') {
      if (!challenge.webauthnSessionData) return { error: challengeNotFound() };
      try {
        credential = await verifyWebAuthn(factor, challenge.webauthnSessionData, input.webauthn);
      } catch (error) {
        if (error instanceof GoTrueError) return { error };
        throw error;
      }
    } else {
      const valid =
        factor.factorType === 'totp'
          ? checkTotp(deps.sealer.open(factor.secret ?? ''), code.trim())
          : checkSmsCode(challenge.id, challenge.otpHash ?? '', code);
      if (!valid) {
        const message = factor.factorType === 'totp' ? 'Invalid TOTP code entered' : 'Invalid MFA Phone code entered';
        return { error: new GoTrueError(422, 'mfa_verification_failed', message) };
      }
    }
    const now = new Date();
    await tx.update(authMfaChallenges).set({ verifiedAt: now }).where(eq(authMfaChallenges.id, challenge.id));
    await tx
      .update(authMfaFactors)
      .set({ status: 'verified', updatedAt: now, ...(credential ? { webauthnCredential: credential } : {}) })
      .where(eq(authMfaFactors.id, factor.id));
    const { amr, aal } = addAmr(current.session.amr, AMR_METHOD[factor.factorType]);
    const [session] = await tx
      .update(authSessions)
      .set({ amr, aal, factorId: factor.id, updatedAt: now })
      .where(eq(authSessions.id, current.session.id))
      .returning();
    if (!session) return { error: errors.sessionNotFound() };
    // Deleted, not revoked: a revoked token stays usable for the reuse window, and an aal1 token
    // presented then would mint a child of the now-aal2 session.
    await tx.delete(authRefreshTokens).where(eq(authRefreshTokens.sessionId, session.id));
    const refreshToken = await issueRefreshToken(tx, session, null);
    await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, current.user.id), ne(authSessions.id, session.id), eq(authSessions.aal, 'aal1')));
    await tx
      .delete(authMfaFactors)
      .where(
        and(
          eq(authMfaFactors.userId, current.user.id),
          eq(authMfaFactors.factorType, factor.factorType),
          eq(authMfaFactors.status, 'unverified'),
          ne(authMfaFactors.id, factor.id),
        ),
      );
    return { session, refreshToken };
  });
  if (result.error) throw result.error;
  if (!result.session || !result.refreshToken) throw new Error('verifyFactor: no session');
  return sessionResponse(deps, deps.db, result.session, result.refreshToken);
}

/** DELETE /factors/{id}: a verified factor needs aal2; sessions it raised drop back to aal1. */
export async function unenrollFactor(deps: AuthDeps, current: RequestUser, factorId: string): Promise<{ id: string }> {
  const factor = current.factors.find((row) => row.id === factorId);
  if (!factor) throw factorNotFound();
  if (factor.status === 'verified' && current.session.aal !== 'aal2') {
    throw new GoTrueError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await deps.db.transaction(async (tx) => removeFactor(tx, factor.id));
  return { id: factor.id };
}

/** Deletes a factor; the sessions it raised drop back to aal1 (the user's unenrol and the admin API alike). */
export async function removeFactor(tx: Tx, factorId: string): Promise<void> {
  await tx.delete(authMfaFactors).where(eq(authMfaFactors.id, factorId));
  const raised = await tx.select().from(authSessions).where(eq(authSessions.factorId, factorId));
  for (const session of raised) {
    const amr = session.amr.filter((entry) => !['totp', 'mfa/phone', 'mfa/webauthn'].includes(entry.method));
    await tx.update(authSessions).set({ amr, aal: 'aal1', factorId: null, updatedAt: new Date() }).where(eq(authSessions.id, session.id));
  }
}
