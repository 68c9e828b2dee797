import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../../db/client.ts';
import { type OneTimeTokenType, authOneTimeTokens, authUsers } from '../../../db/schema/auth.ts';
import { enqueueEmail } from '../../../platform/mail/mail.service.ts';
import type { AuthDeps } from '../context.ts';
import { errors } from '../gotrue-errors.ts';
import type { Tx, UserRow } from '../users/user-store.ts';

/** Where an e-mailed link leads: the validated `redirect_to` (or the site root), through our auth base. */
export interface LinkTarget {
  redirectTo: string;
  authBase: string;
}

export type EmailLinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

const TOKEN_TYPE = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token',
} as const;

/** GoTrue's `token_hash`: lower-case hex SHA-224 of e-mail + the 6-digit code (auth-wire.md §2.4). */
export function emailTokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

export function tokenTypeFor(type: EmailLinkType): (typeof TOKEN_TYPE)[EmailLinkType] {
  return TOKEN_TYPE[type];
}

/** Sign-up and invitation links confirm the address; both are timed from `confirmation_sent_at`. */
const confirmsEmail = (type: EmailLinkType) => type === 'signup' || type === 'invite';

function sentAtOf(user: UserRow, type: EmailLinkType): Date | null {
  return confirmsEmail(type) ? user.confirmationSentAt : user.recoverySentAt;
}

/** One e-mail of a kind per user per interval (GoTrue's SMTP_MAX_FREQUENCY, auth-wire.md §5.3). */
/** How long until another e-mail of this kind may go to the user (0: now). */
export function emailIntervalWaitMs(deps: AuthDeps, user: UserRow, type: EmailLinkType): number {
  const sentAt = sentAtOf(user, type);
  const intervalMs = deps.env.AUTH_EMAIL_MIN_INTERVAL_SECONDS * 1000;
  if (!sentAt || intervalMs === 0) return 0;
  return Math.max(0, sentAt.getTime() + intervalMs - Date.now());
}

export function checkEmailInterval(deps: AuthDeps, user: UserRow, type: EmailLinkType): void {
  const waitMs = emailIntervalWaitMs(deps, user, type);
  if (waitMs > 0) throw errors.emailRateLimited(Math.ceil(waitMs / 1000));
}

const SUBJECTS: Record<EmailLinkType, string> = {
  signup: 'Confirm your ComplianceCore account',
  invite: 'You have been invited to ComplianceCore',
  magiclink: 'Your ComplianceCore sign-in link',
  recovery: 'Reset your ComplianceCore password',
  email_change: 'Confirm your new e-mail address',
};

const INTROS: Record<EmailLinkType, string> = {
  signup: 'Confirm your e-mail address to finish creating your ComplianceCore account.',
  // The app's own invitations pass their own line, naming who invited (modules/access/invitation-words.ts).
  invite: 'You have been invited to ComplianceCore. Accept the invitation to sign in, then choose a password on your profile.',
  magiclink: 'Use this link to sign in to ComplianceCore.',
  recovery: 'Use this link to choose a new ComplianceCore password.',
  email_change: 'Confirm this address as the new e-mail of your ComplianceCore account.',
};

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * GoTrue's link (`/verify?token=…`, which signs in through the URL) for most kinds. An invitation
 * instead opens the site's own acceptance step (`/auth?token_hash=…&type=invite`, GoTrue's
 * `{{ .TokenHash }}` template pattern): the browser client runs the PKCE flow, which an
 * administrator's invitation cannot start, and nothing is spent until the invitee presses Accept —
 * a mail scanner opening the link does not use it up.
 */
function emailLink(input: SendEmailLinkInput, hash: string): string {
  if (input.type === 'invite') {
    const landing = new URL(input.redirectTo);
    const accept = new URL('/auth', landing.origin);
    accept.search = new URLSearchParams({ token_hash: hash, type: 'invite', redirect: `${landing.pathname}${landing.search}` }).toString();
    return accept.toString();
  }
  return verifyLink(input.authBase, hash, input.type, input.redirectTo);
}

