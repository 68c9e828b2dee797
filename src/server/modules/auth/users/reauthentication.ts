import { and, eq } from 'drizzle-orm';
import { authOneTimeTokens } from '../../../db/schema/auth.ts';
import { enqueueEmail } from '../../../platform/mail/mail.service.ts';
import type { AuthDeps } from '../context.ts';
import { emailTokenHash, newEmailOtp, storeOneTimeToken } from '../email/send-email-link.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import type { RequestUser } from '../request-user.ts';
import type { Tx } from './user-store.ts';

/**
 * Reauthentication (auth-js `reauthenticate()`, GoTrue's reauthenticate.go): a 6-digit nonce by
 * e-mail that `updateUser({ password, nonce })` spends. With AUTH_SECURE_PASSWORD_CHANGE (GoTrue's
 * secure password change) a password change needs one unless the session began within the last
 * 24 hours, as in GoTrue: a fresh sign-in (or a recovery link) has just proven the user.
 */

export const RECENT_SIGN_IN_MS = 24 * 3_600_000;

const INVALID_NONCE = 'Nonce has expired or is invalid';

const tokenOf = (userId: string) => and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.tokenType, 'reauthentication_token'));

/** GET /reauthenticate: mails a fresh nonce to the user's confirmed address; `{}`. */
export async function sendReauthenticationNonce(deps: AuthDeps, current: RequestUser): Promise<void> {
  const email = current.user.email;
  if (!email) throw errors.validation('Reauthentication requires the user to have an email or a phone number');
  if (!current.user.emailConfirmedAt) throw new GoTrueError(422, 'email_not_confirmed', 'Please verify your email first.');
  await deps.db.transaction(async (tx) => {
    const [previous] = await tx.select().from(authOneTimeTokens).where(tokenOf(current.user.id)).for('update');
    const waitMs = previous ? previous.updatedAt.getTime() + deps.env.AUTH_EMAIL_MIN_INTERVAL_SECONDS * 1000 - Date.now() : 0;
    if (waitMs > 0) throw errors.emailRateLimited(Math.ceil(waitMs / 1000));
    const otp = newEmailOtp();
    await storeOneTimeToken(tx, {
      userId: current.user.id,
      tokenType: 'reauthentication_token',
      hash: emailTokenHash(email, otp),
      relatesTo: email,
    });
    const minutes = Math.round(deps.env.AUTH_EMAIL_OTP_EXPIRY_SECONDS / 60);
    const intro = 'Enter this code to confirm it is you before changing your ComplianceCore password:';
    const outro = `The code works once and expires in ${minutes} minutes. If you did not ask for it, change your password now.`;
    await enqueueEmail(tx, deps.jobs, {
      kind: 'auth.reauthentication',
      to: email,
      subject: 'Your ComplianceCore confirmation code',
      text: `${intro}\n\n${otp}\n\n${outro}`,
      html: `<p>${intro}</p><p><strong>${otp}</strong></p><p>${outro}</p>`,
    });
  });
}

/** Whether a password change by this session needs a nonce. */
export function passwordChangeNeedsNonce(deps: AuthDeps, current: RequestUser): boolean {
  return deps.env.AUTH_SECURE_PASSWORD_CHANGE && Date.now() - current.session.createdAt.getTime() > RECENT_SIGN_IN_MS;
}

/**
 * Spends the nonce in the transaction that changes the password, so a failed change leaves it
 * usable and a successful one leaves it spent. GoTrue's codes: 400 reauthentication_needed without
 * one, 422 reauthentication_not_valid for a wrong or expired one.
 */
export async function spendReauthenticationNonce(tx: Tx, deps: AuthDeps, current: RequestUser, nonce: string | undefined): Promise<void> {
  if (!nonce) throw new GoTrueError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  const [token] = await tx.select().from(authOneTimeTokens).where(tokenOf(current.user.id));
  const expired = !token || Date.now() - token.updatedAt.getTime() > deps.env.AUTH_EMAIL_OTP_EXPIRY_SECONDS * 1000;
  if (expired || token.tokenHash !== emailTokenHash(current.user.email ?? '', nonce.trim())) {
    throw new GoTrueError(422, 'reauthentication_not_valid', INVALID_NONCE);
  }
  await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, token.id));
}
