import { and, eq, inArray } from 'drizzle-orm';
import { authFlowState, authOneTimeTokens, authUsers } from '../../../db/schema/auth.ts';
import type { AuthDeps, ClientInfo } from '../context.ts';
import { isValidEmail } from '../../../../shared/rules/email.ts';
import { emailTokenHash } from './send-email-link.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import { issueAuthCode } from '../tokens/pkce.ts';
import { type SessionResponse, sessionResponse, startSession } from '../tokens/sessions.ts';
import { type Tx, markEmailVerified, normalizeEmail } from '../users/user-store.ts';

export const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

const TOKEN_TYPES: Record<VerifyType, ('confirmation_token' | 'recovery_token' | 'email_change_token')[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email_change: ['email_change_token'],
  // `email` accepts either the confirmation or the recovery token (auth-wire.md §2.4).
  email: ['confirmation_token', 'recovery_token'],
};

export interface ConsumedToken {
  userId: string;
  flowStateId: string | null;
  tokenType: string;
}

/**
 * Consumes a one-time token (single use, expiring) and applies what it proves: a confirmed
 * e-mail address, or a new e-mail address for an e-mail change.
 */
export async function consumeEmailToken(tx: Tx, deps: AuthDeps, hashes: string[], type: VerifyType): Promise<ConsumedToken> {
  const [token] = await tx
    .select()
    .from(authOneTimeTokens)
    .where(and(inArray(authOneTimeTokens.tokenHash, hashes), inArray(authOneTimeTokens.tokenType, TOKEN_TYPES[type])))
    .for('update');
  if (!token) throw errors.otpExpired();
  await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, token.id));
  if (Date.now() - token.updatedAt.getTime() > deps.env.AUTH_EMAIL_OTP_EXPIRY_SECONDS * 1000) throw errors.otpExpired();
  const [user] = await tx.select().from(authUsers).where(eq(authUsers.id, token.userId));
  if (!user) throw errors.otpExpired();
  const now = new Date();
  if (token.tokenType === 'email_change_token') {
    const email = normalizeEmail(token.relatesTo);
    const [taken] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
    if (taken && taken.id !== user.id)
      throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
    await tx
      .update(authUsers)
      .set({ email, emailConfirmedAt: user.emailConfirmedAt ?? now, updatedAt: now })
      .where(eq(authUsers.id, user.id));
    await markEmailVerified(tx, user.id, email);
  } else if (!user.emailConfirmedAt) {
    if (normalizeEmail(token.relatesTo) !== user.email) throw errors.otpExpired();
    await tx.update(authUsers).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(authUsers.id, user.id));
    await markEmailVerified(tx, user.id);
  }
  return { userId: user.id, flowStateId: token.flowStateId, tokenType: token.tokenType };
}

export type LinkOutcome = { kind: 'implicit'; response: SessionResponse } | { kind: 'pkce'; code: string; redirectTo: string };

/** GET /verify: the e-mail link. PKCE links (`pkce_…`) yield an auth code, others a session (AMR `otp`). */
export async function verifyEmailLink(deps: AuthDeps, token: string, type: VerifyType, client: ClientInfo): Promise<LinkOutcome> {
  const outcome = await deps.db.transaction(async (tx) => {
    const consumed = await consumeEmailToken(tx, deps, [token], type);
    if (token.startsWith('pkce_') && consumed.flowStateId) {
      const [flow] = await tx.select().from(authFlowState).where(eq(authFlowState.id, consumed.flowStateId));
      if (!flow) throw new GoTrueError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      const code = await issueAuthCode(tx, flow.id, consumed.userId);
      return { kind: 'pkce' as const, code, redirectTo: flow.redirectTo };
    }
    const { session, refreshToken } = await startSession(tx, { userId: consumed.userId, method: 'otp', client, provider: 'email' });
    return { kind: 'implicit' as const, session, refreshToken };
  });
  if (outcome.kind === 'pkce') return outcome;
  return { kind: 'implicit', response: await sessionResponse(deps, deps.db, outcome.session, outcome.refreshToken) };
}

export interface VerifyOtpInput {
  email?: string;
  phone?: string;
  token?: string;
  token_hash?: string;
  type?: string;
}

/** Phone OTPs (GoTrue's `sms` and `phone_change`): we offer no phone sign-in, so no such code exists. */
const PHONE_TYPES = new Set(['sms', 'phone_change']);
const E164 = /^[1-9]\d{1,14}$/;

/**
 * The token hashes a `verifyOtp` body names, checked in GoTrue's order (verify.go `Validate`):
 * type, then exactly one of token and token_hash, then the phone's or the e-mail's format.
 */
function requestedHashes(input: VerifyOtpInput): string[] {
  const type = input.type ?? '';
  if (!type) throw errors.validation('Verify requires a verification type');
  if (Boolean(input.token) === Boolean(input.token_hash)) throw errors.validation('Verify requires either a token or a token hash');
  if (input.token_hash) {
    if (input.email || input.phone) throw errors.validation('Only the token_hash and type should be provided');
    return [input.token_hash];
  }
  const token = (input.token ?? '').trim();
  if (input.phone && PHONE_TYPES.has(type)) {
    if (!E164.test(input.phone.replace(/^\+/, '').replaceAll(' ', '')))
      throw errors.validation('Invalid phone number format (E.164 required)');
    return [];
  }
  if (!input.email) throw errors.validation('Only an email address or phone number should be provided on verify');
  const email = normalizeEmail(input.email);
  // GoTrue's words and status for this one route (verify.go): 422, not /signup's 400.
  if (!isValidEmail(email)) throw new GoTrueError(422, 'validation_failed', 'Invalid email format');
  const hash = emailTokenHash(email, token);
  return [hash, `pkce_${hash}`];
}

/**
 * POST /verify (`verifyOtp`): `{email, token, type}` or `{token_hash, type}`; 200 Session. A type
 * we have no codes for (`sms`, `phone_change`, anything unknown) finds no token: 403 otp_expired,
 * as GoTrue answers an unknown code.
 */
export async function verifyOtp(deps: AuthDeps, input: VerifyOtpInput, client: ClientInfo): Promise<SessionResponse> {
  const hashes = requestedHashes(input);
  const type = input.type as VerifyType;
  if (hashes.length === 0 || !VERIFY_TYPES.includes(type)) throw errors.otpExpired();
  const created = await deps.db.transaction(async (tx) => {
    const consumed = await consumeEmailToken(tx, deps, hashes, type);
    if (consumed.flowStateId) await tx.delete(authFlowState).where(eq(authFlowState.id, consumed.flowStateId));
    return startSession(tx, { userId: consumed.userId, method: 'otp', client, provider: 'email' });
  });
  return sessionResponse(deps, deps.db, created.session, created.refreshToken);
}