/** GoTrue's e-mail action link: `<auth base>/verify?token=<hash>&type=<type>&redirect_to=<target>`. */
export function verifyLink(authBase: string, hash: string, type: EmailLinkType, redirectTo: string): string {
  return `${authBase}/verify?${new URLSearchParams({ token: hash, type, redirect_to: redirectTo })}`;
}

export interface SendEmailLinkInput {
  user: UserRow;
  type: EmailLinkType;
  /** The address the mail goes to (the new address for an e-mail change). */
  to: string;
  /** Already validated against the allow-list. */
  redirectTo: string;
  authBase: string;
  /** PKCE: the flow state the link completes; the stored hash gets the `pkce_` prefix. */
  flowStateId?: string;
  /** The mail's opening line instead of the kind's default (an invitation says who invited the person). */
  intro?: string;
}

/**
 * Stores a fresh one-time token (replacing the previous one of its kind) and queues the e-mail
 * (with its delivery job) in the same transaction. The link and the 6-digit code share one secret.
 */
export async function sendEmailLink(tx: Db | DbTransaction, deps: AuthDeps, input: SendEmailLinkInput): Promise<void> {
  const { otp, hash } = await storeEmailToken(tx, input);
  const link = emailLink(input, hash);
  const minutes = Math.round(deps.env.AUTH_EMAIL_OTP_EXPIRY_SECONDS / 60);
  const intro = input.intro ?? INTROS[input.type];
  await enqueueEmail(tx, deps.jobs, {
    kind: `auth.${input.type}`,
    to: input.to,
    subject: SUBJECTS[input.type],
    text: `${intro}\n\n${link}\n\nOr enter this code: ${otp}\n\nThe link and the code work once and expire in ${minutes} minutes. If you did not ask for this, ignore this e-mail.`,
    html:
      `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(SUBJECTS[input.type])}</a></p>` +
      `<p>Or enter this code: <strong>${otp}</strong></p>` +
      `<p>The link and the code work once and expire in ${minutes} minutes. If you did not ask for this, ignore this e-mail.</p>`,
  });
}

/** A fresh 6-digit code: the secret both of an e-mailed link and of the code shown beside it. */
export function newEmailOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stores a fresh one-time token of the link's kind (replacing the previous one) and stamps the
 * user's `confirmation_sent_at` or `recovery_sent_at`; answers the code and the stored hash. Used
 * by `sendEmailLink` and by the admin's generate_link, which hands the link over instead of mailing it.
 */
export async function storeEmailToken(
  tx: Tx,
  input: Pick<SendEmailLinkInput, 'user' | 'type' | 'to' | 'flowStateId'>,
): Promise<{ otp: string; hash: string }> {
  const otp = newEmailOtp();
  const hash = (input.flowStateId ? 'pkce_' : '') + emailTokenHash(input.to, otp);
  await storeOneTimeToken(tx, {
    userId: input.user.id,
    tokenType: tokenTypeFor(input.type),
    hash,
    relatesTo: input.to,
    flowStateId: input.flowStateId,
  });
  const now = new Date();
  await tx
    .update(authUsers)
    .set(confirmsEmail(input.type) ? { confirmationSentAt: now } : { recoverySentAt: now })
    .where(eq(authUsers.id, input.user.id));
  return { otp, hash };
}

/** One token per user and kind: a new one replaces the last (and restarts its expiry). */
export async function storeOneTimeToken(
  tx: Tx,
  input: { userId: string; tokenType: OneTimeTokenType; hash: string; relatesTo: string; flowStateId?: string },
): Promise<void> {
  const now = new Date();
  await tx
    .insert(authOneTimeTokens)
    .values({
      userId: input.userId,
      tokenType: input.tokenType,
      tokenHash: input.hash,
      relatesTo: input.relatesTo,
      flowStateId: input.flowStateId,
    })
    .onConflictDoUpdate({
      target: [authOneTimeTokens.userId, authOneTimeTokens.tokenType],
      set: { tokenHash: input.hash, relatesTo: input.relatesTo, flowStateId: input.flowStateId ?? null, createdAt: now, updatedAt: now },
    });
}
